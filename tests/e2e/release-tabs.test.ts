/**
 * A tab keeps the release it started on (src/runtime/startup/release.ts): after a publish, a tab
 * opened before goes on showing the earlier release's screens, a fresh tab shows the new one, and
 * the first tab gets it at its next full load. Nothing is rebuilt: the server serves the releases.
 */
import { describe, expect, test } from 'vitest';
import { checkoutFiles, edited, testReleaseSource } from '../server/testReleases.ts';
import { useE2E, visible } from './harness.ts';

const OLD_LANDING = 'Start your free trial today!';
const NEW_LANDING = 'Your first week of coding is on us!';
const OLD_LOGIN = 'Log into your account';
const NEW_LOGIN = 'Welcome back to Codeling';

const first = checkoutFiles();
const second = edited(
  edited(first, 'copy/en/home.yaml', `heading: ${OLD_LANDING}`, `heading: ${NEW_LANDING}`),
  'copy/en/account.yaml',
  `heading: ${OLD_LOGIN}`,
  `heading: ${NEW_LOGIN}`,
);
const releases = testReleaseSource({ id: 1, files: first });
const e2e = useE2E({ releases: releases.source });

describe('a tab and its release', () => {
  test('a tab opened before a publish stays on its release; a fresh tab, and its next full load, get the new one', async () => {
    const before = await e2e.openPage('/');
    await visible(before.getByRole('heading', { level: 1, name: OLD_LANDING }), 'the landing heading of release 1');

    releases.publish({ id: 2, files: second });
    const fresh = await e2e.openPage('/');
    await visible(fresh.getByRole('heading', { level: 1, name: NEW_LANDING }), 'the landing heading of release 2');

    // The earlier tab goes on: the login screen it opens is release 1's, fetched from release 1's address.
    const asked: string[] = [];
    before.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await before.locator('main a[href^="/login"]').first().click();
    await visible(before.getByRole('heading', { level: 1, name: OLD_LOGIN }), "release 1's login heading");
    expect(asked.filter((p) => p.startsWith('/releases/')).every((p) => p.startsWith('/releases/1/'))).toBe(true);

    // Its next full load is on the live release.
    await before.reload();
    await visible(before.getByRole('heading', { level: 1, name: NEW_LOGIN }), "release 2's login heading after a reload");
    await fresh.goto(e2e.at('/login'));
    await visible(fresh.getByRole('heading', { level: 1, name: NEW_LOGIN }), "release 2's login heading in the fresh tab");
  });
});
