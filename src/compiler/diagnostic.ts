/**
 * One problem found by `npm run check`, positioned in a config or copy file. Checks return
 * these as plain data; src/compiler/report.ts turns the YAML path into `file:line:col` and a
 * code frame.
 */
export type Severity = 'error' | 'warning';
export type YamlPath = readonly (string | number)[];

export interface Diagnostic {
  /** Path relative to the project root, with '/' separators (funnels/login.yaml). */
  file: string;
  /** Where in the file's YAML: keys and list indexes from the top. */
  path: YamlPath;
  /**
   * Which part of the node at `path` to point at: its value (default), its key (an unknown
   * key, a record key), the first key of the mapping (a missing key), or the file as a whole
   * (no line: something the file lacks, or a file in the wrong place).
   */
  at?: 'value' | 'key' | 'firstKey' | 'file';
  /** A position from the YAML parser, as offsets into the file, used instead of `path`. */
  offset?: readonly [start: number, end: number];
  /** Plain English: what is wrong and what to do. */
  message: string;
  /** A name the author probably meant; printed as "Did you mean '...'?". */
  suggestion?: string;
  severity: Severity;
  /**
   * The kind of mistake, a permanent name like FL101 with its page in docs/errors.md
   * (src/compiler/diagnosticCodes.ts). Checks rarely set it: the loader, the schema validation
   * and the list of checks (src/compiler/checks/index.ts) fill it in by kind.
   */
  code?: string;
}

export const isError = (d: Diagnostic) => d.severity === 'error';

export function error(file: string, path: YamlPath, message: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { file, path, message, severity: 'error', ...withoutUndefined(extra) };
}

export function warning(file: string, path: YamlPath, message: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { file, path, message, severity: 'warning', ...withoutUndefined(extra) };
}

function withoutUndefined(extra: Partial<Diagnostic>): Partial<Diagnostic> {
  return Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)) as Partial<Diagnostic>;
}

/** The message as printed: with the suggestion appended. */
export function fullMessage(d: Diagnostic): string {
  return d.suggestion === undefined ? d.message : `${d.message} Did you mean '${d.suggestion}'?`;
}
