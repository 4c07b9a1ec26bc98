/** `npm run report`: the report's tables as plain text, columns padded, numbers right-aligned. */
import type { Report } from './build.ts';
import { reportSections, type Table } from './tables.ts';

export function reportAsText(report: Report): string {
  const lines = [`Experiments report, ${report.generatedAt}${report.release === null ? '' : `, release ${report.release} only`}`];
  for (const section of reportSections(report)) {
    lines.push('', `== ${section.heading} ==`);
    if (section.tables.length === 0) lines.push('', section.empty);
    for (const table of section.tables) lines.push('', ...tableAsText(table));
  }
  return `${lines.join('\n')}\n`;
}

function tableAsText(table: Table): string[] {
  if (table.rows.length === 0) return [table.caption, `  ${table.empty}`];
  const widths = table.columns.map((column, i) => Math.max(column.label.length, ...table.rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells
      .map((cell, i) => (table.columns[i]!.numeric ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()}`;
  return [
    table.caption,
    line(table.columns.map((c) => c.label)),
    `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`,
    ...table.rows.map(line),
  ];
}
