/**
 * The flags and experiments the server's flag service evaluates: `experiments.yaml` of the
 * funnels directory, read and checked as the build reads it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { blocks } from '../../blocks/registry.ts';
import type { CompiledFlag } from '../../compiler/compiled.ts';
import { configSchemas } from '../../compiler/configSchemas.ts';
import { isError } from '../../compiler/diagnostic.ts';
import { readConfigFile } from '../../compiler/load.ts';
import { formatReport } from '../../compiler/report.ts';
import { validateConfigFile } from '../../compiler/validate.ts';
import type { ExperimentsFile } from '../../language/schema/experiments.ts';
import { ConfigError } from '../config.ts';

export const EXPERIMENTS_FILE = 'experiments.yaml';

export type FlagDefinitions = Record<string, CompiledFlag & { description: string }>;

export function readFlagDefinitions(funnelsDir: string, root: string = process.cwd()): FlagDefinitions {
  const filePath = path.resolve(root, funnelsDir, EXPERIMENTS_FILE);
  if (!existsSync(filePath)) return {};
  const { file, diagnostics } = readConfigFile(path.resolve(root), filePath);
  const result =
    file.parsed && file.kind === 'experiments'
      ? validateConfigFile(file as typeof file & { kind: 'experiments' }, configSchemas(blocks))
      : null;
  const all = [...diagnostics, ...(result?.diagnostics ?? [])];
  if (!result || all.some(isError) || result.value === undefined)
    throw new ConfigError(`The flags in ${file.relPath} cannot be read:\n${formatReport(all, [file]).trimEnd()}`);
  return (result.value as ExperimentsFile).flags;
}
