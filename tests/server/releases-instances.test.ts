/**
 * Two server instances on one database: a publish through one is served by the other within
 * 5 s, with no restart. On PostgreSQL the other hears NOTIFY (and, with LISTEN off, its poll);
 * on the embedded database, which one process holds, the source hears the publish at once.
 */
import { afterAll, expect, test } from 'vitest';
import { type ClosableReleaseSource, databaseReleaseSource } from '../../src/server/releases/databaseSource.ts';
import { publish } from '../../src/server/releases/service.ts';
import { useTestDatabase } from './db.ts';
import { homeHeadingOf, REPOSITORY_FILES, withHomeHeading } from './releaseFixtures.ts';

const t = useTestDatabase();
const sources: ClosableReleaseSource[] = [];
afterAll(() => Promise.all(sources.map((s) => s.close())));
const publisher = { name: 'pat@example.com', role: 'publisher' } as const;

/** Resolves with the time it took once `source` serves `heading`; rejects after 5 s. */
function servedWithin5s(source: ClosableReleaseSource, heading: string, started: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`not served within 5 s: ${heading}`)), 5_000);
    const look = async () => {
      if (homeHeadingOf((await source.live()).files) === heading) {
        clearTimeout(deadline);
        resolve(Date.now() - started);
      }
    };
    source.onLiveChange(() => void look());
    void look();
  });
}

test('a publish through one instance is served by the other within 5 s', { timeout: 90_000 }, async () => {
  await publish(t.db, { files: REPOSITORY_FILES, actor: { name: 'deploy', role: 'publisher' }, source: 'deploy' });
  const other = await t.openAnother();
  // The other instance: its own pool and, on PostgreSQL, its own LISTEN; it does not hear this process's announcements.
  const listening = databaseReleaseSource({ db: other.db, databaseUrl: t.url, pollMs: 60_000, hearThisProcess: t.kind === 'pglite' });
  const polling = databaseReleaseSource({
    db: other.db,
    databaseUrl: t.url,
    pollMs: 500,
    listen: false,
    hearThisProcess: t.kind === 'pglite',
  });
  sources.push(listening, polling);
  expect(homeHeadingOf((await listening.live()).files)).toBe('Start your free trial today!');
  await polling.live();
  await new Promise((resolve) => setTimeout(resolve, 300)); // the LISTEN connection is up

  const started = Date.now();
  const heard = Promise.all([
    servedWithin5s(listening, 'Published elsewhere', started),
    servedWithin5s(polling, 'Published elsewhere', started),
  ]);
  const published = await publish(t.db, {
    files: withHomeHeading(REPOSITORY_FILES, 'Published elsewhere'),
    actor: publisher,
    source: 'cli',
  });
  const [viaNotify, viaPoll] = await heard;
  expect(viaNotify).toBeLessThan(5_000);
  expect(viaPoll).toBeLessThan(5_000);
  expect((await listening.live()).id).toBe(published.id);
  // The earlier release is still there for the tabs that started on it.
  expect(homeHeadingOf((await listening.byId(1))!.files)).toBe('Start your free trial today!');
});
