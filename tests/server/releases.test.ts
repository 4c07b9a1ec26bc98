/**
 * Keeping and changing releases: a publish makes the live release, a refused one (a mistake in
 * the files, a conflict with a publish since the deploy, an editor) changes nothing, a rollback
 * brings an earlier release back with its catalog, and the audit trail keeps each change.
 */
import { describe, expect, test, vi } from 'vitest';
import { databaseReleaseSource } from '../../src/server/releases/databaseSource.ts';
import { ReleaseRefusal } from '../../src/server/releases/refusal.ts';
import { readReleaseState, writeReleaseState } from '../../src/server/releases/repository.ts';
import {
  auditTrail,
  deleteDraft,
  listReleaseSummaries,
  publish,
  publishDraft,
  releaseFiles,
  rollback,
} from '../../src/server/releases/service.ts';
import { useTestDatabase } from './db.ts';
import {
  HOME_HEADING,
  homeHeadingOf,
  REPOSITORY_FILES,
  withAcmeGym,
  withHomeHeading,
  withMistake,
  withReplaced,
} from './releaseFixtures.ts';

const t = useTestDatabase();
const publisher = { name: 'pat@example.com', role: 'publisher' } as const;
const editor = { name: 'eddie@example.com', role: 'editor' } as const;

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReleaseRefusal);
  return error as ReleaseRefusal;
};

const liveHeading = async () => homeHeadingOf((await releaseFiles(t.db, 'live')).files);
const partner = (id: string) => t.db.selectFrom('partners').select(['id', 'is_active']).where('id', '=', id).executeTakeFirst();
const releaseCount = async () => (await t.db.selectFrom('releases').select('id').execute()).length;

