/**
 * The studio's Texts view on the server (src/server/studio/textsRoutes.ts): a language's texts with
 * their status (missing, stale, done), a translator's edits saved into the workspace's copy files
 * through the studio's save path (versions, conflicts, the audit trail), recorded as translated from
 * today's English, and XLIFF and CSV export and import with `npm run copy`'s checks and messages.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { listAudit } from '../../src/server/releases/repository.ts';
import { releaseFiles } from '../../src/server/releases/service.ts';
import { STUDIO_API_PREFIX } from '../../src/server/studio/wire.ts';
import { useTestDatabase } from './db.ts';
import { HOME_HEADING, REPOSITORY_FILES } from './releaseFixtures.ts';
import { type StudioOperator, useStudioApi } from './studioApiHarness.ts';

const t = useTestDatabase();
const studio = useStudioApi(t);

let translator: StudioOperator;
let otherTranslator: StudioOperator;
let publisher: StudioOperator;

const operator = (email: string, role: 'editor' | 'publisher') => studio.operator(email, role);

const call = (who: StudioOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => studio.call(who, method, url, payload);

const ES_HOME = 'copy/es/home.yaml';
const ES_FINGERPRINTS = 'copy/es/.translated-from.json';
const EN_HOME = 'copy/en/home.yaml';
const PLANS_LABEL = 'Choose your plan';

interface Row {
  key: string;
  source: string;
  target: string | null;
  state: string;
}

const readFile = async (who: StudioOperator, id: number, path: string) =>
  (await call(who, 'GET', `/workspaces/${id}/file?path=${encodeURIComponent(path)}`)).json() as { text: string; version: string };

const listTexts = async (who: StudioOperator, id: number, locale?: string) => {
  const answer = await call(who, 'GET', `/workspaces/${id}/texts${locale ? `?locale=${locale}` : ''}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    source: string;
    locale: string;
    locales: { locale: string; total: number; translated: number; missing: number; stale: number }[];
    texts: Row[];
    versions: Record<string, string | null>;
  };
};
const row = (rows: Row[], key: string) => rows.find((r) => r.key === key);

/**
 * A workspace where Spanish lacks home:heading (its line removed) and home:plansLabel is stale
 * (its English changed after it was translated): what a translator finds after a marketer's edits.
 */
async function workspaceToTranslate(): Promise<number> {
  const made = await call(translator, 'POST', '/workspaces', {});
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as number;
  const es = await readFile(translator, id, ES_HOME);
  const withoutHeading = es.text.replace(/^heading: .*\n/m, '');
  expect(withoutHeading).not.toBe(es.text);
  expect(
    (await call(translator, 'PUT', `/workspaces/${id}/file`, { path: ES_HOME, text: withoutHeading, baseVersion: es.version })).statusCode,
  ).toBe(200);
  const en = await readFile(translator, id, EN_HOME);
  const newEnglish = en.text.replace(`plansLabel: ${PLANS_LABEL}`, 'plansLabel: Pick the plan for your family');
  expect(
    (await call(translator, 'PUT', `/workspaces/${id}/file`, { path: EN_HOME, text: newEnglish, baseVersion: en.version })).statusCode,
  ).toBe(200);
  return id;
}

beforeAll(async () => {
  translator = await operator('tina@example.com', 'editor');
  otherTranslator = await operator('tomas@example.com', 'editor');
  publisher = await operator('pat@example.com', 'publisher');
}, 60_000);

