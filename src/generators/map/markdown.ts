import type { FunnelMap, MapEdge, MapNode, NodeKind } from './graph.ts';

/**
 * A funnel map as Markdown: a Mermaid flowchart (drawn by GitHub and most Markdown viewers)
 * and a table of the screens. Text from the config goes through `mermaidText` / `cellText`,
 * so quotes, brackets, slashes, `#`, `|` and `<` in paths, titles and conditions can neither
 * break the diagram nor the table.
 */
export function funnelMapMarkdown(map: FunnelMap): string {
  const outside = map.nodes.filter((n) => n.kind !== 'screen').map((n) => n.id);
  const grouped = arrows(map.edges);
  const chart = [
    'flowchart TD',
    ...map.nodes.map((n) => `  ${nodeLine(n)}`),
    ...grouped.map((a) => `  ${a.from} -->|"${mermaidText(arrowLabel(a))}"| ${a.to}`),
    ...(outside.length > 0 ? ['  classDef outside stroke-dasharray: 4 4', `  class ${outside.join(',')} outside`] : []),
  ];
  const names = new Map(map.nodes.map((n) => [n.id, n.kind === 'screen' ? `\`${n.lines[0]}\`` : cellText(n.lines[0]!)]));
  const screenRows = map.screens.map(
    (s) =>
      `| \`${s.id}\` | \`${s.path}\` | ${cellText(s.title ?? '')} | ${s.guards.map(cellText).join('<br>')} | ` +
      `${s.variants.map(cellText).join('<br>')} |`,
  );
  const arrowRows = grouped.flatMap((a) =>
    a.edges.map((e) => `| ${e.n} | ${names.get(e.from)} | ${names.get(e.to)} | ${cellText(e.how)} | ${cellText(e.when || 'always')} |`),
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
      'the colon, when; its numbers are those of the table of arrows below, which has every condition in full.',
    '',
    '```mermaid',
    ...chart,
    '```',
    '',
    '## Screens',
    '',
    '| Screen | Path | Title | Guards (redirects, in order) | Variants (the first that holds replaces the default blocks) |',
    '|---|---|---|---|---|',
    ...screenRows,
    '',
    '## Arrows',
    '',
    '| # | From | To | How | When |',
    '|---|---|---|---|---|',
    ...arrowRows,
    '',
  ].join('\n');
}

/** One arrow of the chart: the edges from one node to another started the same way, numbered. */
interface Arrow {
  from: string;
  to: string;
  trigger: string;
  edges: (MapEdge & { n: number })[];
}

/** Labels longer than this show the conditions in the table only. */
const MAX_LABEL = 100;

function arrows(edges: readonly MapEdge[]): Arrow[] {
  const groups = new Map<string, Arrow>();
  for (const edge of edges) {
    const trigger = edge.how.split(' › ')[0]!;
    const key = JSON.stringify([edge.from, edge.to, trigger]);
    const group = groups.get(key) ?? { from: edge.from, to: edge.to, trigger, edges: [] };
    group.edges.push({ ...edge, n: 0 });
    groups.set(key, group);
  }
  let n = 0;
  for (const group of groups.values()) for (const edge of group.edges) edge.n = ++n;
  return [...groups.values()];
}

/**
 * `2. plans next: session.loggedIn`; a label too long to read in a chart leaves the
 * conditions (`: …`) or the steps to the table; edges that share their start and both ends
 * make one arrow, `4–7. form onSubmit (4 ways)`.
 */
function arrowLabel({ trigger, edges }: Arrow): string {
  const first = edges[0]!;
  if (edges.length > 1) return `${first.n}–${edges[edges.length - 1]!.n}. ${trigger} (${edges.length} ways)`;
  const full = first.when ? `${first.how}: ${first.when}` : first.how;
  if (full.length <= MAX_LABEL) return `${first.n}. ${full}`;
  if (first.how.length <= MAX_LABEL) return `${first.n}. ${first.how}: …`;
  return `${first.n}. ${trigger} › …${first.when ? ': …' : ''}`;
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
