/** What the operators' CLIs (codes, billing, reconcile, operator, report, release, catalog:import) share. */
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { AdminError } from '../../src/server/admin/client.ts';
import { CatalogFileError } from '../../src/server/catalog/catalogFileError.ts';
import { ConfigError } from '../../src/server/config.ts';
import { DatabaseBusyError } from '../../src/server/db/lockFile.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Refusals every such CLI can meet: no server or database to reach, a bad setting, a bad catalog. */
const COMMON_REFUSALS: readonly ErrorClass[] = [AdminError, DatabaseBusyError, ConfigError, CatalogFileError];

/** A refusal (one of the common ones or of `own`) is printed and exits 1; anything else is left to throw. */
export function exitOnRefusal(error: unknown, ...own: ErrorClass[]): void {
  if (![...COMMON_REFUSALS, ...own].some((kind) => error instanceof kind)) return;
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** What parseArgs answers for these options, positionals allowed. */
type ParsedResults<T extends { allowPositionals: true; options: ParseArgsOptionsConfig }> = ReturnType<typeof parseArgs<T>>;

/** A wrong command line: the message and the usage on stderr, exit 2. */
export function wrongCommandLine(usage: string, message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

/**
 * A CLI's command line, read as node:util's parseArgs reads it (positionals allowed), with `--help`/`-h`:
 * that prints `usage` and exits 0. A mistake in the options is a wrong command line (wrongCommandLine).
 */
export function readCommandLine<const O extends ParseArgsOptionsConfig>(
  usage: string,
  options: O,
): ParsedResults<{ allowPositionals: true; options: O }> {
  let parsed: ParsedResults<{ allowPositionals: true; options: O & typeof HELP }>;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { ...options, ...HELP } });
  } catch (error) {
    return wrongCommandLine(usage, (error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}
