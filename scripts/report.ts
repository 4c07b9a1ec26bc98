/**
 * `npm run report [-- --json]`
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
import { buildReport, type Report } from '../src/server/report/build.ts';
import { ExperimentsFileError, readDeclaredExperiments } from '../src/server/report/declaredExperiments.ts';
import { reportAsText } from '../src/server/report/text.ts';
import { exitOnRefusal } from './lib/adminCli.ts';

const USAGE = `Usage: npm run report [-- --json]

  Prints the experiments report: per experiment and variant, per partner and code campaign, per funnel step.`;

function parseCommandLine() {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
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

try {
  const env = readDatabaseEnv();
  const { result, via } = await runAdmin<Report>(
    env,
    'cli',
    {
      viaServer: async (post) => (await post('/report', {})) as Report,
      onDatabase: (db) => buildReport(db, readDeclaredExperiments(env.funnelsDir)),
    },
    (message) => process.stderr.write(`${message}\n`),
  );
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : reportAsText(result));
  process.stderr.write(`(read from ${via})\n`);
} catch (error) {
  exitOnRefusal(error, ExperimentsFileError);
  throw error;
}
