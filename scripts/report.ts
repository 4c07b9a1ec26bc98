/**
 * `npm run report [-- --json] [--release N]`
 *
 * Prints the experiments report (the tables of /admin/report) as text on stdout, or as JSON with
 * --json. Works with the server running or not, on the embedded database too
 * (src/server/admin/client.ts: through the server's admin endpoint when it holds the database).
 *
 * Exit code: 0 printed, 1 refused (the message says why), 2 wrong command line.
 */
import { parseArgs } from 'node:util';
import { runAdmin } from '../src/server/admin/client.ts';
import { readDatabaseEnv } from '../src/server/config.ts';
import { buildReport, type Report, reportRelease } from '../src/server/report/build.ts';
import { ExperimentsFileError, readDeclaredExperiments } from '../src/server/report/declaredExperiments.ts';
import { reportAsText } from '../src/server/report/text.ts';
import { exitOnRefusal } from './lib/adminCli.ts';

const USAGE = `Usage: npm run report [-- --json] [-- --release N]

  Prints the experiments report: per experiment and variant, per partner and code campaign, per funnel step.
  --release N: what happened on release N only (npm run release -- list names them).`;

function parseCommandLine() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: { json: { type: 'boolean' }, release: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
}
const { values } = parseCommandLine();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const release = reportRelease(values.release);
if (values.release !== undefined && release === undefined) {
  process.stderr.write(`--release takes a release id (a whole number from 1), not '${values.release}'.\n\n${USAGE}\n`);
  process.exit(2);
}

try {
  const env = readDatabaseEnv();
  const { result, via } = await runAdmin<Report>(
    env,
    'cli',
    {
      viaServer: async (post) => (await post('/report', release === undefined ? {} : { release })) as Report,
      onDatabase: (db) => buildReport(db, readDeclaredExperiments(env.funnelsDir), undefined, release),
    },
    (message) => process.stderr.write(`${message}\n`),
  );
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : reportAsText(result));
  process.stderr.write(`(read from ${via})\n`);
} catch (error) {
  exitOnRefusal(error, ExperimentsFileError);
  throw error;
}
