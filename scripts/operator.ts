/**
 * `npm run operator -- create --email you@example.com [--role editor|publisher]`
 * `npm run operator -- role --email you@example.com --role publisher`
 *
 * Creates an operator of the `/admin` pages (the experiments report) and of releases: an editor
 * makes drafts, a publisher also publishes and rolls back (docs/operator.md; default editor). The password is read from
 * stdin: typed at a prompt (hidden, asked twice) in a terminal, or the first line of what is
 * piped in (`printf '%s\n' "$PASSWORD" | npm run operator -- create --email …`).
 * Works with the server running or not, on the embedded database too (src/server/admin/client.ts).
 *
 * Exit code: 0 created, 1 refused (the message says why), 2 wrong command line.
 */
import { runAdmin } from '../src/server/admin/client.ts';
import { createPasswordHasher } from '../src/server/auth/passwords.ts';
import { readDatabaseEnv } from '../src/server/config.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../src/server/db/types.ts';
import {
  type CreateOperatorResponse,
  createOperator,
  OPERATOR_PASSWORD_MIN,
  OperatorRequestError,
  setOperatorRole,
} from '../src/server/operators/accounts.ts';
import { exitOnRefusal, readCommandLine, wrongCommandLine } from './lib/adminCli.ts';
import { Interrupted, promptLine } from './lib/prompt.ts';

const USAGE = `Usage: npm run operator -- create --email ADDRESS [--role editor|publisher]
       npm run operator -- role --email ADDRESS --role editor|publisher

  Creates an operator who can log in at /admin/login and read the experiments report, and
  release funnels and copy (npm run release): an editor makes drafts and previews them; a
  publisher also publishes and rolls back. Default: editor.
  The password (at least ${OPERATOR_PASSWORD_MIN} characters) is read from stdin: a hidden prompt in a terminal,
  else the first line piped in.`;

function usage(message: string): never {
  wrongCommandLine(USAGE, message);
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await promptLine('Password: ', { hidden: true });
    const again = await promptLine('The same password again: ', { hidden: true });
    if (first !== again) throw new OperatorRequestError('The two passwords differ; nothing was created.');
    return first;
  }
  return promptLine('Password: ', { hidden: true });
}

const { values, positionals } = readCommandLine(USAGE, { email: { type: 'string' }, role: { type: 'string' } });
const command = positionals[0];
if ((command !== 'create' && command !== 'role') || positionals.length > 1)
  usage(positionals.length === 0 ? 'Say what to do: create or role.' : `Unknown command '${positionals.join(' ')}'.`);
if (!values.email) usage('--email is required.');
const email = values.email;
if (command === 'role' && values.role === undefined) usage('role needs --role editor or --role publisher.');
const role = values.role ?? 'editor';
if (!(OPERATOR_ROLES as readonly string[]).includes(role)) usage(`--role is editor or publisher, not '${role}'.`);

const log = (message: string) => process.stderr.write(`${message}\n`);

try {
  if (command === 'role') {
    const request = { email, role: role as OperatorRole };
    const { result, via } = await runAdmin<{ email: string; role: OperatorRole }>(
      readDatabaseEnv(),
      'cli',
      {
        viaServer: async (post) => (await post('/operators/role', request)) as { email: string; role: OperatorRole },
        onDatabase: (db) => setOperatorRole(db, request),
      },
      log,
    );
    process.stdout.write(`The operator ${result.email} is now a${result.role === 'editor' ? 'n' : ''} ${result.role} (in ${via}).\n`);
  } else {
    const request = { email, password: await readPassword(), role: role as OperatorRole };
    const { result, via } = await runAdmin<CreateOperatorResponse>(
      readDatabaseEnv(),
      'cli',
      {
        viaServer: async (post) => (await post('/operators', request)) as CreateOperatorResponse,
        onDatabase: (db) => createOperator(db, createPasswordHasher(), request),
      },
      log,
    );
    process.stdout.write(`Created the operator ${result.email} (${result.role}) in ${via}. Log in at /admin/login.\n`);
  }
} catch (error) {
  if (error instanceof Interrupted) process.exit(1);
  exitOnRefusal(error, OperatorRequestError);
  throw error;
}
