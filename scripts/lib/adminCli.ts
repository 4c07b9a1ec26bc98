/** What the operators' CLIs (codes, billing, reconcile, operator, report, catalog:import) share. */
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
