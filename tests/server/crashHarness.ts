/**
 * Purchases under fire: parents buy plans concurrently from a server process (crashServer.ts)
 * that is SIGKILLed after a random moment; a new process is started on the same PostgreSQL
 * schema, every request whose answer was lost (or was "not confirmed yet") is sent again with
 * its Idempotency-Key until it gets a definitive answer, and reconciliation settles the rest.
 * What happened is counted for the test to check against the gateway's own records.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { CallOutput } from '../../src/contract/index.ts';
import { createSessionStore } from '../../src/server/auth/sessions.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { newId } from '../../src/server/db/ids.ts';
import type { Database } from '../../src/server/db/types.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface Parent {
  id: string;
  email: string;
  token: string;
}

/** An answer that came: its status and the body's JSON (with PurchaseSubscription's result when the status is 200). */
export interface PurchaseAnswer {
  status: number;
  body: { result?: CallOutput<'PurchaseSubscription'> } & Record<string, unknown>;
}

export interface Purchase {
  parent: Parent;
  input: Record<string, unknown>;
  key: string;
  /** Every answer received (status and body), in order; `lost` when the connection died. */
  answers: (PurchaseAnswer | 'lost')[];
}

export interface CrashReport {
  purchases: number;
  kills: number;
  /** Requests whose answer never came (the process was killed under them). */
  lost: number;
  /** Requests sent again with their key. */
  retried: number;
  /** Warn lines of repairs made by reconciliation, over every process. */
  repairsLogged: number;
}

/** The offers bought, with what the checkout shows as charged today. */
const OFFERS = [
  { webOfferId: 'annual', expectedTodayCharge: 0 },
  { webOfferId: 'crash_monthly_no_trial', expectedTodayCharge: 9.99 },
  { webOfferId: 'lifetime', expectedTodayCharge: 149.99 },
];

/** The catalog, and a monthly plan without a trial: its first period is charged at purchase. */
export async function prepareCatalog(db: Kysely<Database>): Promise<void> {
  await importCatalogIfEmpty(db, () => readCatalog('funnels'));
  await db
    .insertInto('web_offers')
    .values({
      id: 'crash_monthly_no_trial',
      plan_id: 'crash_monthly_999',
      plan_name: 'Monthly, no trial',
      plan_data_key: 'monthly',
      subscription_duration: 'monthly',
      price_cents: 999,
      trial_duration_days: 0,
      subscription_type: 'recurring',
      description_key: 'Monthly',
      tags: ['test'],
    })
    .execute();
}

/** `rounds` batches of `perRound` new parents, each buying one plan: a trial, a first period charged now, or lifetime. */
export async function purchaseRounds(db: Kysely<Database>, rounds: number, perRound: number): Promise<Purchase[][]> {
  const parents = await createParents(db, rounds * perRound);
  const purchases: Purchase[] = parents.map((parent, i) => ({
    parent,
    input: { paymentMethodToken: 'fake-valid-visa-nonce', ...OFFERS[i % OFFERS.length]! },
    key: `crash-${parent.id}`,
    answers: [],
  }));
  return Array.from({ length: rounds }, (_, r) => purchases.slice(r * perRound, (r + 1) * perRound));
}

export async function createParents(db: Kysely<Database>, count: number): Promise<Parent[]> {
  const sessions = createSessionStore(db, { idleDays: 30, maxDays: 365, now: () => new Date() });
  const parents: Parent[] = [];
  for (let i = 0; i < count; i++) {
    const id = newId();
    const email = `crash-${id.toLowerCase()}@example.com`;
    await db.insertInto('users').values({ id, email, password_hash: 'x', signup: '{}' }).execute();
    parents.push({ id, email, token: await sessions.create(id) });
  }
  return parents;
}

