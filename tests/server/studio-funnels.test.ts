/**
 * The studio's funnel routes (src/server/studio/funnelRoutes.ts): the templates of a workspace with the parameters
 * its form asks for, a new funnel made from one (its funnel file, and its copy file with every key the template
 * names, empty and marked by the checker), the refusals (a parameter the checker would refuse, an id taken) that
 * write nothing, and the funnel map of a file with each screen's line.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { listAudit } from '../../src/server/releases/repository.ts';
import { useTestDatabase } from './db.ts';
import { REPOSITORY_FILES } from './releaseFixtures.ts';
import { type StudioOperator, useStudioApi } from './studioApiHarness.ts';

const t = useTestDatabase();
const studio = useStudioApi(t);
let editor: StudioOperator;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers?: Record<string, string>) =>
  studio.call(editor, method, url, payload, headers);

const newWorkspace = async (): Promise<number> => (await call('POST', '/workspaces', {})).json().id;
const fileText = async (id: number, path: string) =>
  (await call('GET', `/workspaces/${id}/file?path=${encodeURIComponent(path)}`)).json() as { text: string; version: string };
const paths = async (id: number): Promise<string[]> =>
  (await call('GET', `/workspaces/${id}`)).json().folders.flatMap((f: { files: { path: string }[] }) => f.files.map((x) => x.path));

const ACME = { id: 'acmegym', name: 'Acme Gym', annualPrice: 59.99, trialDays: 30, annualPlanId: 'codeling_annual_7999' };

beforeAll(async () => {
  editor = await studio.operator('mia@example.com', 'editor');
});

describe('templates', () => {
  test('each template of the workspace with its description and parameters: type, description, default, required', async () => {
    const id = await newWorkspace();
    const answer = await call('GET', `/workspaces/${id}/templates`);
    expect(answer.statusCode).toBe(200);
    const { templates } = answer.json();
    expect(templates.map((x: { name: string }) => x.name)).toEqual(['partner', 'promoLanding']);
    const partner = templates[0];
    expect(partner).toMatchObject({ file: 'funnels/templates/partner.yaml', idParam: 'id' });
    expect(partner.description).toContain('landing, sign-up, payment and thank-you pages');
    expect(partner.params).toContainEqual({
      name: 'id',
      type: 'id',
      description: expect.stringContaining("the partner's id"),
      required: true,
    });
    expect(partner.params).toContainEqual(expect.objectContaining({ name: 'annualPrice', type: 'price', required: false }));
    expect(partner.params).toContainEqual(expect.objectContaining({ name: 'trialDays', type: 'days', default: 7, required: false }));
    expect(partner.params.map((p: { name: string }) => p.name)).toEqual([
      'id',
      'name',
      'annualPrice',
      'monthlyPrice',
      'trialDays',
      'annualPlanId',
      'monthlyPlanId',
    ]);
    expect((await call('GET', '/workspaces/999999/templates')).statusCode).toBe(404);
  });
});

describe('a new funnel from a template', () => {
  test('writes funnels/<id>.yaml and copy/en/<id>.yaml with every key, empty; the checker marks each; both saves audited', async () => {
    const id = await newWorkspace();
    const made = await call('POST', `/workspaces/${id}/funnels`, { template: 'partner', values: ACME });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      funnel: { path: 'funnels/acmegym.yaml', unchanged: false },
      copy: { path: 'copy/en/acmegym.yaml', unchanged: false },
      texts: ['acmegym:landing.heading', 'acmegym:landing.lead', 'acmegym:register.lead', 'acmegym:payment.heading'],
    });

    // A value equal to the template's default (annualPlanId) is left to the template.
    expect((await fileText(id, 'funnels/acmegym.yaml')).text).toBe(
      '# Made in the studio from the template partner (funnels/templates/partner.yaml). Its texts: copy/en/acmegym.yaml.\n' +
        'version: 1\nuse: partner\nwith:\n  id: acmegym\n  name: Acme Gym\n  annualPrice: 59.99\n  trialDays: 30\n',
    );
    const copy = (await fileText(id, 'copy/en/acmegym.yaml')).text;
    expect(copy).toBe(
      '# The English texts of funnels/acmegym.yaml: write each one after its key. Until then the checker marks it.\n' +
        'landing:\n  heading:\n  lead:\nregister:\n  lead:\npayment:\n  heading:\n',
    );

    const check = (await call('POST', `/workspaces/${id}/check`)).json();
    expect(check.ok).toBe(false);
    const marked = check.diagnostics
      .filter((d: { file: string; severity: string }) => d.file === 'copy/en/acmegym.yaml' && d.severity === 'error')
      .map((d: { line: number; code: string }) => [d.line, d.code]);
    expect(marked).toEqual([
      [3, 'FL103'],
      [4, 'FL103'],
      [6, 'FL103'],
      [8, 'FL103'],
    ]);
    // Nothing else is wrong: written, the texts make a draft that passes the check.
    expect(check.diagnostics.filter((d: { severity: string }) => d.severity === 'error')).toHaveLength(4);
    const written = copy
      .replace('heading:\n  lead:', 'heading: Welcome, Acme Gym members!\n  lead: Coding games for your kids.')
      .replace('register:\n  lead:', 'register:\n  lead: Create your account.')
      .replace('payment:\n  heading:', 'payment:\n  heading: Start your Acme Gym membership');
    const saved = await call('PUT', `/workspaces/${id}/file`, {
      path: 'copy/en/acmegym.yaml',
      text: written,
      baseVersion: made.json().copy.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', `/workspaces/${id}/check`)).json()).toMatchObject({ ok: true, errors: 0 });

    const saves = (await listAudit(t.db, 10)).filter((a) => a.action === 'studio-save' && a.detail.workspace === id);
    expect(saves.map((a) => [a.actor, a.detail.path, a.detail.baseVersion])).toEqual([
      ['mia@example.com', 'copy/en/acmegym.yaml', made.json().copy.version],
      ['mia@example.com', 'copy/en/acmegym.yaml', null],
      ['mia@example.com', 'funnels/acmegym.yaml', null],
    ]);
  });

  test('values the checker would refuse, a missing one, one the template lacks: 422 by parameter, nothing written', async () => {
    const id = await newWorkspace();
    const before = await paths(id);
    const refused = await call('POST', `/workspaces/${id}/funnels`, {
      template: 'partner',
      values: { id: 'Acme Gym', annualPrice: 59.999, trialDays: 'thirty', colour: 'red' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'invalid-params',
      params: {
        id: 'Expected an id like acmegym: lower-case letters and digits, starting with a letter.',
        name: "Required: the partner's name as people know it, like Acme Gym.",
        annualPrice: 'Expected an amount in dollars with at most two decimals, like 9.99.',
        trialDays: 'Expected a number of days, like 30.',
        colour: "The template 'partner' has no parameter 'colour'.",
      },
    });
    const unknown = await call('POST', `/workspaces/${id}/funnels`, { template: 'partnr', values: ACME });
    expect(unknown.statusCode).toBe(404);
    expect(await paths(id)).toEqual(before);
  });

  test('an id whose files exist already: 409, nothing written; a write without the CSRF header: 403', async () => {
    const id = await newWorkspace();
    const before = await fileText(id, 'funnels/wegrowsa.yaml');
    const taken = await call('POST', `/workspaces/${id}/funnels`, { template: 'partner', values: { ...ACME, id: 'wegrowsa' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'exists', params: { id: 'funnels/wegrowsa.yaml exists already.' } });
    expect(await fileText(id, 'funnels/wegrowsa.yaml')).toEqual(before);
    // A copy file alone takes the id too (its texts would be another funnel's).
    const copyTaken = await call('POST', `/workspaces/${id}/funnels`, { template: 'partner', values: { ...ACME, id: 'home' } });
    expect(copyTaken.json()).toMatchObject({ reason: 'exists' });

    const noCsrf = await call('POST', `/workspaces/${id}/funnels`, { template: 'partner', values: ACME }, {});
    expect(noCsrf.statusCode).toBe(403);
    expect((await paths(id)).includes('funnels/acmegym.yaml')).toBe(false);
  });
});

describe('the funnel map of a file', () => {
  test('a funnel file: each screen at its line, with where it leads', async () => {
    const id = await newWorkspace();
    const map = (await call('GET', `/workspaces/${id}/map?path=funnels/signup.yaml`)).json();
    expect(map).toMatchObject({ file: 'funnels/signup.yaml', funnel: 'signup', checked: true, template: null });
    const lines = REPOSITORY_FILES['funnels/signup.yaml']!.split('\n');
    expect(map.screens.length).toBeGreaterThan(2);
    for (const screen of map.screens) expect(lines[screen.line - 1]).toContain(`id: ${screen.id}`);
    const choosePlan = map.nodes.find((n: { label: string }) => n.label.startsWith('choosePlan'));
    expect(map.edges.some((e: { from: string }) => e.from === choosePlan.id)).toBe(true);
  });

  test('a funnel made from a template: its screens at the funnel file’s lines, and where the template writes them', async () => {
    const id = await newWorkspace();
    await call('POST', `/workspaces/${id}/funnels`, { template: 'partner', values: ACME });
    // Its texts are still empty: drawn from the files as they are.
    const map = (await call('GET', `/workspaces/${id}/map?path=funnels/acmegym.yaml`)).json();
    expect(map).toMatchObject({
      funnel: 'acmegym',
      checked: false,
      template: { name: 'partner', file: 'funnels/templates/partner.yaml' },
    });
    expect(map.screens.map((s: { id: string; path: string }) => [s.id, s.path])).toEqual([
      ['acmegymLanding', '/acmegym'],
      ['acmegymRegister', '/acmegym-register'],
      ['acmegymPayment', '/acmegym-payment'],
      ['acmegymThankYou', '/acmegym-thankyou'],
    ]);
    const template = REPOSITORY_FILES['funnels/templates/partner.yaml']!.split('\n');
    for (const screen of map.screens) {
      expect(screen.line).toBe(5); // `  id: acmegym`: every screen's id is made of it
      expect(screen.template.file).toBe('funnels/templates/partner.yaml');
      expect(template[screen.template.line - 1]).toContain(`- id: \${id}${screen.id.slice('acmegym'.length)}`);
    }
    const node = (label: string) => map.nodes.find((n: { label: string }) => n.label.startsWith(label)).id;
    expect(map.edges).toContainEqual(expect.objectContaining({ from: node('acmegymLanding'), to: node('acmegymRegister') }));
  });

  test('a copy file or a template: no map, and why; a file not in the workspace: 404', async () => {
    const id = await newWorkspace();
    const copy = (await call('GET', `/workspaces/${id}/map?path=copy/en/home.yaml`)).json();
    expect(copy).toMatchObject({ funnel: null, screens: [], note: expect.stringContaining('Only a funnel file has a map') });
    const template = (await call('GET', `/workspaces/${id}/map?path=funnels/templates/partner.yaml`)).json();
    expect(template.screens).toEqual([]);
    expect((await call('GET', `/workspaces/${id}/map?path=funnels/nothing.yaml`)).statusCode).toBe(404);
  });
});
