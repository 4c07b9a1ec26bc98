import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixturesDir, text } from './helpers.ts';
import { buildApp, devServer, writeAppEntry } from './viteApp.ts';

const temp = mkdtempSync(join(tmpdir(), 'checker-vite-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// The fixtures have the texts of fixtureRuntimeTexts.ts, not whatever components add later.
vi.mock('../../../src/compiler/runtimeTexts.ts', async (importOriginal) => {
  const { fixtureRuntimeTexts } = await import('./fixtureRuntimeTexts.ts');
  return { ...(await importOriginal<typeof import('../../../src/compiler/runtimeTexts.ts')>()), runtimeTextsOf: () => fixtureRuntimeTexts };
});

/** A small app (one entry importing the virtual module) over a fixture project. */
function project(name: string, overlay?: string): string {
  const root = join(temp, `${name}${overlay ? `-${overlay}` : ''}`);
  cpSync(join(fixturesDir, name), root, { recursive: true });
  if (overlay) cpSync(join(fixturesDir, overlay), root, { recursive: true });
  writeAppEntry(root);
  return root;
}

async function buildChunks(root: string) {
  return (await buildApp(root)).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
}

describe('the Vite plugin', () => {
  it('builds the config into JSON modules: one chunk per screen and per extra locale, no YAML parser or zod', async () => {
    const chunks = await buildChunks(project('_base', 'valid'));
    const entry = chunks.find((c) => c.isEntry)!;
    const screenIds = ['home', 'login', 'account', 'classes', 'notFound', 'quickStart', 'trialPlan', 'trialAccount'];
    for (const id of screenIds) {
      const chunk = chunks.find((c) => c.moduleIds.includes(`\0virtual:funnel-config/screen/${id}`));
      expect(chunk, id).toBeDefined();
      expect(chunk!.isEntry).toBe(false);
      expect(chunk!.moduleIds).toHaveLength(1);
    }
    expect(chunks.find((c) => c.moduleIds.includes('\0virtual:funnel-config/copy/es'))?.isEntry).toBe(false);
    expect(chunks).toHaveLength(1 + screenIds.length + 1);
    expect(entry.code).toMatch(/productName:.common:productName./);
    // The entry has the shell's copy only; each screen's chunk brings its own.
    expect(entry.code).toContain('Skip to main content');
    const chunkOf = (id: string) => chunks.find((c) => c.moduleIds.includes(`\0virtual:funnel-config/screen/${id}`))!;
    expect(chunkOf('login').code).toContain('Log into your account');
    expect(entry.code).not.toContain('Log into your account');
    expect(chunkOf('home').code).toContain('Start your free trial today!');
    expect(entry.code).not.toContain('Start your free trial today!');
    expect(chunkOf('home').code).not.toContain('Log into your account');
    for (const chunk of chunks) {
      // Only our JSON modules, the entry, and Vite's helper for preloading lazy chunks.
      expect(
        chunk.moduleIds.every(
          (id) => id.startsWith('\0virtual:funnel-config') || id.endsWith('main.js') || id === '\0vite/preload-helper.js',
        ),
      ).toBe(true);
      expect(chunk.code).not.toMatch(/parseDocument|LineCounter|ZodError|safeParse/);
    }
  });

  it('fails the build with the check report when the config has an error', async () => {
    await expect(buildApp(project('_base', 'misspelt-route'))).rejects.toThrow(
      new RegExp(
        /The funnel config has errors:[\s\S]*funnels\/case\.yaml:12:13: error: /.source +
          /No screen or route rule has the path '\/logn'\. Did you mean '\/login'\?\n {2}11 \|/.source,
      ),
    );
  });

  it('in dev, shows every check error in the overlay with its code and frame, no stack, and reloads once the config is valid', async () => {
    const root = project('_base');
    const server = await devServer(root);
    try {
      const send = vi.spyOn(server.ws, 'send');
      const module = await server.transformRequest('virtual:funnel-config');
      expect(module?.code).toContain('virtual:funnel-config/screen/home');

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
      const thrown = await server.transformRequest('virtual:funnel-config').then(
        () => undefined,
        (e: Error) => e,
      );
      expect(thrown?.message).toContain("funnels/main.yaml:16:9: error FL101: Unknown field 'txt'.");
      expect(thrown?.stack ?? '').not.toMatch(/\bat \S+ \(|vite-plugin\.ts/);

      // The page asked for the config while it had errors: it has nothing to update.
      send.mockClear();
      writeFileSync(file, valid);
      server.watcher.emit('change', file);
      await vi.waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'full-reload' }), { timeout: 5000 });
      expect((await server.transformRequest('virtual:funnel-config'))?.code).toContain('virtual:funnel-config/screen/login');
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
      await server.transformRequest('virtual:funnel-config'); // a page has the config

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
