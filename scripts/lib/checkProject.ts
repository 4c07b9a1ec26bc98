/**
 * What `npm run check` checks, as a function: every funnel, app, experiments and copy file, the
 * references between them and, for the project root's own folders, that the funnel maps of
 * docs/funnels/ and the JSON Schemas of schemas/ are up to date. `npm run release -- publish`
 * checks the checkout with it before uploading anything.
 */
import { blocks } from '../../src/blocks/registry.ts';
import { checkAndCompile } from '../../src/compiler/compile.ts';
import type { Diagnostic } from '../../src/compiler/diagnostic.ts';
import type { SourceFile } from '../../src/compiler/load.ts';
import { formatReport } from '../../src/compiler/report.ts';
import { staleJsonSchemaDiagnostics } from '../../src/generators/jsonSchema/files.ts';
import { projectJsonSchemas } from '../../src/generators/jsonSchema/schemaFiles.ts';
import { mapFiles, mapsCheckedFor, staleMapDiagnostics } from '../../src/generators/map/files.ts';
import { mapSource } from '../../src/generators/map/source.ts';

export interface ProjectCheck {
  diagnostics: Diagnostic[];
  files: SourceFile[];
  /** At least one error (warnings such as unused copy keys are allowed). */
  failed: boolean;
  /** The report `npm run check` prints: `file:line:col: error FL101: message`, code frames, summary. */
  report(options: { color: boolean }): string;
}

export function checkProject(dirs: { root: string; funnelsDir: string; copyDir: string }): ProjectCheck {
  const result = checkAndCompile({ ...dirs, blocks });
  // What is written from the config (maps, schemas) is compared once the config itself is right.
  const diagnostics =
    mapsCheckedFor(dirs) && result.compiled
      ? [
          ...result.diagnostics,
          ...staleMapDiagnostics(dirs.root, mapFiles(mapSource(result.compiled, result.files, result.schemas))),
          ...staleJsonSchemaDiagnostics(dirs.root, projectJsonSchemas(result.files, result.schemas)),
        ]
      : result.diagnostics;
  return {
    diagnostics,
    files: result.files,
    failed: diagnostics.some((d) => d.severity === 'error'),
    report: ({ color }) => formatReport(diagnostics, result.files, { color, codes: true }),
  };
}
