/**
 * The checker's problems as the studio's editor marks them: each diagnostic located in its file
 * (1-based line and column, where the underline ends), with its FL code and the page of
 * docs/errors.md that explains it. The same checker and positions as `npm run check`'s report
 * (src/compiler/report.ts); the check itself is kept by the files' hash (releaseFiles.ts
 * `checkFilesOnce`), so an unchanged workspace is not checked again.
 */
import { fullMessage } from '../../compiler/diagnostic.ts';
import { codeLink, type DiagnosticCode, diagnosticCodes, isDiagnosticCode } from '../../compiler/diagnosticCodes.ts';
import { locateDiagnostic, type Position, sortDiagnostics } from '../../compiler/report.ts';
import { checkReleaseFiles } from '../releases/check.ts';
import { hashFiles } from '../releases/files.ts';
import type { ReleaseFiles } from '../releases/source.ts';

interface Span {
  line: number;
  column: number;
  end: { line: number; column: number };
}

export interface StudioDiagnostic {
  file: string;
  /** Absent when the problem is the file as a whole (or a file missing): mark the file, not a line. */
  line?: number;
  column?: number;
  end?: { line: number; column: number };
  severity: 'error' | 'warning';
  /** FL101…; absent for the rare check without one. */
  code?: string;
  message: string;
  /** `docs/errors.md#fl101-unknown-field`. */
  docs?: string;
  /** That entry's own words (the server does not serve docs/): its title, why it matters, how to fix it. */
  help?: { title: string; why: string; fix: string };
  /** A mistake inside a template a funnel uses: where in the template (the funnel's position is its `use:` line). */
  template?: { file: string } & Span;
}

export interface StudioCheck {
  /** The files' hash: the same hash, the same answer. */
  hash: string;
  ok: boolean;
  errors: number;
  warnings: number;
  diagnostics: StudioDiagnostic[];
}

const helpOf = (code: DiagnosticCode) => {
  const { title, why, fix } = diagnosticCodes[code];
  return { title, why, fix };
};

const span = (p: Position): Span => ({ line: p.line, column: p.column, end: { line: p.line, column: p.column + p.length } });

export function checkForStudio(files: ReleaseFiles): StudioCheck {
  const check = checkReleaseFiles(files);
  const byPath = new Map(check.sourceFiles.map((f) => [f.relPath, f]));
  const located = sortDiagnostics(check.diagnostics.map((d) => locateDiagnostic(d, byPath.get(d.file))));
  const diagnostics = located.map(
    ({ diagnostic: d, position, inTemplate }): StudioDiagnostic => ({
      file: d.file,
      ...(position ? span(position) : {}),
      severity: d.severity,
      ...(d.code ? { code: d.code } : {}),
      message: fullMessage(d),
      ...(isDiagnosticCode(d.code) ? { docs: codeLink(d.code), help: helpOf(d.code) } : {}),
      ...(inTemplate ? { template: { file: inTemplate.file.relPath, ...span(inTemplate.position) } } : {}),
    }),
  );
  // A check refused before the checker ran (a file outside funnels/ and copy/) has only its report.
  if (!check.ok && diagnostics.length === 0) diagnostics.push({ file: '', severity: 'error', message: check.report.trim() });
  return {
    hash: hashFiles(files),
    ok: check.ok,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    diagnostics,
  };
}
