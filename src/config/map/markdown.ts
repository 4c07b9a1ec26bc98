import type { FunnelMap, MapNode, NodeKind } from './graph.ts';

/**
 * A funnel map as Markdown: a Mermaid flowchart (drawn by GitHub and most Markdown viewers)
 * and a table of the screens. Text from the config goes through `mermaidText` / `cellText`,
 * so quotes, brackets, slashes, `#`, `|` and `<` in paths, titles and conditions can neither
 * break the diagram nor the table.
 */
export function funnelMapMarkdown(map: FunnelMap): string {
  const outside = map.nodes.filter((n) => n.kind !== 'screen').map((n) => n.id);
  const chart = [
    'flowchart TD',
    ...map.nodes.map((n) => `  ${nodeLine(n)}`),
    ...map.edges.map((e) => `  ${e.from} -->|"${mermaidText(e.label)}"| ${e.to}`),
    ...(outside.length > 0 ? ['  classDef outside stroke-dasharray: 4 4', `  class ${outside.join(',')} outside`] : []),
  ];
  const rows = map.screens.map(
    (s) =>
      `| \`${s.id}\` | \`${s.path}\` | ${cellText(s.title ?? '')} | ${s.guards.map(cellText).join('<br>')} | ` +
      `${s.variants.map(cellText).join('<br>')} |`,
  );
  return [
    `# Funnel map: ${map.funnel}`,
    '',
    `Written by \`npm run map\` from \`${map.file}\` and the route rules of the app file. Do not edit it by hand: ` +
      'run `npm run map` after changing the funnel, and commit the result (`npm run check` fails while it is out of date).',
    '',
    "Square boxes are this funnel's screens, rounded ones other funnels' screens, double-edged ones paths only the " +
      'route table answers, hexagons other sites, and round ones a path kept in client state. Each arrow says what ' +
      'leads there (a `link`, a `button`, `form onSubmit`, `plans next`, a `redirect`, a `route rule`...) and, after ' +
      'the colon, when.',
    '',
    '```mermaid',
    ...chart,
    '```',
    '',
    '## Screens',
    '',
    '| Screen | Path | Title | Guards (redirects, in order) | Variants (the first that holds replaces the default blocks) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const shapes: Record<NodeKind, [string, string]> = {
  screen: ['["', '"]'],
  otherScreen: ['(["', '"])'],
  path: ['[["', '"]]'],
  external: ['{{"', '"}}'],
  state: ['("', '")'],
};

function nodeLine(node: MapNode): string {
  const [open, close] = shapes[node.kind];
  return `${node.id}${open}${node.lines.map(mermaidText).join('<br>')}${close}`;
}

/**
 * Text inside a quoted Mermaid label. Mermaid decodes `#name;` and `#123;` entities there, so
 * the characters that would end the label, start an entity, be read as HTML or as Markdown are
 * written as entities.
 */
export function mermaidText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[#"<>&`|]/g, (c) => `#${c.charCodeAt(0)};`)
    .replace(/\[/g, '#91;')
    .replace(/\]/g, '#93;');
}

/** Text in a Markdown table cell: no column break, no HTML, no emphasis or link syntax. */
export function cellText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`);
}
