/**
 * What a caller without a session can make the server do, and what any caller gets back when
 * something goes wrong:
 *
 * - the writers anyone may call (TrackUserEvent, CrmAddCustomer, SendConversionEvent; the
 *   contact forms; `POST /api/events`) are limited per address (and the first two per email);
 * - every route under /api, Parse-shaped or not, refuses text with control characters (400,
 *   code 142, naming where, never echoing the text);
 * - a failure nobody expected answers one generic 500 on every route, under /api or not: the
 *   request's id in the body and the X-Request-Id header, the cause (database text included)
 *   only in the log, under that id; and what Fastify cannot read answers Parse's shape, not
 *   Fastify's default.
 */
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { MessageKey } from '../../src/contract/index.ts';
import { ADMIN_PREFIX } from '../../src/server/admin/prefix.ts';
import { adminRoutes } from '../../src/server/admin/routes.ts';
import { buildServer } from '../../src/server/app.ts';
import { defaultRateLimitPolicies } from '../../src/server/auth/rateLimits.ts';
import { adminBrowser, newOperator, OPERATOR_PASSWORD } from './adminPages.ts';
import { type Answer, client, FAST_SCRYPT, newEmail, startBackendServer, useBackendServer } from './backendServer.ts';

const s = useBackendServer();

/** An address no other test of the file used. */
let addresses = 0;
const freshIp = () => `203.0.${113 + Math.floor(++addresses / 250)}.${addresses % 250}`;

const outboxCount = async (name: string) =>
  Number(
    (
      await s.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).n,
  );

const refusedAsRateLimited = (a: Answer) => a.status === 429 && a.body.messageKey === MessageKey.rateLimited && a.body.code === 155;