describe('publishing', () => {
  test('the first release is made live with its catalog; a publish makes the next one live, seen by a source at once', {
    timeout: 60_000,
  }, async () => {
    const first = await publish(t.db, { files: REPOSITORY_FILES, actor: { name: 'deploy', role: 'publisher' }, source: 'deploy' });
    expect(first).toMatchObject({ id: 1, draft: false, unchanged: false });
    expect(await readReleaseState(t.db)).toEqual({ liveId: 1, deployedId: 1 });
    expect(await partner('gympass')).toEqual({ id: 'gympass', is_active: true });

    const source = databaseReleaseSource({ db: t.db });
    try {
      expect((await source.live()).id).toBe(1);
      let heard = 0;
      source.onLiveChange(() => heard++);
      const second = await publish(t.db, {
        files: withAcmeGym(withHomeHeading(REPOSITORY_FILES, 'Try it free for 30 days!')),
        actor: publisher,
        source: 'cli',
        message: 'AcmeGym and a new heading',
      });
      expect(second.changes).toEqual({
        added: ['copy/en/acmegym.yaml', 'funnels/acmegym.yaml'],
        changed: ['copy/en/home.yaml'],
        removed: [],
      });
      await vi.waitFor(() => expect(heard).toBe(1), { timeout: 1_000 });
      const live = await source.live();
      expect(live.id).toBe(second.id);
      expect(homeHeadingOf(live.files)).toBe('Try it free for 30 days!');
      expect((await source.byId(1))?.files['copy/en/home.yaml']).toContain(HOME_HEADING);
      expect(await partner('acmegym')).toEqual({ id: 'acmegym', is_active: true });
    } finally {
      await source.close();
    }
  });

  test('publishing the live files again makes no release', async () => {
    const before = await releaseCount();
    const again = await publish(t.db, {
      files: withAcmeGym(withHomeHeading(REPOSITORY_FILES, 'Try it free for 30 days!')),
      actor: publisher,
      source: 'cli',
    });
    expect(again).toMatchObject({ id: 2, unchanged: true });
    expect(await releaseCount()).toBe(before);
  });

  test('a release with a mistake is refused with the check report (file:line:col), and nothing changes', { timeout: 30_000 }, async () => {
    const before = await releaseCount();
    const refused = await refusal(publish(t.db, { files: withMistake(REPOSITORY_FILES), actor: publisher, source: 'cli' }));
    expect(refused.reason).toBe('check');
    expect(refused.message).toMatch(/^funnels\/home\.yaml:\d+:1: error FL101: Unknown field 'bogusKey'\./m);
    expect(await releaseCount()).toBe(before);
    expect(await liveHeading()).toBe('Try it free for 30 days!');
  });

  test('an editor makes a draft with a preview token but cannot publish or roll back', { timeout: 30_000 }, async () => {
    const refused = await refusal(
      publish(t.db, { files: withHomeHeading(REPOSITORY_FILES, 'Editor heading'), actor: editor, source: 'cli' }),
    );
    expect(refused.reason).toBe('role');
    expect(refused.message).toContain('eddie@example.com is an editor');
    expect((await refusal(rollback(t.db, { actor: editor }))).reason).toBe('role');

    const draft = await publish(t.db, {
      files: withHomeHeading(REPOSITORY_FILES, 'Editor heading'),
      actor: editor,
      source: 'cli',
      draft: true,
    });
    expect(draft).toMatchObject({ draft: true, unchanged: false });
    expect(draft.previewToken).toMatch(/^[\w-]{24}$/);
    expect(await liveHeading()).toBe('Try it free for 30 days!');
    const listed = (await listReleaseSummaries(t.db)).find((r) => r.id === draft.id);
    expect(listed).toMatchObject({ status: 'draft', author: 'eddie@example.com', previewToken: draft.previewToken });

    expect((await refusal(publishDraft(t.db, { id: draft.id, actor: editor }))).reason).toBe('role');
    // Made from release 1 (the deploy), publishing it would undo release 2's heading and partner.
    const conflict = await refusal(publishDraft(t.db, { id: draft.id, actor: publisher }));
    expect(conflict.message).toContain('copy/en/acmegym.yaml, copy/en/home.yaml, funnels/acmegym.yaml');

    const source = databaseReleaseSource({ db: t.db });
    expect(homeHeadingOf((await source.preview(draft.previewToken!))!.files)).toBe('Editor heading');
    expect(await source.preview('not-the-token-of-any-draft')).toBeUndefined();

    await deleteDraft(t.db, { id: draft.id, actor: editor });
    expect(await source.preview(draft.previewToken!)).toBeUndefined();
    await source.close();
    expect((await listReleaseSummaries(t.db)).find((r) => r.id === draft.id)).toMatchObject({ status: 'deleted', previewToken: null });
    expect((await refusal(publishDraft(t.db, { id: draft.id, actor: publisher }))).message).toBe(`There is no draft ${draft.id}.`);
  });

  test('a publish from a checkout older than a publish since the deploy is refused naming the files, unless forced', {
    timeout: 60_000,
  }, async () => {
    // The checkout (deployed as release 1) changes another file, but still has release 1's home heading.
    const fromCheckout = {
      ...REPOSITORY_FILES,
      'copy/en/gympass.yaml': REPOSITORY_FILES['copy/en/gympass.yaml']!.replace('Welcome, Gympass members!', 'Hello, Gympass members!'),
    };
    const before = await releaseCount();
    const refused = await refusal(publish(t.db, { files: fromCheckout, actor: publisher, source: 'cli' }));
    expect(refused.reason).toBe('conflict');
    expect(refused.message).toContain('would undo its changes to copy/en/acmegym.yaml, copy/en/home.yaml, funnels/acmegym.yaml');
    expect(refused.message).toContain('npm run release -- pull');
    expect(await releaseCount()).toBe(before);

    // With the live release's files pulled in, the same change publishes.
    const pulled = { ...(await releaseFiles(t.db, 'live')).files, 'copy/en/gympass.yaml': fromCheckout['copy/en/gympass.yaml']! };
    const published = await publish(t.db, { files: pulled, actor: publisher, source: 'cli' });
    expect(published.warnings).toEqual([]);
    expect(await liveHeading()).toBe('Try it free for 30 days!');

    const forced = await publish(t.db, { files: fromCheckout, actor: publisher, source: 'cli', force: true });
    expect(forced.warnings.join('\n')).toContain('undone');
    expect(await liveHeading()).toBe(HOME_HEADING);
    expect(await partner('acmegym')).toEqual({ id: 'acmegym', is_active: false });
  });
});

