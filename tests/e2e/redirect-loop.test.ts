/**
 * A redirect loop `npm run check` cannot see (one hop leads where client state says) stops
 * after a few hops with a page that says so and leads home, instead of the tab going round:
 * a build of the funnels with two such screens added.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadFunnelFacts } from './funnelFacts.ts';
import { arrivesAt, expectHealthyScreen, heading, screenshotForReview, useE2E, visible } from './harness.ts';

const facts = loadFunnelFacts();
const work = mkdtempSync(path.join(tmpdir(), 'e2e-redirect-loop-'));
const fixtureFunnels = path.join(work, 'funnels');

/** /loop-a goes where `expectedNextPage` says, and /loop-b goes back to /loop-a. */
const loopFunnel = `version: 1
funnel: loop
screens:
  - id: loopA
    path: /loop-a
    redirects:
      - to: { state: expectedNextPage }
    blocks:
      - type: heading
        text: common:notFound.heading
  - id: loopB
    path: /loop-b
    redirects:
      - to: /loop-a
    blocks:
      - type: heading
        text: common:notFound.heading
`;

beforeAll(async () => {
  cpSync(facts.funnelsDir, fixtureFunnels, { recursive: true });
  writeFileSync(path.join(fixtureFunnels, 'loop.yaml'), loopFunnel);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a redirect loop the checker cannot see', () => {
  const e2e = useE2E({ funnelsDir: fixtureFunnels });

  test('stops after 5 redirects with a page that says so, logs the chain, and its link leads home', async () => {
    const errors: string[] = [];
    const page = await e2e.openPage('/loop-a', {
      clientState: { expectedNextPage: '/loop-b' },
      before: async (p) => {
        p.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
      },
    });

    await heading(page, facts.copy['common:redirectLoop.heading']);
    await visible(page.getByText(facts.copy['common:redirectLoop.body']!), 'the explanation');
    expect(new URL(page.url()).pathname).toMatch(/^\/loop-[ab]$/);
    // One new address per redirect followed: five, and no more.
    const moves = page.visited.filter((url, i) => i > 0 && url !== page.visited[i - 1]);
    expect(moves.map((url) => new URL(url).pathname)).toEqual(['/loop-b', '/loop-a', '/loop-b', '/loop-a', '/loop-b']);
    expect(errors).toContain(
      '[funnel] redirect loop stopped after 5 redirects: /loop-a → /loop-b (loopA) → /loop-a (loopB) → /loop-b (loopA) ' +
        '→ /loop-a (loopB) → /loop-b (loopA); not followed: → /loop-a (loopB)',
    );
    await expectHealthyScreen(page, 'the redirect-loop page');
    await screenshotForReview(page, 'redirect-loop');

    // It stays put: no further navigation while the parent reads it.
    const settled = page.visited.length;
    await page.waitForTimeout(1000);
    expect(page.visited.length).toBe(settled);

    await page.getByRole('link', { name: facts.copy['common:redirectLoop.home'] }).click();
    await arrivesAt(page, (url) => url.pathname === '/', 'the home page');
    await heading(page);
  });
});