interface ServerProcess {
  url: string;
  child: ChildProcess;
  log: string[];
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  // Node itself with tsx's loader: the tsx command would run the server in a child process that a SIGKILL of it leaves alive.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/server/crashServer.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => log.push(...String(chunk).split('\n').filter(Boolean)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the crash server did not start:\n${log.join('\n')}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once('exit', (code) => reject(new Error(`the crash server exited (${code}):\n${log.join('\n')}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, log };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function post(url: string, purchase: Purchase): Promise<void> {
  try {
    const response = await fetch(`${url}/api/functions/PurchaseSubscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-parse-session-token': purchase.parent.token, 'idempotency-key': purchase.key },
      body: JSON.stringify(purchase.input),
    });
    purchase.answers.push({ status: response.status, body: (await response.json()) as PurchaseAnswer['body'] });
  } catch {
    purchase.answers.push('lost');
  }
}

/** Lost, "not confirmed yet" (409) and server errors leave the outcome unknown: the browser sends those again. */
export const isDefinitive = (answer: Purchase['answers'][number] | undefined) =>
  answer !== undefined && answer !== 'lost' && answer.status !== 409 && answer.status < 500;

/** A small seeded generator (mulberry32): the kill moments are the same from run to run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CrashRun {
  db: Kysely<Database>;
  env: NodeJS.ProcessEnv;
  /** One batch of purchases per round; each round ends with a SIGKILL. */
  rounds: Purchase[][];
  /** When to kill: a random moment in this range (ms) after the first payment intent of the batch is recorded. */
  killAfterIntentMs: [number, number];
  seed: number;
}

/** Resolves once a payment intent is open (a purchase is between its record and its end), or after `ms`. */
async function intentOpened(db: Kysely<Database>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await db.selectFrom('payment_intents').select('id').where('status', '=', 'open').limit(1).execute();
    if (open.length > 0) return;
    await sleep(2);
  }
}

export async function runCrashRounds(run: CrashRun): Promise<CrashReport> {
  const next = random(run.seed);
  const report: CrashReport = { purchases: 0, kills: 0, lost: 0, retried: 0, repairsLogged: 0 };
  const logs: string[][] = [];
  let server = await startServer(run.env);
  logs.push(server.log);
  try {
    for (const batch of run.rounds) {
      report.purchases += batch.length;
      const sent = batch.map((purchase) => post(server.url, purchase));
      // Some kills land before the charge, most between the charge and its record.
      await intentOpened(run.db, 10_000);
      await sleep(run.killAfterIntentMs[0] + next() * (run.killAfterIntentMs[1] - run.killAfterIntentMs[0]));
      server.child.kill('SIGKILL');
      report.kills++;
      await Promise.all(sent);
      await exited(server.child);
      report.lost += batch.filter((p) => p.answers.at(-1) === 'lost').length;

      server = await startServer(run.env);
      logs.push(server.log);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const unknown = batch.filter((p) => !isDefinitive(p.answers.at(-1)));
        if (unknown.length === 0) break;
        if (Date.now() > deadline)
          throw new Error(`${unknown.length} purchases never got a definitive answer: ${JSON.stringify(unknown.map((p) => p.answers))}`);
        report.retried += unknown.length;
        await Promise.all(unknown.map((p) => post(server.url, p)));
        await sleep(300);
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  report.repairsLogged = logs.flat().filter((line) => line.includes('by reconciliation')).length;
  return report;
}

/** What the gateway holds that takes money: renewing subscriptions and charges not given back. */
export interface GatewayRecords {
  billingSubscriptionIds: string[];
  chargedTransactionIds: string[];
}

export interface CrashOutcome extends CrashReport {
  succeeded: number;
  /** Gateway subscriptions and charges without our record of them. */
  orphans: number;
  /** Parents with more than one plan or more than one charge (each bought one thing). */
  chargedTwice: number;
  /** Purchases answered with success whose plan is not in our tables. */
  successesLost: number;
  openIntents: number;
  /** Parents whose last answer and our tables disagree: success without a plan, or a refusal with one. */
  mismatched: number;
}

/** Compares what the parents were told, our tables and the gateway's records. */
export async function checkOutcome(
  db: Kysely<Database>,
  purchases: Purchase[],
  report: CrashReport,
  gateway: GatewayRecords,
): Promise<CrashOutcome> {
  const subscriptions = await db.selectFrom('subscriptions').select(['id', 'user_id', 'gateway_subscription_id']).execute();
  const payments = await db.selectFrom('payments').select(['user_id', 'gateway_transaction_id']).where('status', '=', 'settled').execute();
  const ourSubscriptions = new Set(subscriptions.map((row) => row.gateway_subscription_id));
  const ourCharges = new Set(payments.map((row) => row.gateway_transaction_id));
  const count = (userIds: (string | null)[]) =>
    userIds.reduce((counts, id) => counts.set(id, (counts.get(id) ?? 0) + 1), new Map<string | null, number>());
  const plansBy = count(subscriptions.map((row) => row.user_id));
  const chargesBy = count(payments.map((row) => row.user_id));

  const successes = (p: Purchase) => p.answers.filter((a): a is PurchaseAnswer => a !== 'lost' && a.status === 200);
  const open = await db
    .selectFrom('payment_intents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const recorded = new Set(subscriptions.map((row) => row.id));
  return {
    ...report,
    succeeded: purchases.filter((p) => successes(p).length > 0).length,
    orphans:
      gateway.billingSubscriptionIds.filter((id) => !ourSubscriptions.has(id)).length +
      gateway.chargedTransactionIds.filter((id) => !ourCharges.has(id)).length,
    chargedTwice: purchases.filter((p) => (plansBy.get(p.parent.id) ?? 0) > 1 || (chargesBy.get(p.parent.id) ?? 0) > 1).length,
    successesLost: purchases.flatMap(successes).filter((a) => !recorded.has(a.body.result!.subscriptionData.id)).length,
    openIntents: Number(open.n),
    mismatched: purchases.filter((p) => (successes(p).length > 0 ? 1 : 0) !== (plansBy.get(p.parent.id) ?? 0)).length,
  };
}

/** What the crash tests promise: nothing orphaned, charged twice, lost or left open; and that the kills did hit purchases mid-way. */
export function expectNoHarm(outcome: CrashOutcome, kills: number): void {
  expect(outcome).toMatchObject({ kills, orphans: 0, chargedTwice: 0, successesLost: 0, openIntents: 0, mismatched: 0 });
  // Some answers were lost and retried, and some kills landed between a charge and its record: those were repaired.
  expect(outcome.lost).toBeGreaterThan(0);
  expect(outcome.repairsLogged).toBeGreaterThan(0);
}
