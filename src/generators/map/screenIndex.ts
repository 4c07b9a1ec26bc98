import { walk } from '../../compiler/schemaWalk.ts';
import { rulesFor, screenRow } from './graph.ts';
import type { MapSource } from './source.ts';

/**
 * The screen index of `npm run dev` (served at SCREEN_INDEX_PATH by the Vite plugin, never
 * part of a build): every screen of every funnel with a link, its path, its guards and
 * variants, and for each flag the screen depends on one link per variant, opening the screen
 * with `?variantOverride=flag:variant`. The plain link clears an override set before
 * (`?variantOverride=` with nothing after it). A tool for the people who write funnels, so its
 * words are here rather than in copy/.
 */
export const SCREEN_INDEX_PATH = '/__screens';

export function screenIndexHtml(source: MapSource): string {
  const sections = source.funnels.map(
    (funnel) => `<section>
<h2>${escapeHtml(funnel.name)} <small>${escapeHtml(funnel.file)}</small></h2>
<table>
<thead><tr><th>Screen</th><th>Path</th><th>Title</th><th>Guards</th><th>Variants</th><th>Try a flag</th></tr></thead>
<tbody>
${funnel.screens.map((screen) => screenRowHtml(screen, source)).join('\n')}
</tbody>
</table>
</section>`,
  );
  return page(
    'Screens',
    `<h1>Screens</h1>
<p>Every screen of every funnel (<code>npm run dev</code> only). A path opens the screen with no flag override; a variant
under “Try a flag” opens it with that variant (<code>?variantOverride=flag:variant</code>, kept in a cookie until another
is chosen). A guard may send you elsewhere: log in or out first to see the screen.</p>
${sections.join('\n')}`,
  );
}

type Screen = MapSource['funnels'][number]['screens'][number];

function screenRowHtml(screen: Screen, source: MapSource): string {
  // A path with a `:param` cannot be opened as it is written.
  const param = screen.path.match(/:\w+/)?.[0];
  const href = (query: string) => escapeHtml(`${screen.path}?variantOverride=${query}`);
  const path =
    param === undefined
      ? `<a href="${href('')}">${escapeHtml(screen.path)}</a>`
      : `${escapeHtml(screen.path)} <small>(needs a value for ${escapeHtml(param)})</small>`;
  const toggles = flagsOf(screen, source).map((flag) => {
    const { variants, default: defaultVariant } = source.flags[flag]!;
    const links = variants.map((variant) => {
      const name = escapeHtml(variant === defaultVariant ? `${variant} (default)` : variant);
      return param === undefined ? `<a href="${href(`${flag}:${variant}`)}">${name}</a>` : name;
    });
    return `<div>${escapeHtml(flag)}: ${links.join(' · ')}</div>`;
  });
  const row = screenRow(screen, source);
  return (
    `<tr id="${escapeHtml(screen.id)}"><td>${escapeHtml(screen.id)}</td><td>${path}</td><td>${escapeHtml(row.title ?? '')}</td>` +
    `<td>${lines(row.guards)}</td><td>${lines(row.variants)}</td><td>${toggles.join('')}</td></tr>`
  );
}

/** The same page when the config cannot be compiled: the errors, as `npm run check` prints them. */
export function screenIndexErrorHtml(report: string): string {
  return page(
    'Screens',
    `<h1>Screens</h1><p>The funnel config has errors, so there are no screens to list:</p><pre>${escapeHtml(report)}</pre>`,
  );
}

/** The flags a screen's conditions read (blocks, variants, redirects) and those of the route rules on its path. */
function flagsOf(screen: Screen, source: MapSource): string[] {
  const flags = new Set<string>();
  const visit = (data: unknown) =>
    walk(source.screenSchema, data, (node) => {
      const fact = (node.data as { fact?: unknown } | undefined)?.fact;
      if (node.roles.has('fact') && typeof fact === 'string' && fact.startsWith('flag.')) flags.add(fact.slice('flag.'.length));
    });
  visit(screen);
  for (const rule of rulesFor(screen.path, source.routeRules)) visit({ redirects: [rule.redirect] });
  return [...flags].filter((flag) => source.flags[flag] !== undefined).sort();
}

const lines = (items: string[]) => items.map(escapeHtml).join('<br>');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
table { border-collapse: collapse; width: 100%; margin-bottom: 32px; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f3f3f7; }
small { color: #666; font-weight: normal; }
a { color: #3b2a85; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
