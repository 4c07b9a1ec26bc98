/**
 * Demo codes are a development feature (README "Demo codes"): their values are public, so a
 * production start neither seeds them nor honours the ones an earlier development run seeded.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEMO_BATCHES, seedDemoCodes } from '../../src/server/catalog/demo.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { readDatabaseEnv } from '../../src/server/config.ts';
import { prepareDatabase } from '../../src/server/db/prepare.ts';
import { useBackendServer } from './backendServer.ts';

const root = path.resolve(import.meta.dirname, '../..');
const s = useBackendServer();

const invalidLookup = { code: 'CSCP-DEMO-LIFE-0001', kind: null, isCouponValid: false, isCouponCodeUsed: false, webOffer: null };
const invalidRedemption = { code: 141, error: 'This code is not valid.', messageKey: 'CODE_INVALID' };

describe('DEMO_CODES', () => {
  test('unset: on for the embedded database outside production; off on PostgreSQL and with NODE_ENV=production', () => {
    const demoCodes = (env: Record<string, string>) => readDatabaseEnv(env, root).demoCodes;
    expect(demoCodes({})).toBe(true);
    expect(demoCodes({ NODE_ENV: 'development' })).toBe(true);
    expect(demoCodes({ DATABASE_URL: 'postgres://db/app' })).toBe(false);
    expect(demoCodes({ NODE_ENV: 'production' })).toBe(false);
  });

  test('set: DEMO_CODES=on seeds them in production too; off never', () => {
    const demoCodes = (env: Record<string, string>) => readDatabaseEnv(env, root).demoCodes;
    expect(demoCodes({ NODE_ENV: 'production', DEMO_CODES: 'on' })).toBe(true);
    expect(demoCodes({ DATABASE_URL: 'postgres://db/app', DEMO_CODES: 'on' })).toBe(true);
    expect(demoCodes({ DEMO_CODES: 'off' })).toBe(false);
    expect(() => readDatabaseEnv({ DEMO_CODES: 'maybe' }, root)).toThrow("DEMO_CODES must be 'on' or 'off'; it is 'maybe'.");
  });
});

describe('a production start', () => {
  test('a new database prepared as production gets the catalog but no demo code: CSCP-DEMO-LIFE-0001 is an invalid code', async () => {
    const env = readDatabaseEnv({ NODE_ENV: 'production' }, root);
    const prepared = await prepareDatabase(s.db, { funnelsDir: env.funnelsDir, demoCodes: env.demoCodes });
    expect(prepared.catalog).not.toBeNull();
    expect(prepared.demoCodes).toBe(0);

    const parent = await s.signUp();
    expect((await s.call('FindWebOfferByCouponCode', { code: 'CSCP-DEMO-LIFE-0001' })).body.result).toMatchObject(invalidLookup);
    expect((await s.call('RedeemComp', { userId: parent.id, couponCode: 'CSCP-DEMO-LIFE-0001' }, { token: parent.token })).body).toEqual(
      invalidRedemption,
    );
  });

  test(
    'on a database a development run seeded, ' + 'the unredeemed demo codes are removed (with a log line); a redeemed one keeps its plan',
    async () => {
      await importCatalogIfEmpty(s.db, () => readCatalog(path.join(root, 'funnels')));
      const seeded = await seedDemoCodes(s.db);
      expect(seeded).toBe(DEMO_BATCHES.flatMap((b) => b.codes).length);
      const early = await s.signUp();
      expect(
        (await s.call('RedeemComp', { userId: early.id, couponCode: 'CSCP-DEMO-LIFE-0002' }, { token: early.token })).body.result,
      ).toMatchObject({ redeemed: true, isLifetime: true });

      const log: string[] = [];
      const env = readDatabaseEnv({ NODE_ENV: 'production' }, root);
      const prepared = await prepareDatabase(s.db, { funnelsDir: env.funnelsDir, demoCodes: env.demoCodes, log: (line) => log.push(line) });
      expect(prepared.demoCodesRemoved).toBe(seeded - 1);
      expect(log).toContain(
        `Database: removed ${seeded - 1} unredeemed demo codes: demo codes are off (DEMO_CODES; see README, "Demo codes").`,
      );

      const parent = await s.signUp();
      expect((await s.call('FindWebOfferByCouponCode', { code: 'CSCP-DEMO-LIFE-0001' })).body.result).toMatchObject(invalidLookup);
      expect((await s.call('RedeemComp', { userId: parent.id, couponCode: 'CSCP-DEMO-LIFE-0001' }, { token: parent.token })).body).toEqual(
        invalidRedemption,
      );
      expect((await s.call('GetCustomerDetails', {}, { token: early.token })).body.result).toMatchObject({
        isLifetime: true,
        isExpired: false,
      });
    },
  );
});
