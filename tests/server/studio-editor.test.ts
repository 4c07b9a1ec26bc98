/**
 * The studio editor's server side (src/server/studio/editor.ts, editorRoutes.ts): the check of the
 * open file as typed (not saved), with the same refusals as a save and nothing stored; the draft's
 * JSON Schemas with the mapping .vscode/settings.json is written from; and the live preview's update
 * of the frame's draft by the text as typed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/server/studio/files.ts';
import { useTestDatabase } from './db.ts';
import { HOME_HEADING, REPOSITORY_FILES } from './releaseFixtures.ts';
import { type StudioOperator, useStudioApi } from './studioApiHarness.ts';

const t = useTestDatabase();
const root = path.resolve(import.meta.dirname, '../..');
const studio = useStudioApi(t);
let editor: StudioOperator;
let id: number;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => studio.call(editor, method, url, payload);

const HOME_FUNNEL = 'funnels/home.yaml';
const HOME_COPY = 'copy/en/home.yaml';
const lineOf = (text: string, piece: string) => text.slice(0, text.indexOf(piece)).split('\n').length;

beforeAll(async () => {
  editor = await studio.operator('eddie@example.com', 'editor');
  id = (await call('POST', '/workspaces', {})).json().id;
});

describe('the check of the open file as typed', () => {
  test('a copy key missing, typed, not saved: marked at its line with its FL code and docs; fixed: gone; nothing stored', async () => {
    const typed = REPOSITORY_FILES[HOME_FUNNEL]!.replace('        text: home:heading', '        text: home:headline');
    expect((await call('POST', `/workspaces/${id}/check`)).json().ok).toBe(true);
    // As a marketer types: each pause sends a text the check has not seen yet.
    const took: number[] = [];
    for (const word of ['Welcome', 'Welcome to', 'Welcome to coding', 'Welcome to coding!']) {
      const started = performance.now();
      await call('POST', `/workspaces/${id}/check`, { path: HOME_FUNNEL, text: `${REPOSITORY_FILES[HOME_FUNNEL]}# ${word}\n` });
      took.push(performance.now() - started);
    }
    const started = performance.now();
    const answer = await call('POST', `/workspaces/${id}/check`, { path: HOME_FUNNEL, text: typed });
    took.push(performance.now() - started);
    console.log(`Checks of the open file as typed (one file changed): ${took.map((ms) => Math.round(ms)).join(', ')} ms.`);
    expect(answer.statusCode, answer.body).toBe(200);
    const marked = answer.json().diagnostics.filter((d: { file: string }) => d.file === HOME_FUNNEL);
    expect(marked).toEqual([
      expect.objectContaining({
        line: lineOf(typed, 'home:headline'),
        column: 15,
        severity: 'error',
        code: expect.stringMatching(/^FL\d{3}$/),
        message: expect.stringContaining('home:headline'),
        docs: expect.stringMatching(/^docs\/errors\.md#fl\d{3}-/),
      }),
    ]);
    expect(Math.max(...took.slice(1))).toBeLessThan(1000);

    const fixed = await call('POST', `/workspaces/${id}/check`, { path: HOME_FUNNEL, text: REPOSITORY_FILES[HOME_FUNNEL] });
    expect(fixed.json()).toMatchObject({ ok: true, errors: 0 });
    const saved = await call('GET', `/workspaces/${id}/file?path=${HOME_FUNNEL}`);
    expect(saved.json().text).toBe(REPOSITORY_FILES[HOME_FUNNEL]);
  });

  test('the refusals of a save: a path outside funnels/ and copy/ 400, too large 413, too many aliases 422', async () => {
    const outside = await call('POST', `/workspaces/${id}/check`, { path: '../server.ts', text: 'x: 1' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().reason).toBe('invalid-path');
    const large = await call('POST', `/workspaces/${id}/check`, { path: HOME_COPY, text: `a: "${'x'.repeat(MAX_FILE_BYTES)}"` });
    expect(large.statusCode).toBe(413);
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [name, previous] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
    ])
      laughs.push(`${name}: &${name} [${`*${previous}, `.repeat(8)}*${previous}]`);
    const aliases = await call('POST', `/workspaces/${id}/check`, { path: HOME_COPY, text: laughs.join('\n') });
    expect(aliases.statusCode).toBe(422);
    expect(aliases.json().reason).toBe('unsafe-yaml');
    expect((await call('POST', `/workspaces/${id}/check`, { path: HOME_COPY })).statusCode).toBe(400);
  });
});

describe('the draft’s JSON Schemas', () => {
  test('mapped to files by the globs .vscode/settings.json holds; the same schemas `npm run schema` wrote for these files', async () => {
    const mapping = (await call('GET', `/workspaces/${id}/schemas`)).json();
    const settings = JSON.parse(readFileSync(path.join(root, '.vscode/settings.json'), 'utf8'))['yaml.schemas'];
    expect(Object.fromEntries(mapping.schemas.map((s: { path: string; globs: string[] }) => [`./${s.path}`, s.globs]))).toEqual(settings);
    const funnel = await call('GET', `/workspaces/${id}/schemas/funnel.schema.json`);
    expect(funnel.statusCode).toBe(200);
    expect(funnel.headers['content-type']).toContain('application/json');
    expect(funnel.body).toBe(readFileSync(path.join(root, 'schemas/funnel.schema.json'), 'utf8'));
    expect((await call('GET', `/workspaces/${id}/schemas/nothing.schema.json`)).statusCode).toBe(404);
  });
});

describe('the live preview', () => {
  test('a heading’s text typed: the update holds it; the open funnel’s screens with their paths; new routes: a load', async () => {
    const preview = (await call('POST', `/workspaces/${id}/preview`)).json();
    const typed = REPOSITORY_FILES[HOME_COPY]!.replace(HOME_HEADING, 'Coding games, typed live');
    const live = await call('POST', `/workspaces/${id}/live-preview`, { releaseId: preview.releaseId, path: HOME_COPY, text: typed });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toMatchObject({ ok: true, update: { copy: { en: { home: { heading: 'Coding games, typed live' } } } } });
    expect(Object.keys(live.json().update.screens)).toEqual([]);

    const funnel = await call('POST', `/workspaces/${id}/live-preview`, {
      releaseId: preview.releaseId,
      path: HOME_FUNNEL,
      text: REPOSITORY_FILES[HOME_FUNNEL],
    });
    expect(funnel.json().update).toEqual({ screens: {}, copy: {} });
    expect(funnel.json().screens[0]).toEqual({ id: 'landing', path: '/' });

    const welcome = [
      '  - id: welcome',
      '    path: /welcome',
      '    title: home:title',
      '    blocks:',
      '      - { type: heading, text: home:heading }',
    ];
    const newScreen = `${REPOSITORY_FILES[HOME_FUNNEL]}\n${welcome.join('\n')}\n`;
    const routed = await call('POST', `/workspaces/${id}/live-preview`, {
      releaseId: preview.releaseId,
      path: HOME_FUNNEL,
      text: newScreen,
    });
    expect(routed.json()).toMatchObject({ ok: true, update: null });
    expect(routed.json().screens.map((s: { path: string }) => s.path)).toContain('/welcome');
    const withRoute = await call('POST', `/workspaces/${id}/preview`, { path: HOME_FUNNEL, text: newScreen });
    expect(withRoute.statusCode, withRoute.body).toBe(200);
    expect(withRoute.json().releaseId).not.toBe(preview.releaseId);

    const typo = await call('POST', `/workspaces/${id}/live-preview`, {
      releaseId: preview.releaseId,
      path: HOME_FUNNEL,
      text: REPOSITORY_FILES[HOME_FUNNEL]!.replace('text: home:heading', 'text: home:headline'),
    });
    expect(typo.json()).toMatchObject({ ok: false, update: null });
  });
});
