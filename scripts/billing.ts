/**
 * `npm run billing -- run [--at <ISO time>]`
 *
 * The sandbox gateway's recurring billing (src/server/payments/sandbox/billing.ts): charges
 * every sandbox subscription due at that time (default: now), period after period until caught
 * up, records the payments and statuses as Braintree's webhooks would, and prints a summary:
 *
 *   Billing at 2026-01-31T12:00:00.000Z: charged 2 ($89.98), declined 1 (2001 Insufficient Funds), failed 0.
 *
 * One line per charge goes to stdout first (tab-separated: time, status, amount, code, text,
 * gateway subscription). Works with the server running or not, on the embedded database too
 * (src/server/admin/client.ts). With PAYMENT_GATEWAY=braintree there is nothing to run:
 * Braintree bills its subscriptions itself.
 *
 * Exit code: 0 done, 1 refused (the message says why), 2 wrong command line.
 */
import { runAdmin } from '../src/server/admin/client.ts';
import { readDatabaseEnv, readPaymentsEnv } from '../src/server/config.ts';
import { billingRequest, parseBillingTime, runBillingRequest } from '../src/server/payments/billingAdmin.ts';
import { BillingError, type BillingSummary, describeBilling } from '../src/server/payments/sandbox/billing.ts';
import { exitOnRefusal, readCommandLine, wrongCommandLine } from './lib/adminCli.ts';

const USAGE = `Usage: npm run billing -- run [--at <time>]

  --at   the time to bill at: an ISO date-time like 2026-01-31T12:00:00Z, or a day
         (2026-01-31, midnight UTC); default now. Every sandbox subscription due by then is charged.`;

function usage(message: string): never {
  wrongCommandLine(USAGE, message);
}

const { values, positionals } = readCommandLine(USAGE, { at: { type: 'string' } });
if (positionals[0] !== 'run' || positionals.length > 1)
  usage(positionals.length === 0 ? 'Say what to do: run.' : `Unknown command '${positionals.join(' ')}'.`);

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

try {
  const request = billingRequest.parse(values.at === undefined ? {} : { at: values.at });
  // A time the CLI cannot read is refused here, before the server is asked; "now" is the CLI's now.
  const at = parseBillingTime(request.at, new Date()).toISOString();
  const gateway = readPaymentsEnv().kind;
  if (gateway !== 'sandbox')
    throw new BillingError("PAYMENT_GATEWAY=braintree: Braintree bills subscriptions itself; the billing run is the sandbox gateway's.");
  const { result, via } = await runAdmin<BillingSummary>(
    readDatabaseEnv(),
    'cli',
    {
      viaServer: async (post) => (await post('/billing', { at })) as BillingSummary,
      onDatabase: (db) => runBillingRequest(db, { at }, gateway),
    },
    (message) => process.stderr.write(`${message}\n`),
  );
  for (const c of result.charges) {
    const columns = [
      c.chargedAt,
      c.status,
      money(c.amountCents),
      c.processorResponseCode,
      c.processorResponseText,
      c.gatewaySubscriptionId,
    ];
    process.stdout.write(`${columns.join('\t')}\n`);
  }
  process.stdout.write(`${describeBilling(result)} (in ${via})\n`);
} catch (error) {
  exitOnRefusal(error, BillingError);
  throw error;
}
