/**
 * The catalog calls answer from memory (src/server/catalog/cache.ts) and send a shared answer's
 * body made once (src/server/sharedAnswers.ts). What a caller relies on: an import shows at
 * once, a change made elsewhere within the cache's time, and the bytes are the same answer
 * whatever encoding the caller accepts.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { CATALOG_CACHE_TTL_MS, cachedCatalogRead, catalogChanged } from '../../src/server/catalog/cache.ts';
import { importCatalog, importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalogFile } from '../../src/server/catalog/read.ts';
import { chooseEncoding } from '../../src/server/sharedAnswers.ts';
import { useBackendServer } from './backendServer.ts';

const s = useBackendServer();
const CATALOG = 'funnels/catalog.yaml';

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalogFile(CATALOG));
});

type Plan = { id: string; price: number };
const plans = async (): Promise<Plan[]> => {
  const answer = await s.call('GetDefaultPlans', {});
  expect(answer.status).toBe(200);
  return answer.body.result as Plan[];
};

describe('catalog answers from memory', () => {
  test('an import through this server shows in the next answer', async () => {
    const before = await plans();
    const annual = before.find((p) => p.id === 'annual')!;
    const catalog = readCatalogFile(CATALOG);
    const offer = catalog.offers.find((o) => o.id === 'annual')!;
    const newPrice = annual.price + 10;
    offer.price = newPrice;
    offer.originalPrice = Math.max(offer.originalPrice ?? 0, newPrice);
    await importCatalog(s.db, catalog);
    expect((await plans()).find((p) => p.id === 'annual')?.price).toBe(newPrice);
    await importCatalog(s.db, readCatalogFile(CATALOG));
    expect((await plans()).find((p) => p.id === 'annual')?.price).toBe(annual.price);
  });

  test(
    `a change this process did not make is read again after ${CATALOG_CACHE_TTL_MS / 1000} s; ` +
      'concurrent misses share one read; a failed read is not kept',
    async () => {
      let clock = 0;
      let reads = 0;
      let value = 'old';
      let fail = false;
      const read = cachedCatalogRead(
        async (key) => {
          reads++;
          if (fail) throw new Error('database unavailable');
          return { key, value };
        },
        { now: () => clock },
      );
      const [a, b] = await Promise.all([read('default'), read('default')]);
      expect(a).toBe(b);
      expect(reads).toBe(1);
      expect(Object.isFrozen(a)).toBe(true);

      value = 'new'; // written by another instance
      clock = CATALOG_CACHE_TTL_MS - 1;
      expect((await read('default')).value).toBe('old');
      clock = CATALOG_CACHE_TTL_MS;
      expect((await read('default')).value).toBe('new');

      value = 'imported';
      catalogChanged(); // an import in this process
      expect((await read('default')).value).toBe('imported');

      fail = true;
      catalogChanged();
      await expect(read('default')).rejects.toThrow('database unavailable');
      fail = false;
      expect((await read('default')).value).toBe('imported');
    },
  );

  test('the answer is the same JSON sent plain, brotli or gzip, as the caller accepts', async () => {
    const call = (acceptEncoding?: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/functions/GetDefaultPlans',
        headers: { 'content-type': 'application/json', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: '{}',
      });
    const plain = await call();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    const json = plain.json() as { result: Plan[] };
    expect(json.result.length).toBeGreaterThan(0);

    const br = await call('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gzip = await call('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);

    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
  });
});
