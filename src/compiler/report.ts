import { type Diagnostic, fullMessage } from './diagnostic.ts';
import { codeLink, isDiagnosticCode } from './diagnosticCodes.ts';
import type { ConfigFile, SourceFile } from './load.ts';
import { originOf } from './templates.ts';
import { locateNode } from './yamlPath.ts';

/**
 * Prints diagnostics the way `npm run check` shows them:
 *
 *   funnels/login.yaml:12:15: error: Unknown block type 'hedaing'. Did you mean 'heading'?
 *     11 |       - type: heading
 *   > 12 |       - type: hedaing
 *        |               ^^^^^^^
 *     13 |         text: login:title
 *
 * (with `codes: true`, as `npm run check` prints it: `error FL104:` and, after the frame,
 * `  see docs/errors.md#fl104-unknown-value`)
 *
 * then a summary line. Lines and columns are 1-based; colour only when asked (a TTY).
 */

export interface Position {
  line: number;
  column: number;
  /** How many characters to underline on that line (at least 1). */
  length: number;
}

export interface Located {
  diagnostic: Diagnostic;
  position?: Position;
  /** The code frame, without colour; empty when the file has no text to show. */
  frame: string;
  /**
   * When the mistake is in a template a funnel uses: where in the template. `position` is then
   * the funnel's `use:` line.
   */
  inTemplate?: { file: SourceFile; position: Position; frame: string };
}

export interface ReportOptions {
  color?: boolean;
  /**
   * Print each diagnostic's code after its severity (`error FL101: ...`) and a line under it
   * naming its page in docs/errors.md. Off by default: the checker tests compare reports without.
   */
  codes?: boolean;
}

const ansi = {
  red: (s: string) => `\x1b[31m${s}\x1b[39m`,
  yellow: (s: string) => `\x1b[33m${s}\x1b[39m`,
  bold: (s: string) => `\x1b[1m${s}\x1b[22m`,
  dim: (s: string) => `\x1b[2m${s}\x1b[22m`,
};

export function locateDiagnostic(diagnostic: Diagnostic, file: SourceFile | undefined): Located {
  if (!file || diagnostic.at === 'file') return { diagnostic, frame: '' };
  const found = diagnostic.offset
    ? { range: diagnostic.offset, node: undefined }
    : locateNode(file.doc, diagnostic.path, diagnostic.at as 'value' | 'key' | 'firstKey' | undefined);
  if (!found) return { diagnostic, frame: '' };
  const origin = (file as ConfigFile).origin ? originOf(file as ConfigFile, found.node) : undefined;
  if (origin?.fromTemplate) {
    const inTemplate = positionIn(origin.file, found.range);
    const usedAt = (file as ConfigFile).origin?.usedAt;
    const atUse = usedAt ? positionIn(file, usedAt) : { position: { line: 1, column: 1, length: 1 }, frame: '' };
    return { diagnostic, ...atUse, inTemplate: { file: origin.file, ...inTemplate } };
  }
  return { diagnostic, ...positionIn(file, found.range) };
}

function positionIn(file: SourceFile, range: readonly [number, number]): { position: Position; frame: string } {
  const lines = sourceLines(file.text);
  let { line, col } = file.lineCounter.linePos(Math.min(range[0], file.text.length));
  if (line > lines.length) {
    // Past the final newline: show the end of the last line.
    line = Math.max(1, lines.length);
    col = (lines[line - 1] ?? '').length + 1;
  }
  const lineText = lines[line - 1] ?? '';
  const endOnLine = Math.min(range[1] - range[0], lineText.trimEnd().length - (col - 1));
  const position = { line, column: col, length: Math.max(1, endOnLine) };
  return { position, frame: codeFrame(lines, position, false) };
}

/** The file's lines, without the empty one after a final newline. */
function sourceLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function codeFrame(lines: string[], position: Position, color: boolean): string {
  const first = Math.max(1, position.line - 1);
  const last = Math.min(lines.length, position.line + 1);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === position.line ? '> ' : '  ';
    out.push(`${marker}${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`.trimEnd());
    if (n === position.line) {
      const carets = '^'.repeat(position.length);
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(position.column - 1)}${color ? ansi.red(carets) : carets}`);
    }
  }
  return out.join('\n');
}

export function sortDiagnostics(located: Located[]): Located[] {
  return [...located].sort(
    (a, b) =>
      compare(a.diagnostic.file, b.diagnostic.file) ||
      (a.position?.line ?? 0) - (b.position?.line ?? 0) ||
      (a.position?.column ?? 0) - (b.position?.column ?? 0) ||
      compare(a.diagnostic.message, b.diagnostic.message),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `file:line:col: error: message` and its code frame. */
export function formatLocated(
  { diagnostic, position, frame, inTemplate }: Located,
  files: Map<string, SourceFile>,
  options: ReportOptions = {},
): string {
  const color = options.color === true;
  const where = position ? `${diagnostic.file}:${position.line}:${position.column}` : diagnostic.file;
  const code = options.codes === true && isDiagnosticCode(diagnostic.code) ? diagnostic.code : undefined;
  const label = `${diagnostic.severity}${code === undefined ? '' : ` ${code}`}:`;
  const severity = color ? (diagnostic.severity === 'error' ? ansi.red : ansi.yellow)(ansi.bold(label)) : label;
  const header = `${color ? ansi.bold(`${where}:`) : `${where}:`} ${severity} ${fullMessage(diagnostic)}`;
  const seeAlso = code === undefined ? '' : `\n  see ${codeLink(code)}`;
  if (inTemplate) {
    const at = `${inTemplate.file.relPath}:${inTemplate.position.line}:${inTemplate.position.column}`;
    const templateFrame = color ? codeFrame(sourceLines(inTemplate.file.text), inTemplate.position, true) : inTemplate.frame;
    return `${header}\n  in the template it uses, at ${at}:\n${templateFrame}${seeAlso}`;
  }
  if (!position || !frame) return `${header}${seeAlso}`;
  const file = files.get(diagnostic.file);
  const shownFrame = color && file ? codeFrame(sourceLines(file.text), position, true) : frame;
  return `${header}\n${shownFrame}${seeAlso}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryLine(diagnostics: readonly Diagnostic[], fileCount: number): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (errors > 0)
    return `${plural(errors, 'error')}${warnings > 0 ? ` and ${plural(warnings, 'warning')}` : ''} in ${plural(fileCount, 'file')}.`;
  const all = `All ${fileCount} config ${fileCount === 1 ? 'file is' : 'files are'} valid`;
  return warnings > 0 ? `${all}, with ${plural(warnings, 'warning')}.` : `${all}.`;
}

/** The whole report: every diagnostic sorted by file, line and column, then the summary. */
export function formatReport(diagnostics: readonly Diagnostic[], files: readonly SourceFile[], options: ReportOptions = {}): string {
  const byPath = new Map(files.map((f) => [f.relPath, f]));
  const located = sortDiagnostics(diagnostics.map((d) => locateDiagnostic(d, byPath.get(d.file))));
  const blocks = located.map((l) => formatLocated(l, byPath, options));
  return `${[...blocks, summaryLine(diagnostics, files.length)].join('\n\n')}\n`;
}
