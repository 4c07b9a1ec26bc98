/**
 * `npm run release -- <command>`: the funnels and copy as releases the server serves
 * (docs/releases.md).
 *
 *   publish [--message M] [--draft] [--force] [--server URL]
 *   publish ID [--force] [--server URL]          (a draft)
 *   list [--server URL]
 *   diff [A] [B] [--server URL]
 *   rollback [ID] [--force] [--server URL]
 *   pull [ID] [--server URL]
 *   delete ID [--server URL]
 *
 * On this machine it needs what `npm run codes` needs (DATA_DIR, or DATABASE_URL): through the
 * running server, or on the database itself. With --server URL, an operator's email and
 * password: RELEASE_EMAIL and RELEASE_PASSWORD, else typed (the password hidden).
 *
 * Exit code: 0 done, 1 refused (the message says why; nothing changed), 2 wrong command line.
 *
 * What it imports up front is small: talking to a server loads neither the checker nor the
 * database. Those are imported when they are used: the database when no server holds it
 * (./lib/releaseApiOnDatabase.ts), the checker when a publish is refused by the check (to print
 * `npm run check`'s own report). The files are checked once, where they are published (docs/decisions.md,
 * "npm run release checks once").
 */
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminError, runAdmin } from '../src/server/admin/client.ts';
import { CatalogFileError } from '../src/server/catalog/catalogFileError.ts';
import { readDatabaseEnv } from '../src/server/config.ts';
import { PREVIEW_DAYS } from '../src/server/releases/endpoints.ts';
import {
  allChanged,
  changedFiles,
  describeChanges,
  readCheckoutFiles,
  reconcileAdvice,
  writeCheckoutFiles,
} from '../src/server/releases/files.ts';
import { diffFiles } from '../src/server/releases/lineDiff.ts';
import { ReleaseRefusal } from '../src/server/releases/refusal.ts';
import { exitOnRefusal, readCommandLine, wrongCommandLine } from './lib/adminCli.ts';
import { promptLine } from './lib/prompt.ts';
import { type ReleaseApi, releaseApiOverHttp, remoteSend } from './lib/releaseApi.ts';

const USAGE = `Usage: npm run release -- <command> [options]

  publish [--message M] [--draft] [--force]
                       check this checkout's funnels/ and copy/ as npm run check does; on an error print
                       its report and change nothing; else upload them as the live release (--draft: a
                       draft, with a preview link). --force: publish even if it undoes a release published
                       since the last deploy, or changes a running experiment's variants or weights
  publish ID [--force] publish draft ID: it becomes the live release
  list                 every release: id, live / draft / earlier, when, who, message, source, files changed
  diff [A] [B]         what changed from release A to B (default: the live release to this checkout)
  rollback [ID]        make an earlier release live again (default: the one before the live one)
  pull [ID]            write a release's files (default: the live one) into this checkout, for committing
  delete ID            delete a draft (its preview link stops working)

  --server URL         another server, with an operator's email and password (RELEASE_EMAIL and
                       RELEASE_PASSWORD, else typed). Without it: this machine's server or database.

  Exit code: 0 done, 1 refused (nothing changed), 2 wrong command line.`;

const COMMANDS = ['publish', 'list', 'diff', 'rollback', 'pull', 'delete'] as const;
type Command = (typeof COMMANDS)[number];
const ARITY: Record<Command, [number, number]> = {
  publish: [0, 1],
  list: [0, 0],
  diff: [0, 2],
  rollback: [0, 1],
  pull: [0, 1],
  delete: [1, 1],
};

function usage(message: string): never {
  wrongCommandLine(USAGE, message);
}

function refuse(message: string): never {
  process.stderr.write(`${message.trimEnd()}\n`);
  process.exit(1);
}

