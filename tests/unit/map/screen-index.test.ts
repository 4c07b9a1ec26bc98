import { rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SCREEN_INDEX_PATH, screenIndexHtml } from '../../../src/generators/map/screenIndex.ts';
import { buildApp, devServer, writeAppEntry } from '../checker/viteApp.ts';
import { mapFixture } from './fixture.ts';

// The fixture has the texts of the checker fixtures (fixtureRuntimeTexts.ts), not whatever components add later.
vi.mock('../../../src/compiler/runtimeTexts.ts', async (importOriginal) => {
  const { fixtureRuntimeTexts } = await import('../checker/fixtureRuntimeTexts.ts');
  return { ...(await importOriginal<typeof import('../../../src/compiler/runtimeTexts.ts')>()), runtimeTextsOf: () => fixtureRuntimeTexts };
});

/**
 * The screen index of `npm run dev`: every screen with a link, its path, guards and variants,
 * and a link per variant of each flag the screen reads; served by the dev server only.
 */
const { root, source } = mapFixture();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rowOf = (html: string, id: string) => html.match(new RegExp(`<tr id="${id}">.*</tr>`))?.[0];

describe('the dev screen index', () => {
  const html = screenIndexHtml(source);

  it('lists every screen of every funnel, by funnel', () => {
    expect([...html.matchAll(/<h2>(\w+) <small>([^<]+)<\/small><\/h2>/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'main funnels/main.yaml',
      'shop funnels/shop.yaml',
    ]);
    expect([...html.matchAll(/<tr id="(\w+)">/g)].map((m) => m[1])).toEqual([
      'home',
      'login',
      'account',
      'classes',
      'notFound',
      'shop',
      'lesson',
    ]);
  });

  it('links each screen, and each variant of the flags it reads through ?variantOverride=flag:variant', () => {
    expect(rowOf(html, 'home')).toBe(
      '<tr id="home"><td>home</td><td><a href="/?variantOverride=">/</a></td><td>Start your free trial today!</td>' +
        '<td>session.loggedIn → /account</td><td>1: flag.newLanding = variant1</td>' +
        '<td><div>newLanding: <a href="/?variantOverride=newLanding:control">control (default)</a> · ' +
        '<a href="/?variantOverride=newLanding:variant1">variant1</a></div></td></tr>',
    );
    expect(rowOf(html, 'account')).toContain('<td>route rule &#39;Pages for logged-in parents&#39;: not session.loggedIn → /login</td>');
  });

  it('escapes the text it shows, and does not link a path that needs a value', () => {
    expect(rowOf(html, 'login')).toContain('<td>Log in | &#34;now&#34; &#60;fast&#62; *really* [here]</td>');
    expect(rowOf(html, 'lesson')).toContain('<td>/lesson/:number <small>(needs a value for :number)</small></td>');
  });

  it(`is served at ${SCREEN_INDEX_PATH} by the dev server, and lists the check errors while there are some`, async () => {
    const server = await devServer(root);
    const http = createHttpServer(server.middlewares);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${SCREEN_INDEX_PATH}`;
    try {
      const answer = await fetch(url);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(rowOf(await answer.text(), 'home')).toContain('<a href="/?variantOverride=newLanding:variant1">variant1</a>');

      writeFileSync(
        join(root, 'funnels', 'broken.yaml'),
        'version: 1\nfunnel: broken\nscreens:\n  - id: home\n    path: /x\n    blocks: []\n',
      );
      server.watcher.emit('change', join(root, 'funnels', 'broken.yaml'));
      await vi.waitFor(async () => expect(await (await fetch(url)).text()).toContain('The funnel config has errors'), { timeout: 5000 });
      expect(await (await fetch(url)).text()).toContain('funnels/broken.yaml:6:13: error: This list needs at least one item.');
    } finally {
      rmSync(join(root, 'funnels', 'broken.yaml'), { force: true });
      await new Promise((resolve) => http.close(resolve));
      await server.close();
    }
  });

  it('is not in a build', async () => {
    writeAppEntry(root);
    const code = (await buildApp(root)).map((o) => (o.type === 'chunk' ? o.code : String(o.source))).join('\n');
    expect(code).toContain('Start your free trial today!');
    expect(code).not.toContain(SCREEN_INDEX_PATH);
    expect(code).not.toContain('Try a flag');
  });
});
