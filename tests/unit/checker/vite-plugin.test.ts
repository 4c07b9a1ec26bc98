import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CompiledScreenModule } from '../../../src/compiler/compiled.ts';
import { releaseCopyPath, releaseScreenPath } from '../../../src/contract/releases.ts';
import { fixturesDir, text } from './helpers.ts';
import { buildApp, devGet, devPage, devServer, writeAppEntry } from './viteApp.ts';

const temp = mkdtempSync(join(tmpdir(), 'checker-vite-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// The fixtures have the texts of fixtureRuntimeTexts.ts, not whatever components add later.
vi.mock('../../../src/compiler/runtimeTexts.ts', async (importOriginal) => {
  const { fixtureRuntimeTexts } = await import('./fixtureRuntimeTexts.ts');
  return { ...(await importOriginal<typeof import('../../../src/compiler/runtimeTexts.ts')>()), runtimeTextsOf: () => fixtureRuntimeTexts };
});

/** A small app (one entry) over a fixture project. */
function project(name: string, overlay?: string): string {
  const root = join(temp, `${name}${overlay ? `-${overlay}` : ''}`);
  cpSync(join(fixturesDir, name), root, { recursive: true });
  if (overlay) cpSync(join(fixturesDir, overlay), root, { recursive: true });
  writeAppEntry(root);
  return root;
}

describe('the Vite plugin', () => {
  it('in dev, every page carries the release (config, shell copy) and its head; its screens and languages at their addresses', async () => {
    const server = await devServer(project('_base', 'valid'));
    try {
      const { html, release } = await devPage(server);
      expect(html).toContain('<html lang="en">');
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(release.id).toBeGreaterThan(0);
      expect(release.config.app.productName).toBe('common:productName');
      expect(release.screens).toEqual({});
      // The shell's copy only; each screen's file brings its own.
      const shell = JSON.stringify(release.shellCopy);
      expect(shell).toContain('Skip to main content');
      expect(shell).not.toContain('Log into your account');
      expect(shell).not.toContain('Start your free trial today!');

      const login = await devGet(server, releaseScreenPath(release.id, 'login'));
      expect(login.status).toBe(200);
      expect(login.cacheControl).toBe('no-store');
      const module = JSON.parse(login.body) as CompiledScreenModule;
      expect(module.screen.id).toBe('login');
      expect(JSON.stringify(module.copy)).toContain('Log into your account');
      expect(JSON.stringify(module.copy)).not.toContain('Start your free trial today!');
      expect((await devGet(server, releaseCopyPath(release.id, 'es'))).status).toBe(200);
      expect((await devGet(server, releaseScreenPath(release.id, 'nowhere'))).status).toBe(404);
      expect((await devGet(server, releaseCopyPath(release.id, 'fr'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('a build reads no funnel: a config with errors does not fail it, and nothing of the config is in it', async () => {
    const output = await buildApp(project('_base', 'misspelt-route'));
    const code = output.flatMap((o) => (o.type === 'chunk' ? [o.code] : [])).join('\n');
    expect(code).not.toMatch(/Log into your account|productName|\/logn/);
  });

  it('in dev, shows every check error in the overlay with its code and frame, no stack, and reloads once the config is valid', async () => {
    const root = project('_base');
    const server = await devServer(root);
    try {
      const send = vi.spyOn(server.ws, 'send');
      expect((await devPage(server)).release.config.routes.map((r) => r.screenId)).toContain('home');

      const file = join(root, 'funnels', 'main.yaml');
      const valid = readFileSync(file, 'utf8');
      writeFileSync(file, valid.replace('to: /login', 'to: /logn').replace('text: main:login.title', 'txt: main:login.title'));
      server.watcher.emit('change', file);
      await vi.waitFor(() => expect(send).toHaveBeenCalledWith(expect.objectContaining({ type: 'error' })), { timeout: 5000 });
      const payload = send.mock.calls.at(-1)![0] as unknown as { err: Record<string, unknown> };
      expect(payload.err).toMatchObject({ plugin: 'funnel-config', stack: '', frame: '', id: file, loc: { file, line: 11, column: 13 } });
      expect(payload.err.message).toBe(
        text`
        The funnel config has errors:

        funnels/main.yaml:11:13: error FL304: No screen or route rule has the path '/logn'. Did you mean '/login'?
          10 |         label: main:home.login
        > 11 |         to: /logn
             |             ^^^^^
          12 |   - id: login
          see docs/errors.md#fl304-unknown-path

        funnels/main.yaml:16:9: error FL101: Unknown field 'txt'. Did you mean 'text'?
          15 |       - type: heading
        > 16 |         txt: main:login.title
             |         ^^^
          17 |   - id: account
          see docs/errors.md#fl101-unknown-field

        2 errors in 6 files.
      `.trimEnd(),
      );
      // A page loaded now gets Vite's error page with the same report.
      const thrown = await devPage(server).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(thrown?.message).toContain("funnels/main.yaml:16:9: error FL101: Unknown field 'txt'.");
      expect(thrown?.stack ?? '').not.toMatch(/\bat \S+ \(|vite-plugin\.ts/);

      // The page loaded while the config had errors: it has nothing to update.
      send.mockClear();
      writeFileSync(file, valid);
      server.watcher.emit('change', file);
      await vi.waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'full-reload' }), { timeout: 5000 });
      const { release } = await devPage(server);
      expect(JSON.parse((await devGet(server, releaseScreenPath(release.id, 'login'))).body)).toMatchObject({ screen: { id: 'login' } });
    } finally {
      await server.close();
    }
  });

  it('in dev, sends a save that changes only screens and copy to the page in place; the app shell or the routes reload it', async () => {
    const root = project('_base');
    const server = await devServer(root);
    const send = vi.spyOn(server.ws, 'send');
    /** Writes the file, and answers what the plugin sent the page about it. */
    const save = async (relPath: string, text: string) => {
      send.mockClear();
      writeFileSync(join(root, relPath), text);
      server.watcher.emit('change', join(root, relPath));
      await vi.waitFor(() => expect(send).toHaveBeenCalled(), { timeout: 5000 });
      return send.mock.calls.at(-1)![0] as unknown as Record<string, unknown>;
    };
    const read = (relPath: string) => readFileSync(join(root, relPath), 'utf8');
    try {
      await devPage(server); // a page has the config

      const copyText = read('copy/en/main.yaml');
      expect(await save('copy/en/main.yaml', copyText.replace('Log into your account', 'Log in to Codeling'))).toEqual({
        type: 'custom',
        event: 'funnel-config:update',
        data: {
          screens: {},
          copy: { en: { main: expect.objectContaining({ 'login.title': 'Log in to Codeling', 'home.login': 'Log in' }) } },
        },
      });

      // A screen shows another text: the screen comes with the copy it now shows.
      const funnel = read('funnels/main.yaml');
      const edited = funnel.replace('text: main:login.title', 'text: main:home.login');
      const screen = (await save('funnels/main.yaml', edited)) as { data: { screens: Record<string, unknown>; copy: unknown } };
      expect(screen).toMatchObject({ type: 'custom', event: 'funnel-config:update' });
      expect(screen.data.copy).toEqual({});
      expect(screen.data.screens).toEqual({
        login: {
          screen: expect.objectContaining({ id: 'login', blocks: [{ type: 'heading', text: 'main:home.login' }] }),
          copy: { main: { 'home.login': 'Log in' } },
        },
      });

      // An error, then the same config again: an empty update (the page closes the overlay).
      expect(await save('funnels/main.yaml', edited.replace('text: main:home.login', 'txt: main:home.login'))).toMatchObject({
        type: 'error',
      });
      expect(await save('funnels/main.yaml', edited)).toEqual({
        type: 'custom',
        event: 'funnel-config:update',
        data: { screens: {}, copy: {} },
      });

      // A new route, or a change to the app shell: the page loads again.
      const route = `${edited}  - id: extra\n    path: /extra\n    blocks:\n      - type: heading\n        text: main:home.title\n`;
      expect(await save('funnels/main.yaml', route)).toEqual({ type: 'full-reload' });
      expect(await save('funnels/app.yaml', read('funnels/app.yaml').replace('everyMs: 5000', 'everyMs: 6000'))).toEqual({
        type: 'full-reload',
      });
    } finally {
      await server.close();
    }
  });
});