const { values, positionals } = readCommandLine(USAGE, {
  message: { type: 'string', short: 'm' },
  draft: { type: 'boolean' },
  force: { type: 'boolean' },
  server: { type: 'string' },
});
const [commandName, ...args] = positionals;
if (!commandName) usage(`Say what to do: ${COMMANDS.join(', ')}.`);
if (!(COMMANDS as readonly string[]).includes(commandName)) usage(`Unknown command '${commandName}'.`);
const command = commandName as Command;
const [least, most] = ARITY[command];
if (args.length < least || args.length > most)
  usage(
    most === 0
      ? `${command} takes no argument.`
      : `${command} takes ${least === most ? least : `at most ${most}`} release id${most > 1 ? 's' : ''}.`,
  );
const ids = args.map((arg) => {
  if (arg === 'live') return 'live' as const;
  if (!/^[1-9]\d{0,9}$/.test(arg)) usage(`'${arg}' is not a release id (a number, or live).`);
  return Number(arg);
});
for (const [flag, allowed] of [
  ['message', ['publish']],
  ['draft', ['publish']],
  ['force', ['publish', 'rollback']],
] as const)
  if (values[flag] !== undefined && !(allowed as readonly string[]).includes(command)) usage(`--${flag} is for ${allowed.join(' and ')}.`);
if (values.server !== undefined && !/^https?:\/\/[^/]+/.test(values.server))
  usage(`--server needs the server's address, like https://subscribe.example.com.`);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const checkout = {
  funnelsDir: resolve(process.cwd(), process.env.FUNNELS_DIR || 'funnels'),
  copyDir: resolve(process.cwd(), process.env.COPY_DIR || 'copy'),
};
const author = userInfo().username || 'unknown';
const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

/** Runs `use` against the releases wherever they are; answers a base address for preview links. */
async function withApi<T>(use: (api: ReleaseApi) => Promise<T>): Promise<{ result: T; site: string }> {
  if (values.server) {
    const email = process.env.RELEASE_EMAIL || (await promptLine('Operator email: ', { hidden: false }));
    const password = process.env.RELEASE_PASSWORD || (await promptLine('Password: ', { hidden: true }));
    const api = releaseApiOverHttp(remoteSend(values.server, { email, password }), author);
    return { result: await use(api), site: values.server.replace(/\/+$/, '') };
  }
  const { result, via } = await runAdmin(
    { ...readDatabaseEnv(), funnelsDir: checkout.funnelsDir },
    'cli',
    {
      viaServer: (post, get) => use(releaseApiOverHttp({ post, get }, author)),
      onDatabase: async (db) => use((await import('./lib/releaseApiOnDatabase.ts')).releaseApiOnDatabase(db, author)),
    },
    note,
  );
  const port = /port (\d+)/.exec(via)?.[1];
  const site = process.env.PUBLIC_URL?.replace(/\/+$/, '') || `http://localhost:${port ?? process.env.PORT ?? 3000}`;
  return { result, site };
}

async function publishDraftCommand(id: number) {
  const { result } = await withApi((api) => api.publishDraft({ id, ...(values.force ? { force: true } : {}) }));
  for (const warning of result.warnings) note(`Warning: ${warning}`);
  say(`Release ${result.id} is live (it was a draft; it replaces release ${result.previousLiveId}).`);
}

/** The server (or the service here) refused the files on the check `npm run check` makes, or could not read their catalog. */
const refusedByCheck = (error: unknown) =>
  ((error instanceof ReleaseRefusal || error instanceof AdminError) && error.reason === 'check') || error instanceof CatalogFileError;

/**
 * Prints `npm run check`'s own report of this checkout (its paths, its colours) and exits 1. The checker is
 * loaded only now: a publish that passes is checked once, where it is published. When this checkout's code
 * finds no error, the server's code (another version) did: its report is printed instead.
 */
async function refuseWithCheckReport(refusal: Error): Promise<never> {
  const { checkProject } = await import('./lib/checkProject.ts');
  const check = checkProject({ root, ...checkout });
  if (!check.failed) refuse(refusal.message);
  process.stdout.write(check.report({ color: process.stdout.isTTY === true && !process.env.NO_COLOR }));
  refuse('Nothing was published: fix the errors above (npm run check shows the same).');
}

