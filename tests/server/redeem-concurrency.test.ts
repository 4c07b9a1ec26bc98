/**
 * Issue "Reference backend", must show: 20 concurrent redemptions of one single-use code,
 * spread over two server instances on one PostgreSQL — exactly one succeeds, the others get
 * the 'already used' error.
 *
 * Two `buildServer` instances, each with its own connection pool on the test file's schema
 * (like two instances behind a load balancer), take 20 parallel RedeemComp calls over Parse's
 * wire format, alternately, from 20 logged-in parents. PGlite admits one connection (one
 * process), so there the same calls go to one instance; on PostgreSQL (TEST_DATABASE_URL or
 * DATABASE_URL set, as in CI) the test insists on two instances and never falls back to one.
 */
import { describe, expect, test } from 'vitest';
import { displayCode } from '../../src/domain/codes.ts';
import { findCode } from '../../src/server/codes/repository.ts';
import { createCodes } from '../../src/server/codes/service.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { type Answer, client, startBackendServer } from './backendServer.ts';
import { testDatabaseUrl, useTestDatabase } from './db.ts';

const t = useTestDatabase();
const PARENTS = 20;

describe('RedeemComp under concurrency', () => {
  test(
    `${PARENTS} concurrent redemptions of one single-use code, spread over two server instances on ` +
      "one PostgreSQL (one instance on PGlite): exactly one succeeds, the others get 'already used'",
    async () => {
      const onPostgres = testDatabaseUrl() !== null;
      // A PostgreSQL run must test two instances: no silent fallback to the one-instance form.
      expect(t.kind).toBe(onPostgres ? 'postgres' : 'pglite');

      const second: DatabaseHandle | null = t.kind === 'postgres' ? await t.openAnother() : null;
      const servers = [await startBackendServer(t.db), ...(second ? [await startBackendServer(second.db)] : [])];
      expect(servers).toHaveLength(onPostgres ? 2 : 1);
      try {
        const callers = servers.map((server) => client(() => server.app));
        const { codes } = await createCodes(t.db, { kind: 'comp', months: 3, source: 'test' });
        const code = displayCode(codes[0]!);

        // Twenty parents sign up (each from its own address), half on each instance.
        const parents = await Promise.all(Array.from({ length: PARENTS }, (_, i) => callers[i % callers.length]!.signUp()));

        const answers: Answer[] = await Promise.all(
          parents.map((parent, i) =>
            callers[i % callers.length]!.call('RedeemComp', { userId: parent.id, couponCode: code }, { token: parent.token }),
          ),
        );

        const successes = answers.filter((a) => a.status === 200);
        const refusals = answers.filter((a) => a.status !== 200);
        expect(successes, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
        expect(successes[0]!.body.result).toMatchObject({ redeemed: true, isLifetime: false });
        expect(refusals).toHaveLength(PARENTS - 1);
        for (const refusal of refusals) {
          expect(refusal.status).toBe(400);
          expect(refusal.body).toMatchObject({ code: 141 });
          expect(refusal.body.error).toContain('already used');
        }

        // The winner is the parent the code is recorded against, and the only one with a plan from it.
        const winner = parents[answers.indexOf(successes[0]!)]!;
        expect((await findCode(t.db, code))?.redeemed_by_user_id).toBe(winner.id);
        const granted = await t.db.selectFrom('subscriptions').select('user_id').where('code', '=', codes[0]!).execute();
        expect(granted).toEqual([{ user_id: winner.id }]);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
        await second?.close();
      }
    },
  );
});
