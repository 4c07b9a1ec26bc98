/**
 * `npm run reconcile`
 *
 * Settles every payment intent still open after its lease (src/server/payments/intents/): asks
 * the gateway what it holds under each intent's id, then completes the purchase, gives the
 * charge back, or marks the intent failed. The server does the same at start and every minute;
 * this runs it now. One line per intent settled goes to stdout (tab-separated: intent, status,
 * call, amount, parent), then a summary:
 *
 *   Reconciled 2 payment intents: 1 completed, 1 failed, 0 reversed, 0 still open.
 *
 * Works with the server running or not, on the embedded database too (src/server/admin/client.ts).
 * Exit code: 0 done (nothing left open), 1 refused or some intents still open (the gateway did
 * not answer: run it again later), 2 wrong command line.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { runAdmin } from '../src/server/admin/client.ts';
import { readDatabaseEnv, readPaymentsEnv } from '../src/server/config.ts';
import { describeReconcile, type ReconcileSummary } from '../src/server/payments/intents/reconcile.ts';
import { reconcileOnDatabase } from '../src/server/payments/reconcileAdmin.ts';
import { exitOnRefusal } from './lib/adminCli.ts';

const USAGE = `Usage: npm run reconcile

  Settles the payment intents left open (a crash, a gateway that did not answer) against the gateway.`;

function parseCommandLine() {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
}
const parsed = parseCommandLine();
if (parsed.values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
// The repairs themselves are logged as the server logs them (warn level, JSON), on stderr.
const log = pino({ level: process.env.LOG_LEVEL || 'warn' }, pino.destination(2));

try {
  const { result, via } = await runAdmin<ReconcileSummary>(
    readDatabaseEnv(),
    'cli',
    {
      viaServer: async (post) => (await post('/reconcile', {})) as ReconcileSummary,
      onDatabase: (db) => reconcileOnDatabase(db, readPaymentsEnv(), log),
    },
    (message) => process.stderr.write(`${message}\n`),
  );
  for (const i of result.intents)
    process.stdout.write(`${[i.id, i.status, i.call, money(i.amountCents), i.userId ?? '-', i.reason ?? ''].join('\t').trimEnd()}\n`);
  process.stdout.write(`${describeReconcile(result)} (in ${via})\n`);
  process.exit(result.open > 0 ? 1 : 0);
} catch (error) {
  exitOnRefusal(error);
  throw error;
}