async function publishCommand() {
  if (ids[0] !== undefined) return publishDraftCommand(ids[0] as number);
  const files = readCheckoutFiles(checkout);
  const { result, site } = await withApi((api) =>
    api.publish({
      files,
      ...(values.message !== undefined ? { message: values.message } : {}),
      ...(values.draft ? { draft: true } : {}),
      ...(values.force ? { force: true } : {}),
    }),
  ).catch((error: unknown) => (refusedByCheck(error) ? refuseWithCheckReport(error as Error) : Promise.reject(error)));
  for (const warning of result.warnings) note(`Warning: ${warning}`);
  if (result.unchanged) return say(`Nothing to publish: release ${result.id} is live with these very files.`);
  if (result.draft) {
    say(`Draft ${result.id} saved (${describeChanges(result.changes)}).`);
    say(`Preview: ${site}/?preview=${result.previewToken}  (for ${PREVIEW_DAYS} days, or until the draft is deleted)`);
    return;
  }
  say(`Release ${result.id} is live (${describeChanges(result.changes)}).`);
}

async function listCommand() {
  const { result: list } = await withApi(async (api) => {
    const answer = await api.list();
    const live = answer.liveId === null ? null : await api.files('live');
    return { ...answer, live };
  });
  if (list.releases.length === 0) return say('No release yet: the server makes the first from the checkout when it starts.');
  for (const r of list.releases) {
    const when = r.createdAt.slice(0, 16).replace('T', ' ');
    say(
      `${String(r.id).padStart(4)}  ${r.status.padEnd(7)}  ${when} UTC  ${r.author}  ${r.source}  ${describeChanges(r.changes)}` +
        (r.message ? `  — ${r.message}` : ''),
    );
  }
  if (list.live && list.liveId !== list.deployedId) {
    const differing = allChanged(changedFiles(list.live.files, readCheckoutFiles(checkout)));
    if (differing.length > 0)
      note(
        `\nRelease ${list.liveId} was published after the last deploy, and this checkout differs from it in ${differing.join(', ')}. ` +
          reconcileAdvice(list.liveId!),
      );
  }
}

async function diffCommand() {
  const [from, to] = ids;
  const { result } = await withApi(async (api) => {
    if (to !== undefined) return api.diff(from!, to);
    const a = await api.files(from ?? 'live');
    return { from: a.id, to: 'this checkout', diff: diffFiles(a.files, readCheckoutFiles(checkout)) };
  });
  if (result.diff === '')
    return note(`No difference between release ${result.from} and ${typeof result.to === 'number' ? `release ${result.to}` : result.to}.`);
  process.stdout.write(result.diff);
}

async function rollbackCommand() {
  const { result } = await withApi((api) =>
    api.rollback({ ...(ids[0] !== undefined ? { to: ids[0] as number } : {}), ...(values.force ? { force: true } : {}) }),
  );
  for (const warning of result.warnings) note(`Warning: ${warning}`);
  say(`Release ${result.id} is live again (it replaces release ${result.previousLiveId}).`);
}

async function pullCommand() {
  const { result } = await withApi((api) => api.files(ids[0] ?? 'live'));
  const changes = writeCheckoutFiles(checkout, result.files);
  say(`Wrote release ${result.id} into this checkout (${describeChanges(changes)}). Review with git diff, then commit.`);
}

async function deleteCommand() {
  await withApi((api) => api.deleteDraft(ids[0] as number));
  say(`Draft ${ids[0]} deleted; its preview link no longer works.`);
}

if (ids[0] === 'live' && (command === 'rollback' || command === 'delete' || command === 'publish'))
  usage(`${command} needs a release number.`);
if (command === 'publish' && ids.length > 0 && (values.message !== undefined || values.draft))
  usage('publish ID publishes a draft as it is: --message and --draft are for publishing this checkout.');

try {
  await {
    publish: publishCommand,
    list: listCommand,
    diff: diffCommand,
    rollback: rollbackCommand,
    pull: pullCommand,
    delete: deleteCommand,
  }[command]();
} catch (error) {
  if (error instanceof ReleaseRefusal) refuse(error.message);
  exitOnRefusal(error);
  throw error;
}