describe('a language’s texts', () => {
  test('each English text beside the language’s: missing, stale or done; the languages, counted; the files’ versions', async () => {
    expect(REPOSITORY_FILES[ES_FINGERPRINTS], 'releases hold the fingerprints of the English').toBeDefined();
    const id = await workspaceToTranslate();
    const list = await listTexts(translator, id);
    expect(list.source).toBe('en');
    expect(list.locale).toBe('es');
    expect(row(list.texts, 'home:heading')).toEqual({ key: 'home:heading', source: HOME_HEADING, target: null, state: 'missing' });
    expect(row(list.texts, 'home:plansLabel')).toEqual({
      key: 'home:plansLabel',
      source: 'Pick the plan for your family',
      target: 'Elige tu plan',
      state: 'stale',
    });
    expect(row(list.texts, 'home:cta')).toMatchObject({ target: 'Regístrate para tu prueba gratis', state: 'translated' });
    const total = list.texts.length;
    expect(list.locales).toEqual([{ locale: 'es', total, translated: total - 2, missing: 1, stale: 1 }]);
    expect(list.versions[ES_HOME]).toBe((await readFile(translator, id, ES_HOME)).version);
    expect(list.versions).not.toHaveProperty(EN_HOME);

    for (const locale of ['fr', 'en']) {
      const refused = await call(translator, 'GET', `/workspaces/${id}/texts?locale=${locale}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().reason).toBe('no-such-language');
    }
    expect((await call(translator, 'GET', `/workspaces/${id}/texts?locale=../x`)).statusCode).toBe(400);
    expect((await call(translator, 'GET', '/workspaces/999999/texts')).statusCode).toBe(404);
  });
});

/** The translator's save of two Spanish texts, on the versions the list answered. */
async function saveTwoSpanishTexts(id: number) {
  const { versions } = await listTexts(translator, id, 'es');
  return call(translator, 'POST', `/workspaces/${id}/texts/es`, {
    edits: [
      { key: 'home:heading', text: '¡Empieza hoy tu prueba gratis!' },
      { key: 'home:plansLabel', text: 'Elige el plan para tu familia' },
    ],
    versions,
  });
}

describe('saving translations', () => {
  test('into the language’s copy file, comments and order kept, made from today’s English; in the audit trail', async () => {
    const id = await workspaceToTranslate();
    const before = await readFile(translator, id, ES_HOME);
    const saved = await saveTwoSpanishTexts(id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: `Saved 2 text(s) into ${ES_HOME}; 0 unchanged, 0 left empty.`,
      written: 2,
      unchanged: 0,
      empty: 0,
      files: [ES_HOME, ES_FINGERPRINTS],
    });

    const after = (await readFile(translator, id, ES_HOME)).text;
    const relabelled = before.text.replace('plansLabel: Elige tu plan\n', 'plansLabel: Elige el plan para tu familia\n');
    const expected = `${relabelled}heading: ¡Empieza hoy tu prueba gratis!\n`;
    expect(after).toBe(expected);
    expect(after).toContain('# The plan selection page.\n');

    const list = await listTexts(translator, id, 'es');
    expect(row(list.texts, 'home:heading')).toMatchObject({ target: '¡Empieza hoy tu prueba gratis!', state: 'translated' });
    expect(row(list.texts, 'home:plansLabel')).toMatchObject({ target: 'Elige el plan para tu familia', state: 'translated' });
    expect(list.locales[0]).toMatchObject({ missing: 0, stale: 0 });

    const saves = (await listAudit(t.db, 10)).filter((a) => a.action === 'studio-save' && a.detail.workspace === id);
    expect(saves.slice(0, 2).map((a) => [a.actor, a.detail.path])).toEqual([
      ['tina@example.com', ES_FINGERPRINTS],
      ['tina@example.com', ES_HOME],
    ]);
  });

  test('based on a file another translator saved since: 409 with both texts, and nothing of it saved', async () => {
    const id = await workspaceToTranslate();
    const seenByTina = await listTexts(translator, id, 'es');
    const seenByTomas = await listTexts(otherTranslator, id, 'es');
    const first = await call(otherTranslator, 'POST', `/workspaces/${id}/texts/es`, {
      edits: [{ key: 'home:heading', text: 'Prueba gratis hoy' }],
      versions: seenByTomas.versions,
    });
    expect(first.statusCode, first.body).toBe(200);
    const fingerprints = await readFile(translator, id, ES_FINGERPRINTS);

    const second = await call(translator, 'POST', `/workspaces/${id}/texts/es`, {
      edits: [
        { key: 'home:heading', text: '¡Empieza hoy!' },
        { key: 'home:plansLabel', text: 'Elige el plan' },
      ],
      versions: seenByTina.versions,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ reason: 'conflict', path: ES_HOME, theirs: { savedBy: 'tomas@example.com' } });
    expect(second.json().theirs.text).toContain('heading: Prueba gratis hoy\n');
    expect(second.json().yours.text).toContain('heading: ¡Empieza hoy!\n');
    expect(second.json().error).toContain(`tomas@example.com saved ${ES_HOME} since you opened it`);
    expect((await readFile(translator, id, ES_FINGERPRINTS)).version).toBe(fingerprints.version);

    // Read again, Tina's text is saved over Tomás's.
    const again = await call(translator, 'POST', `/workspaces/${id}/texts/es`, {
      edits: [{ key: 'home:heading', text: '¡Empieza hoy!' }],
      versions: (await listTexts(translator, id, 'es')).versions,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(row((await listTexts(translator, id, 'es')).texts, 'home:heading')?.target).toBe('¡Empieza hoy!');
  });

  test('other placeholders, $t() or <link> than the English, or an unknown key: 422 with every problem, nothing saved', async () => {
    const id = await workspaceToTranslate();
    const { versions } = await listTexts(translator, id, 'es');
    const refused = await call(translator, 'POST', `/workspaces/${id}/texts/es`, {
      edits: [
        { key: 'home:heading', text: 'Hola' },
        { key: 'home:lead', text: 'Elige un plan y prueba gratis, {nombre}.' },
        { key: 'home:headng', text: 'Hola' },
      ],
      versions,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'translation-refused',
      problems: [
        "Your text ('home:lead'): the translation has placeholders {nombre}, but the source text has none; " +
          'other $t(...) texts than the source text',
        "Your text: 'home:headng' is not a text of copy/en/ (did you mean 'home:heading'?)",
      ],
    });
    expect(refused.json().error).toContain('2 problem(s): nothing was saved.');
    expect((await listTexts(translator, id, 'es')).versions).toEqual(versions);
  });

  test('needs the CSRF header; an emptied text is left as it was', async () => {
    const id = await workspaceToTranslate();
    const { versions } = await listTexts(translator, id, 'es');
    const body = { edits: [{ key: 'home:cta', text: '  ' }], versions };
    const noToken = await studio.app.inject({
      method: 'POST',
      url: `${STUDIO_API_PREFIX}/workspaces/${id}/texts/es`,
      headers: { cookie: translator.cookie },
      payload: body,
    });
    expect(noToken.statusCode).toBe(403);
    const emptied = await call(translator, 'POST', `/workspaces/${id}/texts/es`, body);
    expect(emptied.json()).toMatchObject({ written: 0, empty: 1, files: [] });
    expect(row((await listTexts(translator, id, 'es')).texts, 'home:cta')?.target).toBe('Regístrate para tu prueba gratis');
  });
});

describe('export and import', () => {
  test('export: the missing and stale texts (all: every one) as an XLIFF or CSV download', async () => {
    const id = await workspaceToTranslate();
    const csv = await call(translator, 'GET', `/workspaces/${id}/texts/es/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="workspace-${id}-es.csv"`);
    expect(csv.body).toBe(
      'key,source,target,state\n' +
        `home:heading,${HOME_HEADING},,missing\n` +
        'home:plansLabel,Pick the plan for your family,Elige tu plan,stale\n',
    );

    const xliff = await call(translator, 'GET', `/workspaces/${id}/texts/es/export?format=xliff&all=1`);
    expect(xliff.headers['content-disposition']).toBe(`attachment; filename="workspace-${id}-es-all.xlf"`);
    expect(xliff.body).toContain('srcLang="en" trgLang="es"');
    expect(xliff.body).toContain('<file id="home" original="copy/en/home.yaml">');
    const units = xliff.body.match(/<unit /g)?.length;
    expect(units).toBe((await listTexts(translator, id, 'es')).texts.length);

    expect((await call(translator, 'GET', `/workspaces/${id}/texts/es/export?format=pdf`)).statusCode).toBe(400);
  });

  test('import: a translated file into the workspace; a broken one refused whole with `npm run copy`’s messages', async () => {
    const id = await workspaceToTranslate();
    const exported = (await call(translator, 'GET', `/workspaces/${id}/texts/es/export?format=xliff`)).body;
    const translated = exported
      .replace(/(<source>Start your free trial today!<\/source>\s*<target>)(<\/target>)/, '$1¡Empieza hoy!$2')
      .replace('<target>Elige tu plan</target>', '<target>Elige el plan para tu familia</target>');
    expect(translated).not.toBe(exported);
    const imported = await call(translator, 'POST', `/workspaces/${id}/texts/es/import`, { name: 'es.xlf', text: translated });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      message: `Imported 2 text(s) into ${ES_HOME}; 0 unchanged, 0 left empty.`,
      files: [ES_HOME, ES_FINGERPRINTS],
    });
    expect((await listTexts(translator, id, 'es')).locales[0]).toMatchObject({ missing: 0, stale: 0 });

    const before = (await listTexts(translator, id, 'es')).versions;
    const wrongLanguage = await call(translator, 'POST', `/workspaces/${id}/texts/es/import`, {
      name: 'fr.xlf',
      text: translated.replace('trgLang="es"', 'trgLang="fr"'),
    });
    expect(wrongLanguage.statusCode).toBe(422);
    expect(wrongLanguage.json().error).toBe('fr.xlf is a translation into fr, not es: nothing was imported.');

    const broken = await call(translator, 'POST', `/workspaces/${id}/texts/es/import`, {
      name: 'es.csv',
      text: 'key,source,target,state\nhome:heading,x,"Hola, {x}",missing\nhome:cta,x,Regístrate,translated\n',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error).toBe(
      "es.csv: line 2 ('home:heading'): the translation has placeholders {x}, but the source text has none\n\n" +
        '1 problem(s): nothing was imported.',
    );
    const notCsv = await call(translator, 'POST', `/workspaces/${id}/texts/es/import`, { name: 'es.csv', text: 'a,b\n1,2\n' });
    expect(notCsv.json().error).toBe("es.csv: The CSV's first line must name its columns: key,source,target,state. Nothing was imported.");
    expect((await listTexts(translator, id, 'es')).versions).toEqual(before);
  });
});

describe('publishing', () => {
  test('the translations and their fingerprints go live with the workspace; a new workspace finds them done', async () => {
    const id = await workspaceToTranslate();
    const saved = await saveTwoSpanishTexts(id);
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call(publisher, 'POST', `/workspaces/${id}/publish`, { message: 'Spanish for the new plans label' });
    expect(published.statusCode, published.body).toBe(200);
    const live = await releaseFiles(t.db, 'live');
    expect(live.files[ES_HOME]).toContain('heading: ¡Empieza hoy tu prueba gratis!\n');
    expect(live.files[ES_FINGERPRINTS]).toBe((await readFile(translator, id, ES_FINGERPRINTS)).text);

    const next = (await call(translator, 'POST', '/workspaces', {})).json().id as number;
    expect((await listTexts(translator, next, 'es')).locales[0]).toMatchObject({ missing: 0, stale: 0 });
  }, 60_000);

  test('the fingerprints file is saved only as JSON the tools can read', async () => {
    const id = (await call(translator, 'POST', '/workspaces', {})).json().id as number;
    const file = await readFile(translator, id, ES_FINGERPRINTS);
    const bad = await call(translator, 'PUT', `/workspaces/${id}/file`, {
      path: ES_FINGERPRINTS,
      text: '[1, 2]',
      baseVersion: file.version,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toContain('.translated-from.json must be a JSON object');
  });
});
