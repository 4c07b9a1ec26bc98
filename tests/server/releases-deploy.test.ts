/**
 * The deploy rule at each start: a new database gets the checkout as release 1; a changed
 * checkout becomes a new release while nobody has published since the last deploy; a publish
 * since is kept (the log names the files and how to reconcile); and a live release this code
 * does not pass stops the start.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deployCheckout, ReleaseStartError } from '../../src/server/releases/deploy.ts';
import { readReleaseState } from '../../src/server/releases/repository.ts';
import { publish, releaseFiles } from '../../src/server/releases/service.ts';
import { useTestDatabase } from './db.ts';
import { HOME_HEADING, homeHeadingOf, makeCheckout, REPOSITORY_FILES, withAcmeGym, withHomeHeading } from './releaseFixtures.ts';

const t = useTestDatabase();
let checkout: ReturnType<typeof makeCheckout>;
beforeAll(() => {
  checkout = makeCheckout(REPOSITORY_FILES);
});
afterAll(() => checkout.remove());

const logged: string[] = [];
const deploy = () => deployCheckout(t.db, { funnelsDir: checkout.funnelsDir, copyDir: checkout.copyDir, log: (m) => logged.push(m) });
const liveHeading = async () => homeHeadingOf((await releaseFiles(t.db, 'live')).files);

test('a new database: the checkout becomes release 1 (source deploy); the same checkout again changes nothing', {
  timeout: 60_000,
}, async () => {
  expect(await deploy()).toEqual({ kind: 'first', liveId: 1 });
  const release = await t.db.selectFrom('releases').select(['source', 'author', 'parent_id']).where('id', '=', 1).executeTakeFirstOrThrow();
  expect(release).toEqual({ source: 'deploy', author: 'deploy', parent_id: null });
  expect(await deploy()).toEqual({ kind: 'same', liveId: 1 });
  expect(await readReleaseState(t.db)).toEqual({ liveId: 1, deployedId: 1 });
});

test('a changed checkout, nobody having published since: a new release', { timeout: 60_000 }, async () => {
  checkout.write(withHomeHeading(REPOSITORY_FILES, 'Deployed heading'));
  expect(await deploy()).toEqual({ kind: 'new', liveId: 2 });
  expect(await liveHeading()).toBe('Deployed heading');
  expect(await readReleaseState(t.db)).toEqual({ liveId: 2, deployedId: 2 });
});

test('someone published since: the live release stays, and the log names the files and how to reconcile', { timeout: 60_000 }, async () => {
  const published = await publish(t.db, {
    files: withAcmeGym(withHomeHeading(REPOSITORY_FILES, 'Deployed heading')),
    actor: { name: 'pat@example.com', role: 'publisher' },
    source: 'studio',
  });
  checkout.write(withHomeHeading(REPOSITORY_FILES, 'Another deployed heading'));
  logged.length = 0;
  expect(await deploy()).toEqual({
    kind: 'kept',
    liveId: published.id,
    differing: ['copy/en/acmegym.yaml', 'copy/en/home.yaml', 'funnels/acmegym.yaml'],
  });
  expect(await liveHeading()).toBe('Deployed heading');
  expect(logged.join('\n')).toContain(
    `release ${published.id} was published after the last deploy, so it stays live; this checkout differs from it in ` +
      'copy/en/acmegym.yaml, copy/en/home.yaml, funnels/acmegym.yaml',
  );
  expect(logged.join('\n')).toContain('npm run release -- pull');

  // Reconciled: the checkout pulled the live release, was committed and deployed again.
  checkout.write((await releaseFiles(t.db, 'live')).files);
  expect(await deploy()).toEqual({ kind: 'same', liveId: published.id });
  checkout.write(withAcmeGym(withHomeHeading(REPOSITORY_FILES, HOME_HEADING)));
  expect(await deploy()).toMatchObject({ kind: 'new' });
  expect(await liveHeading()).toBe(HOME_HEADING);
});

test('a checkout that does not pass the check is no release, and the start stops saying why', { timeout: 60_000 }, async () => {
  const before = await readReleaseState(t.db);
  checkout.write({ ...REPOSITORY_FILES, 'funnels/home.yaml': `${REPOSITORY_FILES['funnels/home.yaml']}\nbogusKey: 1\n` });
  const error = await deploy().then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(ReleaseStartError);
  expect(error?.message).toMatch(/funnels\/home\.yaml:\d+:1: error FL101: Unknown field 'bogusKey'/);
  expect(error?.message).toContain(`Release ${before!.liveId} stays live; no release was made.`);
  expect(await readReleaseState(t.db)).toEqual(before);

  // `npm run dev` keeps serving the live release (its browser overlay shows the mistake).
  logged.length = 0;
  const dev = await deployCheckout(t.db, { ...checkout, log: (m) => logged.push(m), brokenCheckout: 'keep-live' });
  expect(dev).toMatchObject({ kind: 'kept', liveId: before!.liveId });
  expect(logged.join('\n')).toMatch(/stays live; the checkout cannot become a release: [\s\S]*funnels\/home\.yaml:\d+:1: error FL101/);
  expect(await readReleaseState(t.db)).toEqual(before);
});

test('a live release this code does not pass (published since the deploy) stops the start, naming it', { timeout: 60_000 }, async () => {
  // A release made by other code: its funnel uses a field this code does not know.
  const state = (await readReleaseState(t.db))!;
  const foreign = { ...REPOSITORY_FILES, 'funnels/home.yaml': `${REPOSITORY_FILES['funnels/home.yaml']}\nbogusKey: 1\n` };
  const inserted = await t.db
    .insertInto('releases')
    .values({ parent_id: state.liveId, author: 'newer-code', message: '', source: 'cli', files: JSON.stringify(foreign), files_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('release_state').set({ live_release_id: inserted.id }).execute();
  checkout.write(REPOSITORY_FILES);
  const error = await deploy().then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(ReleaseStartError);
  expect(error?.message).toContain(`The live release ${inserted.id} (it was published after the last deploy`);
  expect(error?.message).toContain('npm run release -- rollback ID');
});