describe('rolling back', () => {
  test('goes to the release before the live one, with its catalog; then to a chosen one', { timeout: 60_000 }, async () => {
    const live = (await readReleaseState(t.db))!.liveId;
    const back = await rollback(t.db, { actor: publisher });
    expect(back.previousLiveId).toBe(live);
    expect(back.id).toBeLessThan(live);
    expect(await liveHeading()).toBe('Try it free for 30 days!');
    expect(await partner('acmegym')).toEqual({ id: 'acmegym', is_active: true });

    const toFirst = await rollback(t.db, { actor: publisher, to: 1 });
    expect(toFirst).toMatchObject({ id: 1, previousLiveId: back.id });
    expect(await liveHeading()).toBe(HOME_HEADING);
    // The partner's offers are kept, deactivated: nothing a subscription refers to is deleted.
    expect(await partner('acmegym')).toEqual({ id: 'acmegym', is_active: false });

    expect((await refusal(rollback(t.db, { actor: publisher }))).message).toBe('Release 1 is the first: there is none before it.');
    expect((await refusal(rollback(t.db, { actor: publisher, to: 999 }))).reason).toBe('not-found');
    expect((await refusal(rollback(t.db, { actor: publisher, to: 1 }))).message).toBe('Release 1 is live already.');
  });

  test('the audit trail holds every publish, draft, deletion and rollback, newest first', async () => {
    const trail = await auditTrail(t.db);
    expect(trail.map((e) => e.action)).toEqual([
      'rollback',
      'rollback',
      'publish',
      'publish',
      'delete-draft',
      'draft',
      'publish',
      'deploy',
    ]);
    expect(trail[0]).toMatchObject({ actor: 'pat@example.com', releaseId: 1 });
    expect(trail.at(-1)).toMatchObject({ actor: 'deploy', releaseId: 1, previousLiveId: null });
  });
});

describe('running experiments', () => {
  test("changing a running experiment's weights is refused unless forced; forced, the publish says so", {
    timeout: 60_000,
  }, async () => {
    const live = (await releaseFiles(t.db, 'live')).files;
    await writeReleaseState(
      t.db,
      { liveId: (await readReleaseState(t.db))!.liveId, deployedId: (await readReleaseState(t.db))!.liveId },
      new Date(),
    );
    const experiments = live['funnels/experiments.yaml']!;
    const reweighted = {
      ...live,
      'funnels/experiments.yaml': experiments.replace(
        '      weights: { control: 50, variant1: 50 }',
        '      weights: { control: 80, variant1: 20 }',
      ),
    };
    expect(reweighted['funnels/experiments.yaml']).not.toBe(experiments);
    const refused = await refusal(publish(t.db, { files: reweighted, actor: publisher, source: 'cli' }));
    expect(refused.reason).toBe('experiment');
    expect(refused.message).toContain("planSelectorSelectPlanButtons's variants or weights change");

    const forced = await publish(t.db, { files: reweighted, actor: publisher, source: 'cli', force: true });
    expect(forced.warnings.join('\n')).toContain('planSelectorSelectPlanButtons');
  });

  test('a publish that changes the texts and offers of a screen the experiment shows warns, naming them, and imports the offer', {
    timeout: 60_000,
  }, async () => {
    const live = (await releaseFiles(t.db, 'live')).files;
    const next = withReplaced(
      withHomeHeading(live, 'Coding games your kids will love'),
      'funnels/catalog.yaml',
      'price: 79.99\n      originalPrice: 119.88',
      'price: 69.99\n      originalPrice: 119.88',
    );
    const published = await publish(t.db, { files: next, actor: publisher, source: 'cli' });
    expect(published.warnings).toEqual([
      'The running experiment planSelectorSelectPlanButtons shows what this release changes: text home:heading (en), offer annual. ' +
        'Its results before and after this release differ.',
    ]);
    const annual = await t.db.selectFrom('web_offers').select('price_cents').where('id', '=', 'annual').executeTakeFirstOrThrow();
    expect(annual.price_cents).toBe(6999);
  });
});
