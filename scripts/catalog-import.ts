/**
 * `npm run catalog:import [-- --file PATH]`: validates the plan catalog (FUNNELS_DIR's
 * catalog.yaml by default) and imports it into the database, idempotently: new offers are
 * added, changed ones updated, removed ones deactivated; importing twice changes nothing.
 * Works with the server running or not (src/server/admin/client.ts).
 *
 * Exit code: 0 imported, 1 invalid catalog or refused, 2 wrong command line.
 */
import { parseArgs } from 'node:util';
import { runAdmin } from '../src/server/admin/client.ts';
import { type ImportCatalogResponse, runImportCatalog } from '../src/server/admin/requests.ts';
import { readCatalog, readCatalogFile } from '../src/server/catalog/read.ts';
import { readDatabaseEnv } from '../src/server/config.ts';
import { exitOnRefusal } from './lib/adminCli.ts';

let file: string | undefined;
try {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { file: { type: 'string' } } });
  file = values.file;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\nUsage: npm run catalog:import [-- --file funnels/catalog.yaml]\n`);
  process.exit(2);
}

try {
  const env = readDatabaseEnv();
  // The funnels folder's whole catalog (its catalog file and the offers of partner funnels), or one file.
  const path = file ?? env.funnelsDir;
  const catalog = file ? readCatalogFile(file) : readCatalog(env.funnelsDir);
  const { result, via } = await runAdmin<ImportCatalogResponse>(
    env,
    'catalog:import',
    {
      viaServer: async (post) => (await post('/catalog', { catalog })) as ImportCatalogResponse,
      onDatabase: (db) => runImportCatalog(db, catalog),
    },
    (message) => process.stderr.write(`${message}\n`),
  );
  process.stdout.write(`Imported ${path} into ${via}: ${result.description}.\n`);
} catch (error) {
  exitOnRefusal(error);
  throw error;
}