describe('writers without a session are bounded per address', () => {
  const tracking = defaultRateLimitPolicies.tracking;

  test(`200 TrackUserEvent calls about someone else's email from one address, at once: ${tracking.perIp.limit} kept`, async () => {
    const { email } = await s.signUp();
    const ip = freshIp();
    const before = await outboxCount('iterable.trackEvent');
    // Another email each time, so only the address's limit is met (the email's has its own test below).
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        s.call('TrackUserEvent', { email: i === 0 ? email : newEmail('victim'), eventName: 'Spam' }, { ip }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(tracking.perIp.limit);
    expect(answers.filter(refusedAsRateLimited)).toHaveLength(200 - tracking.perIp.limit);
    expect(Number(answers.find((a) => a.status === 429)!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await outboxCount('iterable.trackEvent')) - before).toBe(tracking.perIp.limit);
    // Another address is not affected; CrmAddCustomer and SendConversionEvent share the budget.
    expect((await s.call('TrackUserEvent', { email, eventName: 'Mine' }, { ip: freshIp() })).status).toBe(200);
    expect(refusedAsRateLimited(await s.call('CrmAddCustomer', { email, productId: 'app', productDuration: '12' }, { ip }))).toBe(true);
    const conversion = { event_name: 'Purchase', event_source_url: 'https://codeling.example/thanks' };
    expect(refusedAsRateLimited(await s.call('SendConversionEvent', conversion, { ip }))).toBe(true);
  });

  test(`one email, from many addresses: ${tracking.perAccount!.limit} events in 10 minutes`, async () => {
    const email = newEmail('target');
    const answers: Answer[] = [];
    for (let i = 0; i <= tracking.perAccount!.limit; i++)
      answers.push(await s.call('TrackUserEvent', { email, eventName: 'Flood' }, { ip: freshIp() }));
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
    expect(refusedAsRateLimited(answers.at(-1)!)).toBe(true);
  });

  test('the contact forms: 10 requests an hour from one address, then 429 and nothing kept', async () => {
    const { limit } = defaultRateLimitPolicies.inquiry.perIp;
    const ip = freshIp();
    const count = async () =>
      Number(
        (
          await s.db
            .selectFrom('contact_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const answers: Answer[] = [];
    for (let i = 0; i <= limit; i++)
      answers.push(
        i % 2
          ? await s.call('CodingEventRequest', { name: 'Ada', email: newEmail('club'), attendees: 20 }, { ip })
          : await s.call(
              'BulkPurchaseGirlScoutsInfo',
              { councilName: 'Council', contactName: 'Ada', email: newEmail('council'), quantity: 30 },
              { ip },
            ),
      );
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
    expect(refusedAsRateLimited(answers.at(-1)!)).toBe(true);
    expect((await count()) - before).toBe(limit);
  });

  test(`POST /api/events: ${defaultRateLimitPolicies.events.perIp.limit} requests per address in 10 minutes`, async () => {
    const { limit } = defaultRateLimitPolicies.events.perIp;
    const ip = freshIp();
    const post = (visitor: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'content-type': 'application/json', cookie: `experimentId=visitor-${visitor}` },
        payload: { events: [{ type: 'step', funnel: 'home', screen: 'landing', step: 0 }] },
        remoteAddress: ip,
      });
    const visitor = `${ip.replaceAll('.', '_')}`;
    for (let i = 0; i < limit; i++) expect((await post(`${visitor}-${i}`)).statusCode).toBe(204);
    const refused = await post(`${visitor}-over`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 155, messageKey: MessageKey.rateLimited });
    const kept = await s.db
      .selectFrom('funnel_step_views')
      .select('visitor_id')
      .where('visitor_id', '=', `visitor-${visitor}-over`)
      .execute();
    expect(kept).toEqual([]);
  });
});

describe('every /api route refuses control characters (400, code 142)', () => {
  const refusal = (where: string) => ({ code: 142, error: `Invalid parameters: ${where}: must not contain control characters` });

  test('the routes outside the contract: flags, client config, events, the webhook, the legacy user routes', async () => {
    const inject = (o: InjectOptions) => s.app.inject(o);
    const cases: [string, Awaited<ReturnType<typeof inject>>, unknown][] = [
      ['GET /api/flags (query)', await inject({ method: 'GET', url: '/api/flags?experimentId=ab%00cd' }), refusal('query.experimentId')],
      [
        'GET /api/flags (a fact inside the audience JSON)',
        await inject({ method: 'GET', url: `/api/flags?experimentId=v1&audience=${encodeURIComponent('{"query.ref":"a\\u0000b"}')}` }),
        refusal('audience.query.ref'),
      ],
      ['GET /api/client-config', await inject({ method: 'GET', url: '/api/client-config?x=%1B' }), refusal('query.x')],
      [
        'POST /api/events',
        await inject({
          method: 'POST',
          url: '/api/events',
          headers: { cookie: 'experimentId=visitor-nul' },
          payload: { events: [{ type: 'step', funnel: 'home', screen: 'land\u0000ing', step: 0 }] },
        }),
        { code: 142, error: 'Invalid events: events.0.screen: must not contain control characters' },
      ],
      [
        'POST /api/webhooks/braintree',
        await inject({
          method: 'POST',
          url: '/api/webhooks/braintree',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'bt_signature=abc%00def&bt_payload=eyJ4Ijo',
        }),
        refusal('body.bt_signature'),
      ],
      ['POST /api/users/me (query)', await inject({ method: 'POST', url: '/api/users/me?where=%7F', payload: {} }), refusal('query.where')],
      [
        'POST /api/logout (a key of the query)',
        await inject({ method: 'POST', url: '/api/logout?%00=1', payload: {} }),
        { code: 142, error: 'Invalid parameters: query: keys must not contain control characters' },
      ],
      [
        'POST /api/functions/:name (query)',
        await inject({ method: 'POST', url: '/api/functions/GetWebOffers?utm_source=a%C2%85', payload: {} }),
        refusal('query.utm_source'),
      ],
    ];
    for (const [route, response, body] of cases) {
      expect(response.statusCode, route).toBe(400);
      expect(response.json(), route).toEqual(body);
    }
    expect(await s.db.selectFrom('funnel_step_views').selectAll().where('visitor_id', '=', 'visitor-nul').execute()).toEqual([]);
    // A session token with a NUL is no session (it is hashed before any look-up), not a failure.
    const me = await inject({
      method: 'POST',
      url: '/api/users/me',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ _method: 'GET', _SessionToken: 'r:\u0000' }),
    });
    expect([me.statusCode, me.json()]).toEqual([400, { code: 209, error: 'Invalid session token' }]);
  });

  test("the operators' CLI endpoints (/api/admin, loopback and the admin token) too", async () => {
    const app = await buildServer({
      dataDir: tmpdir(),
      db: s.db,
      backend: { environment: 'test', dispatchOutbox: false },
      overrides: { passwordParams: FAST_SCRYPT },
    });
    await app.register(adminRoutes, { prefix: ADMIN_PREFIX, db: s.db, token: 'the-admin-token' });
    try {
      const response = await app.inject({
        method: 'POST',
        url: `${ADMIN_PREFIX}/codes`,
        headers: { authorization: 'Bearer the-admin-token' },
        payload: { kind: 'comp', months: 3, count: 1, note: 'spring\u0000' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal('body.note'));
      expect(await s.db.selectFrom('code_batches').selectAll().where('note', 'like', 'spring%').execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('failures', () => {
  function captureLogs() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, logger: { level: 'error', stream } };
  }

  /** Runs `fn` with `table` gone (renamed), so the statements that need it fail in the database. */
  async function withoutTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(s.db);
    try {
      return await fn();
    } finally {
      await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(s.db);
    }
  }

  test(
    'a database failure answers one generic 500, under /api (a Parse call, /api/events) and outside it (/admin/login): ' +
      'the request id in the body and the header, the cause in the log under that id, no database text in the answer',
    async () => {
      const { lines, logger } = captureLogs();
      const server = await startBackendServer(s.db, { logger });
      try {
        const caller = client(() => server.app);
        const operator = await newOperator(s.db);
        const browser = adminBrowser(() => server.app, freshIp());
        const form = await browser.get('/admin/login');
        const answers = [
          await withoutTable('funnel_step_views', () =>
            server.app.inject({
              method: 'POST',
              url: '/api/events',
              headers: { cookie: 'experimentId=visitor-500' },
              payload: { events: [{ type: 'step', funnel: 'home', screen: 'landing', step: 0 }] },
            }),
          ),
          await withoutTable('outbox', async () => {
            const answer = await caller.call('TrackUserEvent', { email: newEmail(), eventName: 'x' });
            return { statusCode: answer.status, headers: answer.headers, json: () => answer.body, body: JSON.stringify(answer.body) };
          }),
          await withoutTable('operators', () =>
            browser.post('/admin/login', { csrf: browser.csrfOf(form.body), email: operator, password: OPERATOR_PASSWORD }),
          ),
        ];
        const ids = new Set<string>();
        for (const answer of answers) {
          expect(answer.statusCode).toBe(500);
          const requestId = String(answer.headers['x-request-id']);
          expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
          expect(answer.json()).toEqual({ code: 1, error: 'Internal server error.', requestId });
          expect(answer.body).not.toMatch(/relation|does not exist|_away|42P01/);
          ids.add(requestId);
          const logged = lines.filter((line) => line.includes(`"reqId":"${requestId}"`));
          expect(logged.join('')).toMatch(/does not exist/);
        }
        expect(ids.size).toBe(3);
      } finally {
        await server.close();
      }
    },
  );

  test("what Fastify cannot read gets Parse's shape on every /api route, not Fastify's default", async () => {
    const events = (payload: string, type = 'application/json') =>
      s.app.inject({ method: 'POST', url: '/api/events', headers: { 'content-type': type, cookie: 'experimentId=v' }, payload });
    const broken = await events('{"events": [');
    expect([broken.statusCode, broken.json()]).toEqual([400, { code: 107, error: 'Invalid JSON' }]);
    const xml = await events('<events/>', 'application/xml');
    expect([xml.statusCode, xml.json()]).toEqual([415, { code: 107, error: 'Unsupported content type.' }]);
    const huge = await events(JSON.stringify({ events: [{ type: 'touch', firstTouch: { utm_source: 'x'.repeat(40_000) } }] }));
    expect([huge.statusCode, huge.json()]).toEqual([413, { code: 107, error: 'Request body is too large.' }]);
    const badAddress = await s.app.inject({ method: 'GET', url: '/api/flags/%E0%A4%A' });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toMatchObject({ code: 142 });
  });
});
