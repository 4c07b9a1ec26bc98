import { describe, expect, test } from 'vitest';
import { canonicalCode, displayCode } from '../../src/domain/codes.ts';
import { runCreateCodes } from '../../src/server/admin/requests.ts';
import { importCatalog } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { CODE_ALPHABET } from '../../src/server/codes/generate.ts';
import { findCode, redeemCodeOnce } from '../../src/server/codes/repository.ts';
import { CodeRequestError, createCodes } from '../../src/server/codes/service.ts';
import { newId } from '../../src/server/db/ids.ts';
import type { Db } from '../../src/server/db/transaction.ts';
import { useTestDatabase } from './db.ts';

const t = useTestDatabase();

async function newUser(db: Db): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({ id, email: `${id.toLowerCase()}@example.com`, password_hash: 'x', partner: null, signup: {}, country: null })
    .execute();
  return id;
}

let catalogImported = false;
async function withCatalog() {
  if (!catalogImported) await importCatalog(t.db, readCatalog('funnels'));
  catalogImported = true;
}

describe('redeemCodeOnce', () => {
  test('of 20 concurrent attempts on one code, from two instances, exactly one succeeds', async () => {
    await withCatalog();
    const other = await t.openAnother(); // a second server instance (PostgreSQL) — the same one on PGlite
    const { codes } = await createCodes(t.db, { kind: 'comp', months: 3, source: 'test' });
    const code = codes[0]!;
    const users = await Promise.all(Array.from({ length: 20 }, () => newUser(t.db)));
    const attempts = await Promise.all(users.map((userId, i) => redeemCodeOnce(i % 2 === 0 ? t.db : other.db, code, userId)));
    const winners = attempts.filter((a) => a.ok);
    expect(winners).toHaveLength(1);
    expect(attempts.filter((a) => !a.ok && a.reason === 'used')).toHaveLength(19);
    const row = await findCode(t.db, code);
    expect(row?.redeemed_by_user_id).toBe(winners[0]!.ok ? winners[0]!.code.redeemed_by_user_id : null);
    expect(users).toContain(row?.redeemed_by_user_id);
    await other.close();
  });

  test('a code is found in any case, with or without dashes; a second redemption says used, by whom', async () => {
    await withCatalog();
    const user = await newUser(t.db);
    const { codes } = await createCodes(t.db, { kind: 'volume', months: 12, source: 'test' });
    const typed = displayCode(codes[0]!).toLowerCase();
    expect(typed).toMatch(/^cv[a-z0-9]{2}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    const first = await redeemCodeOnce(t.db, typed, user);
    expect(first.ok).toBe(true);
    const again = await redeemCodeOnce(t.db, codes[0]!, user);
    expect(again).toMatchObject({ ok: false, reason: 'used', code: { redeemed_by_user_id: user } });
  });

  test('an unknown code and an expired one are refused with their reason, and stay unredeemed', async () => {
    await withCatalog();
    const user = await newUser(t.db);
    expect(await redeemCodeOnce(t.db, 'CSXX-XXXX-XXXX-XXXX', user)).toEqual({ ok: false, reason: 'unknown' });
    const { codes } = await createCodes(
      t.db,
      { kind: 'gift', months: 12, expiresAt: new Date('2030-01-01T00:00:00Z'), source: 'test' },
      new Date('2029-01-01T00:00:00Z'),
    );
    const later = new Date('2030-01-01T00:00:01Z');
    expect(await redeemCodeOnce(t.db, codes[0]!, user, later)).toMatchObject({ ok: false, reason: 'expired' });
    expect((await findCode(t.db, codes[0]!))?.redeemed_at).toBeNull();
  });
});

describe('createCodes', () => {
  test('each kind has its prefix, 16 characters without look-alikes, stored canonical', async () => {
    await withCatalog();
    const prefixes = { coupon: 'CS', comp: 'CSCP', volume: 'CV', gift: 'GIFT', bulk: 'EDU' } as const;
    for (const [kind, prefix] of Object.entries(prefixes) as [keyof typeof prefixes, string][]) {
      const created = await createCodes(t.db, {
        kind,
        count: 25,
        months: kind === 'coupon' ? null : 6,
        webOfferId: kind === 'coupon' ? 'coupon_annual' : null,
        source: 'test',
      });
      expect(created.codes).toHaveLength(25);
      expect(new Set(created.codes).size).toBe(25);
      for (const code of created.codes) {
        expect(code.startsWith(prefix), code).toBe(true);
        if (kind === 'coupon') expect(code.startsWith('CSCP'), code).toBe(false);
        expect(code).toHaveLength(16);
        expect(
          [...code.slice(prefix.length)].every((c) => CODE_ALPHABET.includes(c)),
          code,
        ).toBe(true);
        expect(canonicalCode(code)).toBe(code);
      }
      const stored = await t.db.selectFrom('codes').selectAll().where('batch_id', '=', created.batchId).execute();
      expect(stored).toHaveLength(25);
      expect(stored.every((row) => row.kind === kind && row.redeemed_at === null)).toBe(true);
    }
  });

  test('CS and CV codes print in blocks of 4 with dashes; GIFT and EDU codes as they are', async () => {
    await withCatalog();
    const coupon = await runCreateCodes(t.db, { kind: 'coupon', offer: 'coupon_annual', count: 2 }, 'test');
    expect(coupon.codes.every((c) => /^CS[A-Z0-9]{2}(-[A-Z0-9]{4}){3}$/.test(c))).toBe(true);
    const gift = await runCreateCodes(t.db, { kind: 'gift', months: 12 }, 'test');
    expect(gift.codes[0]).toMatch(/^GIFT[A-Z0-9]{12}$/);
  });

  test('the months come from the request, or from the offer; lifetime is -1', async () => {
    await withCatalog();
    const lifetime = await runCreateCodes(t.db, { kind: 'comp', lifetime: true, count: 3 }, 'test');
    expect(lifetime.months).toBe(-1);
    const fromOffer = await runCreateCodes(t.db, { kind: 'gift', offer: 'gift_3_months' }, 'test');
    expect(fromOffer).toMatchObject({ months: 3, offer: 'gift_3_months' });
    const row = await findCode(t.db, fromOffer.codes[0]!);
    expect(row).toMatchObject({ kind: 'gift', comp_months: 3, web_offer_id: 'gift_3_months' });
  });

  test("bulk codes of a campaign give the campaign's offer unless told otherwise", async () => {
    await withCatalog();
    const result = await runCreateCodes(t.db, { kind: 'bulk', campaign: 'girl-scouts', count: 2 }, 'test');
    expect(result).toMatchObject({ offer: 'edu_12_months', months: 12 });
    const batch = await t.db.selectFrom('code_batches').selectAll().where('id', '=', result.batchId).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ campaign_id: 'girl-scouts', quantity: 2, source: 'test' });
    await expect(runCreateCodes(t.db, { kind: 'bulk', campaign: 'nope', months: 1 }, 'test')).rejects.toThrow(
      "Unknown bulk campaign 'nope'.",
    );
  });

  test('--expires YYYY-MM-DD keeps the codes valid through that day (UTC)', async () => {
    await withCatalog();
    const result = await runCreateCodes(t.db, { kind: 'comp', months: 1, expires: '2099-12-31' }, 'test');
    expect(result.expiresAt).toBe('2100-01-01T00:00:00.000Z');
    await expect(runCreateCodes(t.db, { kind: 'comp', months: 1, expires: '2099-02-30' }, 'test')).rejects.toThrow(
      "'2099-02-30' is not a date",
    );
  });

  test('requests that cannot be honoured are refused with a sentence, and create nothing', async () => {
    await withCatalog();
    const before = await t.db
      .selectFrom('codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refuse = (input: Parameters<typeof createCodes>[1]) => expect(createCodes(t.db, input)).rejects.toBeInstanceOf(CodeRequestError);
    await refuse({ kind: 'coupon', source: 'test' });
    await refuse({ kind: 'coupon', webOfferId: 'coupon_annual', months: 3, source: 'test' });
    await refuse({ kind: 'comp', source: 'test' });
    await refuse({ kind: 'comp', months: 0, source: 'test' });
    await refuse({ kind: 'gift', months: 3, count: 0, source: 'test' });
    await refuse({ kind: 'gift', months: 3, count: 10_001, source: 'test' });
    await refuse({ kind: 'gift', months: 3, expiresAt: new Date('2001-01-01'), source: 'test' });
    await expect(createCodes(t.db, { kind: 'gift', webOfferId: 'no_such_offer', source: 'test' })).rejects.toThrow(
      /Unknown offer 'no_such_offer'\. Offers: .*gift_12_months/,
    );
    const after = await t.db
      .selectFrom('codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
