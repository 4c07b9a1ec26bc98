/**
 * The studio's API (src/server/studio/routes.ts) as the /admin/studio page calls it: an operator's
 * session cookie and CSRF header, workspaces made from a release, files read and saved with the
 * version they were based on (a conflict answers both texts), the safety checks before anything is
 * stored, the checker's problems as markers, and preview, diff, publish, history and rollback
 * through the releases' service.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/adminPages/routes.ts';
import { listAudit, readReleaseState } from '../../src/server/releases/repository.ts';
import { publish, releaseFiles } from '../../src/server/releases/service.ts';
import { MAX_FILE_BYTES } from '../../src/server/studio/files.ts';
import { CSRF_HEADER, STUDIO_API_PREFIX } from '../../src/server/studio/wire.ts';
import { useTestDatabase } from './db.ts';
import { HOME_HEADING, REPOSITORY_FILES, withHomeHeading } from './releaseFixtures.ts';
import { type StudioOperator, useStudioApi } from './studioApiHarness.ts';

const t = useTestDatabase();
const studio = useStudioApi(t);

let editor: StudioOperator;
let otherEditor: StudioOperator;
let publisher: StudioOperator;

const operator = (email: string, role: 'editor' | 'publisher') => studio.operator(email, role);

const call = (who: StudioOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => studio.call(who, method, url, payload);

const newWorkspace = async (who: StudioOperator, from?: number | 'live'): Promise<number> => {
  const made = await call(who, 'POST', '/workspaces', from === undefined ? {} : { from });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id;
};
const readFile = async (who: StudioOperator, id: number, path: string) =>
  (await call(who, 'GET', `/workspaces/${id}/file?path=${encodeURIComponent(path)}`)).json() as { text: string; version: string };
const save = (who: StudioOperator, id: number, path: string, text: string, baseVersion: string | null) =>
  call(who, 'PUT', `/workspaces/${id}/file`, { path, text, baseVersion });

const HOME_COPY = 'copy/en/home.yaml';

beforeAll(async () => {
  editor = await operator('eddie@example.com', 'editor');
  otherEditor = await operator('erin@example.com', 'editor');
  publisher = await operator('pat@example.com', 'publisher');
}, 60_000);

describe('the operator session', () => {
  test('no session: 401; a session: its email, role and CSRF token; a write without it, or with another session’s: 403', async () => {
    const anonymous = await studio.app.inject({ method: 'GET', url: `${STUDIO_API_PREFIX}/workspaces` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toContain('/admin/login');
    const madeUp = await studio.app.inject({
      method: 'GET',
      url: `${STUDIO_API_PREFIX}/session`,
      headers: { cookie: `${SESSION_COOKIE}=made-up` },
    });
    expect(madeUp.statusCode).toBe(401);

    const session = await call(editor, 'GET', '/session');
    expect(session.json()).toEqual({ email: 'eddie@example.com', role: 'editor', csrf: editor.csrf });
    expect(session.headers['cache-control']).toBe('no-store');

    const before = (await call(editor, 'GET', '/workspaces')).json().workspaces.length;
    const noToken = await studio.app.inject({
      method: 'POST',
      url: `${STUDIO_API_PREFIX}/workspaces`,
      headers: { cookie: editor.cookie },
      payload: {},
    });
    expect(noToken.statusCode).toBe(403);
    const othersToken = await studio.app.inject({
      method: 'POST',
      url: `${STUDIO_API_PREFIX}/workspaces`,
      headers: { cookie: editor.cookie, [CSRF_HEADER]: publisher.csrf },
      payload: {},
    });
    expect(othersToken.statusCode).toBe(403);
    expect((await call(editor, 'GET', '/workspaces')).json().workspaces).toHaveLength(before);
  });
});

describe('a workspace', () => {
  test('made from the live release: its files as folders, each file’s text and version; in the audit trail', async () => {
    const liveId = (await readReleaseState(t.db))!.liveId;
    const id = await newWorkspace(editor);
    const tree = (await call(editor, 'GET', `/workspaces/${id}`)).json();
    expect(tree).toMatchObject({ id, baseId: liveId, author: 'eddie@example.com', publishedReleaseId: null });
    const folders = tree.folders.map((f: { path: string }) => f.path);
    expect(folders).toEqual(expect.arrayContaining(['funnels/', 'funnels/templates/', 'copy/en/', 'copy/es/']));
    const copyEn = tree.folders.find((f: { path: string }) => f.path === 'copy/en/');
    expect(copyEn.files.map((f: { name: string }) => f.name)).toContain('home.yaml');

    const file = await call(editor, 'GET', `/workspaces/${id}/file?path=${HOME_COPY}`);
    expect(file.statusCode).toBe(200);
    expect(file.json().text).toBe(REPOSITORY_FILES[HOME_COPY]);
    expect(file.json().version).toMatch(/^[0-9a-f]{64}$/);
    expect(file.headers.etag).toBe(`"${file.json().version}"`);
    expect((await call(editor, 'GET', `/workspaces/${id}/file?path=copy/en/nothing.yaml`)).statusCode).toBe(404);
    expect((await call(editor, 'GET', '/workspaces/999999')).statusCode).toBe(404);

    const audit = (await listAudit(t.db, 5)).find((a) => a.action === 'studio-workspace' && a.detail.workspace === id);
    expect(audit).toMatchObject({ actor: 'eddie@example.com', releaseId: liveId });
  });

  test('made from a chosen release; an unknown release: 404', async () => {
    const id = await newWorkspace(editor, 1);
    expect((await call(editor, 'GET', `/workspaces/${id}`)).json().baseId).toBe(1);
    const unknown = await call(editor, 'POST', '/workspaces', { from: 4242 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('There is no release 4242.');
  });
});

describe('saving', () => {
  test('a save gives a new version; a save based on a version replaced since is refused with both texts, and nothing is lost', async () => {
    const id = await newWorkspace(editor);
    const opened = await readFile(editor, id, HOME_COPY);
    const openedByOther = await readFile(otherEditor, id, HOME_COPY);

    const mine = opened.text.replace(HOME_HEADING, 'Eddie’s heading');
    const saved = await save(editor, id, HOME_COPY, mine, opened.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ path: HOME_COPY, unchanged: false });
    expect(saved.json().version).not.toBe(opened.version);
    expect(await readFile(otherEditor, id, HOME_COPY)).toMatchObject({ text: mine, version: saved.json().version });

    const theirs = openedByOther.text.replace(HOME_HEADING, 'Erin’s heading');
    const conflict = await save(otherEditor, id, HOME_COPY, theirs, openedByOther.version);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      reason: 'conflict',
      path: HOME_COPY,
      theirs: { text: mine, version: saved.json().version, savedBy: 'eddie@example.com' },
      yours: { text: theirs, baseVersion: openedByOther.version },
    });
    expect(conflict.json().error).toContain('eddie@example.com saved copy/en/home.yaml');
    expect((await readFile(editor, id, HOME_COPY)).text).toBe(mine);

    // Having seen Eddie's text, Erin saves hers based on it.
    const resolved = await save(otherEditor, id, HOME_COPY, theirs, saved.json().version);
    expect(resolved.statusCode).toBe(200);
    expect((await readFile(editor, id, HOME_COPY)).text).toBe(theirs);

    // The same text again writes nothing.
    const same = await save(editor, id, HOME_COPY, theirs, resolved.json().version);
    expect(same.json()).toMatchObject({ unchanged: true, version: resolved.json().version });

    const saves = (await listAudit(t.db, 20)).filter((a) => a.action === 'studio-save' && a.detail.workspace === id);
    expect(saves.map((a) => [a.actor, a.detail.path, a.detail.version])).toEqual([
      ['erin@example.com', HOME_COPY, resolved.json().version],
      ['eddie@example.com', HOME_COPY, saved.json().version],
    ]);
  });

  test('a new file is saved from no version; a second new file of the same path is a conflict', async () => {
    const id = await newWorkspace(editor);
    const path = 'copy/es/extra.yaml';
    expect((await save(editor, id, path, 'title: Hola\n', null)).statusCode).toBe(200);
    const again = await save(otherEditor, id, path, 'title: Buenas\n', null);
    expect(again.statusCode).toBe(409);
    expect(again.json().theirs.text).toBe('title: Hola\n');
    expect(again.json().yours.text).toBe('title: Buenas\n');
  });
});

describe('safety', () => {
  test('only .yaml files of funnels/, funnels/templates/ and copy/<language>/', async () => {
    const id = await newWorkspace(editor);
    for (const path of [
      '../escape.yaml',
      '/etc/passwd.yaml',
      'funnels/../copy/en/x.yaml',
      'funnels/./home.yaml',
      'src/server/app.yaml',
      'funnels/home.yml',
      'funnels/home.json',
      'funnels/other/x.yaml',
      'copy/x.yaml',
      'copy/en/sub/x.yaml',
      'copy/EN/x.yaml',
      'funnels/.hidden.yaml',
      'funnels/.translated-from.json',
      'copy/es/translated-from.json',
    ]) {
      const refused = await save(editor, id, path, 'a: 1\n', null);
      expect(refused.statusCode, path).toBe(400);
    }
    const tree = (await call(editor, 'GET', `/workspaces/${id}`)).json();
    const paths = tree.folders.flatMap((f: { files: { path: string }[] }) => f.files.map((x) => x.path));
    // Besides .yaml files, a language's fingerprints of the English it translated (docs/translators.md).
    const allowed = /^((funnels\/(templates\/)?|copy\/(en|es)\/)[\w-]+\.yaml|copy\/es\/\.translated-from\.json)$/;
    expect(paths.filter((p: string) => !allowed.test(p))).toEqual([]);
    expect((await save(editor, id, 'funnels/templates/new-one.yaml', 'a: 1\n', null)).statusCode).toBe(200);
  });

  test('a file over the cap, a workspace over its cap and aliases past the cap are refused; a YAML syntax error is kept', async () => {
    const id = await newWorkspace(editor);
    const big = await save(editor, id, 'copy/en/big.yaml', `# ${'x'.repeat(MAX_FILE_BYTES)}\n`, null);
    expect(big.statusCode).toBe(413);
    expect(big.json().reason).toBe('too-large');

    let refusedAt = -1;
    for (let n = 0; n < 20 && refusedAt < 0; n++) {
      const answer = await save(editor, id, `copy/en/filler-${n}.yaml`, `# ${'y'.repeat(MAX_FILE_BYTES - 10)}\n`, null);
      if (answer.statusCode === 413) {
        expect(answer.json().error).toContain('The workspace would be larger than 4 MB');
        refusedAt = n;
      } else expect(answer.statusCode).toBe(200);
    }
    expect(refusedAt).toBeGreaterThan(10);
    expect((await call(editor, 'GET', `/workspaces/${id}/file?path=copy/en/filler-${refusedAt}.yaml`)).statusCode).toBe(404);

    const laughs = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    ].join('\n');
    const bomb = await save(editor, id, 'copy/en/laughs.yaml', laughs, null);
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().reason).toBe('unsafe-yaml');
    expect((await call(editor, 'GET', `/workspaces/${id}/file?path=copy/en/laughs.yaml`)).statusCode).toBe(404);

    expect((await save(editor, id, 'copy/en/half-written.yaml', 'title: [unclosed\n', null)).statusCode).toBe(200);
  });

  test('editors may save and preview, not publish or roll back', async () => {
    const id = await newWorkspace(editor);
    const refused = await call(editor, 'POST', `/workspaces/${id}/publish`, { message: 'mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'role' });
    expect(refused.json().error).toContain('editors make drafts');
    expect((await call(editor, 'POST', '/releases/rollback', {})).statusCode).toBe(403);
  });
});

describe('the check', () => {
  test('the checker’s problems with file, line, column, end, severity, FL code and its docs anchor; answered within 1 s', async () => {
    const id = await newWorkspace(editor);
    const clean = await call(editor, 'POST', `/workspaces/${id}/check`);
    expect(clean.json()).toMatchObject({ ok: true, errors: 0 });

    const home = await readFile(editor, id, 'funnels/home.yaml');
    const lines = home.text.split('\n').length;
    await save(editor, id, 'funnels/home.yaml', `${home.text}\nbogusKey: 1\n`, home.version);
    const checked = await call(editor, 'POST', `/workspaces/${id}/check`);
    expect(checked.statusCode).toBe(200);
    const answer = checked.json();
    expect(answer.ok).toBe(false);
    expect(answer.diagnostics).toContainEqual({
      file: 'funnels/home.yaml',
      line: lines + 1,
      column: 1,
      end: { line: lines + 1, column: 9 },
      severity: 'error',
      code: 'FL101',
      message: expect.stringContaining('bogusKey'),
      docs: 'docs/errors.md#fl101-unknown-field',
      help: { title: 'Unknown field', why: expect.any(String), fix: expect.stringContaining('Use the suggested name') },
    });

    // The same files again: the same answer (kept by their hash: releaseFiles.ts).
    expect((await call(editor, 'POST', `/workspaces/${id}/check`)).json()).toEqual(answer);

    await save(editor, id, 'copy/en/half.yaml', 'title: [unclosed\n', null);
    const syntax = (await call(editor, 'POST', `/workspaces/${id}/check`)).json();
    expect(syntax.diagnostics).toContainEqual(
      expect.objectContaining({ file: 'copy/en/half.yaml', code: 'FL010', line: expect.any(Number) }),
    );
  });
});

describe('preview, diff, publish, history, rollback', () => {
  test('a preview of the workspace as saved: the same draft until a save, a new one after it; refused while the check fails', async () => {
    const id = await newWorkspace(editor);
    const home = await readFile(editor, id, HOME_COPY);
    await save(editor, id, HOME_COPY, home.text.replace(HOME_HEADING, 'Preview heading'), home.version);
    const first = await call(editor, 'POST', `/workspaces/${id}/preview`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().previewUrl).toBe(`/?preview=${first.json().previewToken}`);
    const draft = await releaseFiles(t.db, first.json().releaseId);
    expect(draft.files[HOME_COPY]).toContain('Preview heading');
    expect((await call(editor, 'POST', `/workspaces/${id}/preview`)).json().releaseId).toBe(first.json().releaseId);

    const edited = await readFile(editor, id, HOME_COPY);
    await save(editor, id, HOME_COPY, edited.text.replace('Preview heading', 'Second heading'), edited.version);
    const second = (await call(editor, 'POST', `/workspaces/${id}/preview`)).json();
    expect(second.releaseId).toBeGreaterThan(first.json().releaseId);
    expect((await releaseFiles(t.db, second.releaseId)).files[HOME_COPY]).toContain('Second heading');

    const funnel = await readFile(editor, id, 'funnels/home.yaml');
    await save(editor, id, 'funnels/home.yaml', `${funnel.text}\nbogusKey: 1\n`, funnel.version);
    const refused = await call(editor, 'POST', `/workspaces/${id}/preview`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ reason: 'check' });
    expect(refused.json().error).toContain('bogusKey');
  });

  test('the diff against live, publish with a message, the workspace read-only afterwards, history and rollback', async () => {
    const liveBefore = (await readReleaseState(t.db))!.liveId;
    const id = await newWorkspace(editor);
    const home = await readFile(editor, id, HOME_COPY);
    const text = home.text.replace(HOME_HEADING, 'Published from the studio');
    await save(editor, id, HOME_COPY, text, home.version);

    const diff = (await call(editor, 'GET', `/workspaces/${id}/diff`)).json();
    expect(diff).toMatchObject({ liveId: liveBefore, baseId: liveBefore, changes: { added: [], changed: [HOME_COPY], removed: [] } });
    expect(diff.diff).toContain(`-heading: ${HOME_HEADING}`);
    expect(diff.diff).toContain('+heading: Published from the studio');
    // The heading is on a screen a running experiment shows: the page warns before publishing.
    expect(diff.experiments.refusals).toEqual([]);
    expect(diff.experiments.warnings).toEqual([
      'The running experiment planSelectorSelectPlanButtons shows what this release changes: text home:heading (en). ' +
        'Its results before and after this release differ.',
    ]);

    expect((await call(publisher, 'POST', `/workspaces/${id}/publish`, {})).statusCode).toBe(400);
    const published = await call(publisher, 'POST', `/workspaces/${id}/publish`, { message: 'New heading' });
    expect(published.statusCode, published.body).toBe(200);
    const releaseId = published.json().id;
    expect(published.json()).toMatchObject({ workspace: id, draft: false, unchanged: false, warnings: diff.experiments.warnings });

    const history = (await call(editor, 'GET', '/releases')).json();
    expect(history.liveId).toBe(releaseId);
    expect(history.releases[0]).toMatchObject({
      id: releaseId,
      status: 'live',
      author: 'pat@example.com',
      message: 'New heading',
      source: 'studio',
      changes: { changed: [HOME_COPY] },
    });
    expect((await call(editor, 'GET', `/workspaces/${id}`)).json().publishedReleaseId).toBe(releaseId);

    const late = await save(editor, id, HOME_COPY, `${text}# more\n`, (await readFile(editor, id, HOME_COPY)).version);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'published', yours: { text: `${text}# more\n` } });
    expect((await call(publisher, 'POST', `/workspaces/${id}/publish`, { message: 'again' })).statusCode).toBe(409);

    const rolledBack = await call(publisher, 'POST', '/releases/rollback', {});
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(rolledBack.json()).toMatchObject({ previousLiveId: releaseId });
    expect((await readReleaseState(t.db))!.liveId).toBe(rolledBack.json().id);
  });

  test('a workspace that would undo a publish made since it was made: refused unless forced, and the forced publish says so', async () => {
    const id = await newWorkspace(editor);
    await publish(t.db, {
      files: withHomeHeading((await releaseFiles(t.db, 'live')).files, 'Published meanwhile'),
      actor: { name: 'cli:sam', role: 'publisher' },
      source: 'cli',
      force: true,
    });
    const home = await readFile(editor, id, HOME_COPY);
    await save(editor, id, HOME_COPY, home.text.replace(/^heading: .*$/m, 'heading: From the workspace'), home.version);
    const refused = await call(publisher, 'POST', `/workspaces/${id}/publish`, { message: 'heading' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'conflict' });
    expect(refused.json().error).toContain(HOME_COPY);
    const forced = await call(publisher, 'POST', `/workspaces/${id}/publish`, { message: 'heading', force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().warnings.join('\n')).toContain(`Published with --force: the changes of release`);
  });

  test("a running experiment's weights: the diff shows the refusal, publishing is refused unless forced", async () => {
    const id = await newWorkspace(editor);
    const experiments = await readFile(editor, id, 'funnels/experiments.yaml');
    const reweighted = experiments.text.replace(
      '      weights: { control: 50, variant1: 50 }',
      '      weights: { control: 80, variant1: 20 }',
    );
    expect(reweighted).not.toBe(experiments.text);
    await save(editor, id, 'funnels/experiments.yaml', reweighted, experiments.version);
    const diff = (await call(publisher, 'GET', `/workspaces/${id}/diff`)).json();
    expect(diff.experiments.refusals.join('\n')).toContain("planSelectorSelectPlanButtons's variants or weights change");
    const refused = await call(publisher, 'POST', `/workspaces/${id}/publish`, { message: 'reweigh' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('experiment');
    const forced = await call(publisher, 'POST', `/workspaces/${id}/publish`, { message: 'reweigh', force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().warnings.join('\n')).toContain('planSelectorSelectPlanButtons');
  });
});
