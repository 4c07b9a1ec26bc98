/**
 * The server serves releases (src/server/releases/): each release's screens and languages at
 * addresses that name it, side by side and cached for good; every page carries the live one; a
 * publish is served at once, and a release that fails the check never is.
 */

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { releaseCopyPath, releaseScreenPath } from '../../src/contract/releases.ts';
import type { PageRelease } from '../../src/runtime/startup/release.ts';
import { buildServer } from '../../src/server/app.ts';
import type { ReleaseFiles } from '../../src/server/releases/source.ts';
import { buildReport, type Report } from '../../src/server/report/build.ts';
import { FAST_SCRYPT } from './backendServer.ts';
import { useTestDatabase } from './db.ts';
import { makeShellDist } from './shellDist.ts';
import { checkoutFiles, edited, testReleaseSource } from './testReleases.ts';

const OLD_HEADING = 'Start your free trial today!';
const NEW_HEADING = 'Your first week of coding is on us!';

const checkout = checkoutFiles();
const withHeading = (heading: string): ReleaseFiles =>
  edited(checkout, 'copy/en/home.yaml', `heading: ${OLD_HEADING}`, `heading: ${heading}`);

const t = useTestDatabase();
let shell: ReturnType<typeof makeShellDist>;
let app: FastifyInstance;
const releases = testReleaseSource({ id: 1, files: checkout });

beforeAll(async () => {
  shell = makeShellDist('releases-serving');
  app = await buildServer({
    distDir: shell.distDir,
    dataDir: shell.dataDir,
    db: t.db,
    releases: releases.source,
    backend: { environment: 'test', dispatchOutbox: false },
    overrides: { passwordParams: FAST_SCRYPT },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  shell?.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** The release a page of the app carries. */
async function pageRelease(url = '/'): Promise<{ html: string; release: PageRelease }> {
  const answer = await get(url, { accept: 'text/html' });
  expect(answer.statusCode).toBe(200);
  const json = /<script type="application\/json" id="page-release">(.*?)<\/script>/.exec(answer.body)?.[1];
  expect(json, 'the page carries its release').toBeDefined();
  return { html: answer.body, release: JSON.parse(json!) as PageRelease };
}

describe('releases served', () => {
  test('a page carries the live release: its config, the shell copy, the head texts; its screens at its addresses', async () => {
    const { html, release } = await pageRelease('/');
    expect(release.id).toBe(1);
    expect(release.config.routes.find((r) => r.path === '/')?.screenId).toBe('landing');
    expect(JSON.stringify(release.shellCopy)).not.toContain(OLD_HEADING);
    expect(html).toContain('<title>Codeling</title>');
    expect(html).toContain('<meta name="description" content="Coding for kids, one fun step at a time: the Codeling app');

    const screen = await get(releaseScreenPath(1, 'landing'));
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(screen.headers['content-type']).toMatch(/^application\/json/);
    expect(screen.json()).toMatchObject({ screen: { id: 'landing' }, copy: { home: { heading: OLD_HEADING } } });
    const es = await get(releaseCopyPath(1, 'es'));
    expect(es.statusCode).toBe(200);
    expect(es.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Object.keys(es.json() as object)).toContain('home');
  });

  test('an unknown release, screen or language is a 404 that is not cached for good', async () => {
    for (const url of [
      releaseScreenPath(99, 'landing'),
      releaseScreenPath(1, 'nowhere'),
      releaseCopyPath(1, 'fr'),
      '/releases/abc/screens/landing.json',
      '/releases/1/screens/landing',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['cache-control'], url).not.toContain('immutable');
    }
  });

  test('a publish is served at once; the earlier release stays served side by side for the tabs still on it', async () => {
    releases.publish({ id: 2, files: withHeading(NEW_HEADING) });
    await expect.poll(async () => (await pageRelease('/')).release.id).toBe(2);

    expect((await get(releaseScreenPath(2, 'landing'))).json()).toMatchObject({ copy: { home: { heading: NEW_HEADING } } });
    expect((await get(releaseScreenPath(1, 'landing'))).json()).toMatchObject({ copy: { home: { heading: OLD_HEADING } } });
    // A page carries the screen it shows first (here the shell page of a build without the renderer).
    const { release } = await pageRelease('/login');
    expect(release.id).toBe(2);
    expect(Object.keys(release.screens)).toEqual(['login']);
  });

  test('a release that fails the check is never served: the one before stays live, and its own addresses are 404', async () => {
    const broken = { ...withHeading(NEW_HEADING), 'funnels/home.yaml': `${checkout['funnels/home.yaml']}\nnot: [valid\n` };
    releases.publish({ id: 3, files: broken });
    // Give the listener its turn, then ask: still release 2.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await pageRelease('/')).release.id).toBe(2);
    expect((await get(releaseScreenPath(3, 'landing'))).statusCode).toBe(404);
  });

  test('events count on the release the page named (X-Release), or on none the server does not know; the report splits by it', async () => {
    const post = (release: string, visitor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { cookie: `experimentId=${visitor}`, 'content-type': 'application/json', 'x-release': release },
        payload: { events: [{ type: 'step', funnel: 'home', screen: 'landing', step: 0 }] },
      });
    expect((await post('1', 'visitor-on-1')).statusCode).toBe(204);
    expect((await post('999', 'visitor-on-999')).statusCode).toBe(204);
    const rows = await t.db
      .selectFrom('funnel_step_views')
      .select(['visitor_id', 'release_id'])
      .where('visitor_id', 'in', ['visitor-on-1', 'visitor-on-999'])
      .orderBy('visitor_id')
      .execute();
    expect(rows).toEqual([
      { visitor_id: 'visitor-on-1', release_id: '1' },
      { visitor_id: 'visitor-on-999', release_id: null },
    ]);

    // The report counts both, or release 1's only (/admin/report?release=1, npm run report -- --release 1).
    const landing = (report: Report) => report.funnels.find((f) => f.funnel === 'home')?.steps.find((s) => s.screen === 'landing');
    expect(landing(await buildReport(t.db, []))?.visitors).toBe(2);
    const onRelease1 = await buildReport(t.db, [], undefined, 1);
    expect(onRelease1.release).toBe(1);
    expect(landing(onRelease1)?.visitors).toBe(1);
    expect(landing(await buildReport(t.db, [], undefined, 2))).toBeUndefined();
  });
});

describe('a server whose live release fails the check', () => {
  test('does not start, and says why with the check report', async () => {
    const broken = testReleaseSource({ id: 7, files: { ...checkout, 'funnels/home.yaml': 'funnel: [' } });
    await expect(
      buildServer({ dataDir: path.join(shell.root, 'data-broken'), db: t.db, releases: broken.source, backend: { environment: 'test' } }),
    ).rejects.toThrow(/Release 7 does not pass the check[\s\S]*funnels\/home\.yaml:1:/);
  });
});
