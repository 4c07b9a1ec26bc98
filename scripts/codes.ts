/**
 * `npm run codes -- create --kind <coupon|comp|gift|volume|bulk> [--months N | --lifetime]
 *                  [--offer ID] [--count N] [--expires YYYY-MM-DD] [--campaign ID] [--note TEXT]`
 *
 * Prints the new codes one per line on stdout (as parents type them), and a summary on stderr.
 * Works with the server running or not, on the embedded database too: see
 * src/server/admin/client.ts (through the server's admin endpoint when it holds the database).
 *
 * Exit code: 0 done, 1 refused (the message says why), 2 wrong command line.
 */
import { runAdmin } from '../src/server/admin/client.ts';
import { type CreateCodesResponse, createCodesRequest, runCreateCodes } from '../src/server/admin/requests.ts';
import { CodeRequestError } from '../src/server/codes/service.ts';
import { readDatabaseEnv } from '../src/server/config.ts';
import { exitOnRefusal, readCommandLine, wrongCommandLine } from './lib/adminCli.ts';

const USAGE =
  'Usage: npm run codes -- create --kind <coupon|comp|gift|volume|bulk> [--months N | --lifetime] ' +
  `[--offer ID] [--count N] [--expires YYYY-MM-DD] [--campaign ID] [--note TEXT]

  --kind      coupon (CS…: an offer at its price, needs --offer), comp (CSCP…: free access),
              gift (GIFT…), volume (CV…: a volume-licence seat), bulk (EDU…: an education seat)
  --months N  months of access (comp, gift, volume, bulk); --lifetime for no end
  --offer ID  the catalog offer the codes give (default for gift/volume/bulk months: its giftMonths)
  --count N   how many codes (default 1, at most 10000)
  --expires   the last day the codes can be redeemed (UTC)
  --campaign  the bulk campaign the codes belong to (bulk codes)
  --note      a note kept with the batch`;

function usage(message: string): never {
  wrongCommandLine(USAGE, message);
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) usage(`--${name} needs a whole number; it is '${value}'.`);
  return Number(value);
}

const { values, positionals } = readCommandLine(USAGE, {
  kind: { type: 'string' },
  months: { type: 'string' },
  lifetime: { type: 'boolean' },
  offer: { type: 'string' },
  count: { type: 'string' },
  expires: { type: 'string' },
  campaign: { type: 'string' },
  note: { type: 'string' },
});
if (positionals[0] !== 'create' || positionals.length > 1)
  usage(positionals.length === 0 ? 'Say what to do: create.' : `Unknown command '${positionals.join(' ')}'.`);
if (!values.kind) usage('--kind is required.');

const request = createCodesRequest.safeParse({
  kind: values.kind,
  count: integer('count', values.count),
  months: integer('months', values.months),
  lifetime: values.lifetime,
  offer: values.offer,
  campaign: values.campaign,
  expires: values.expires,
  note: values.note,
});
if (!request.success) {
  const issue = request.error.issues[0]!;
  usage(
    issue.path[0] === 'kind'
      ? `--kind must be one of coupon, comp, gift, volume, bulk; it is '${values.kind}'.`
      : `--${String(issue.path[0])}: ${issue.message}`,
  );
}

try {
  const env = readDatabaseEnv();
  const { result, via } = await runAdmin<CreateCodesResponse>(
    env,
    'cli',
    {
      viaServer: async (post) => (await post('/codes', request.data)) as CreateCodesResponse,
      onDatabase: (db) => runCreateCodes(db, request.data, 'cli'),
    },
    (message) => process.stderr.write(`${message}\n`),
  );
  process.stdout.write(result.codes.map((code) => `${code}\n`).join(''));
  const length =
    result.months === null ? '' : result.months === -1 ? ', lifetime' : `, ${result.months} month${result.months === 1 ? '' : 's'}`;
  const offer = result.offer ? `, offer ${result.offer}` : '';
  const expiry = result.expiresAt ? `, redeemable until ${result.expiresAt}` : '';
  process.stderr.write(
    `Created ${result.codes.length} ${result.kind} code${result.codes.length === 1 ? '' : 's'}${length}${offer}${expiry} ` +
      `(batch ${result.batchId}) in ${via}.\n`,
  );
} catch (error) {
  exitOnRefusal(error, CodeRequestError);
  throw error;
}
