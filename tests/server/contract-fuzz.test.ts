/**
 * Bad input never breaks the server: every call of the contract, the legacy user routes
 * (`POST /api/login`, `GET /api/login?…`, users/me, logout) and the routes outside Parse's
 * format (`/api/events`, `/api/flags`, `/api/client-config`, the Braintree webhook) get seeded
 * random requests (tests/server/fuzzRequests.ts)
 * — any JSON value as the body, deep nesting, broken and oversized JSON, and valid-looking
 * params with mutated values (control characters, lone surrogates, wrong types...), half of them
 * with a parent's session, the charge-creating calls with an Idempotency-Key. Every answer must
 * be below 500; refusals (400, 413, 429...) are what bad input should get.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { type CallName, callNames, contract } from '../../src/contract/index.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { PASSWORD, useBackendServer } from './backendServer.ts';
import {
  callRequest,
  clientConfigRequest,
  eventsRequest,
  type FuzzRequest,
  type FuzzWorld,
  flagsRequest,
  loginBodyRequest,
  loginQueryRequest,
  sessionRouteRequest,
  webhookRequest,
} from './fuzzRequests.ts';

const SEED = 2024;
const REQUESTS_PER_TARGET = 200;

// A login over the per-account failure limit waits a second (rate limits): not what is tested here.
const s = useBackendServer({ overrides: { sleep: async () => {} } });

let parent: { id: string; email: string };

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
  const { id, email } = await s.signUp();
  parent = { id, email };
}, 60_000);

interface Tally {
  sent: number;
  ok: number;
  refused: number;
  failed: number;
}
const tallies = new Map<string, Tally>();

afterAll(() => {
  const rows = [...tallies].map(([target, t]) =>
    [target.padEnd(30), ...[t.sent, t.ok, t.refused, t.failed].map((n) => String(n).padStart(5))].join(' '),
  );
  const total = [...tallies.values()].reduce((sum, t) => ({ sent: sum.sent + t.sent, failed: sum.failed + t.failed }), {
    sent: 0,
    failed: 0,
  });
  console.log(
    [
      'Contract fuzz: requests sent per call, 2xx, 4xx, answers ≥ 500',
      ...rows,
      `total ${total.sent} requests, ${total.failed} answers ≥ 500`,
    ].join('\n'),
  );
});

/** The parent as they are now (a fuzzed call may have changed their email), with a session of their own. */
async function currentWorld(): Promise<FuzzWorld & { token: string }> {
  const { email } = await s.db.selectFrom('users').select('email').where('id', '=', parent.id).executeTakeFirstOrThrow();
  const token = await s.app.backend.accounts.sessions.create(parent.id);
  return { parentId: parent.id, parentEmail: email, password: PASSWORD, token };
}

/** Sends the sampled requests one after another; answers the ones that got 500 or more. */
async function sendAll(target: string, requests: FuzzRequest[], token: string) {
  const tally: Tally = { sent: 0, ok: 0, refused: 0, failed: 0 };
  tallies.set(target, tally);
  const failures: string[] = [];
  for (const request of requests) {
    const headers = request.withSession ? { ...request.headers, 'x-parse-session-token': token } : request.headers;
    const response = await s.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      remoteAddress: request.ip,
    });
    tally.sent++;
    if (response.statusCode < 300) tally.ok++;
    else if (response.statusCode < 500) tally.refused++;
    else {
      tally.failed++;
      failures.push(
        `${response.statusCode} ${response.body.slice(0, 120)} ← ` +
          `${request.method} ${request.url.slice(0, 120)} ${JSON.stringify(request.payload?.slice(0, 160) ?? '')}`,
      );
    }
  }
  return failures;
}

const inputSchema = (name: CallName) => contract[name].input as unknown as z.ZodObject;

const targets: { target: string; requests: (world: FuzzWorld) => fc.Arbitrary<FuzzRequest> }[] = [
  ...callNames.map((name) => ({
    target: name,
    requests: (world: FuzzWorld) => callRequest(name, inputSchema(name), world, contract[name].idempotent === true),
  })),
  { target: 'POST /api/login', requests: (world: FuzzWorld) => loginBodyRequest(inputSchema('UserLogin'), world) },
  { target: 'GET /api/login', requests: (world: FuzzWorld) => loginQueryRequest(world) },
  { target: 'POST /api/users/me', requests: (world: FuzzWorld) => sessionRouteRequest('/api/users/me', world) },
  { target: 'POST /api/logout', requests: (world: FuzzWorld) => sessionRouteRequest('/api/logout', world) },
  { target: 'POST /api/events', requests: () => eventsRequest() },
  { target: 'GET /api/flags', requests: () => flagsRequest() },
  { target: 'GET /api/client-config', requests: () => clientConfigRequest() },
  { target: 'POST /api/webhooks/braintree', requests: () => webhookRequest() },
];

for (const [index, { target, requests }] of targets.entries()) {
  test(`${target} answers every hostile request below 500`, async () => {
    const world = await currentWorld();
    const sample = fc.sample(requests(world), { seed: SEED + index, numRuns: REQUESTS_PER_TARGET });
    const failures = await sendAll(target, sample, world.token);
    expect({ failed: failures.length, first: failures.slice(0, 3) }).toEqual({ failed: 0, first: [] });
  });
}
