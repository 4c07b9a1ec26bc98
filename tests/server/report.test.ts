/**
 * The experiments report from seeded rows (tests/server/reportSeed.ts): the numbers the page
 * shows, the same in `npm run report`; and `npm run operator -- create` with the server running
 * and without it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_PREFIX } from '../../src/server/admin/prefix.ts';
import { readAdminToken } from '../../src/server/admin/token.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { adminBrowser, newOperator, OPERATOR_PASSWORD, tablesOf } from './adminPages.ts';
import { useBackendServer } from './backendServer.ts';
import { cliEnv, runScript, startQuietServer, useCliFolder } from './cliHarness.ts';
import { EXPECTED_TABLES, funnelsWithReportExperiments, REPORT_FIXTURE_DIR, seedReportRows } from './reportSeed.ts';

/** A line of `npm run report` holding these cells in order, columns apart. */
const textRow = (cells: string[]) =>
  new RegExp(`^\\s+${cells.map((c) => c.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&').replace(/ /g, '\\s')).join('\\s{2,}')}$`, 'm');

function expectReportText(text: string) {
  for (const [caption, rows] of Object.entries(EXPECTED_TABLES)) {
    expect(text, caption).toContain(`\n${caption}\n`);
    for (const row of rows) expect(text, `${caption}: ${row.join(' | ')}`).toMatch(textRow(row));
  }
}

describe('the report page', () => {
  const s = useBackendServer({ funnelsDir: REPORT_FIXTURE_DIR });
  beforeAll(async () => seedReportRows(s.db));

  test('shows per variant, partner, campaign and funnel step what the seeded rows hold', async () => {
    const b = adminBrowser(() => s.app);
    await b.logIn(await newOperator(s.db), OPERATOR_PASSWORD);
    const page = await b.get('/admin/report');
    expect(page.statusCode).toBe(200);
    expect(tablesOf(page.body)).toEqual(EXPECTED_TABLES);
    // The declared experiments in their file's order, then the undeclared one; plainFlag has no experiment.
    expect([...page.body.matchAll(/<h3 id="experiment-\d+">(.*?)<\/h3>/g)].map((m) => m[1])).toEqual([
      'heroCopy',
      'oldTest',
      'retiredTest',
    ]);
    expect(page.body).not.toContain('plainFlag');
    // Every table has column headers and row headers; each chart a canvas with a text alternative.
    expect(page.body).toContain('<th scope="col" class="num">P(beats control)</th>');
    expect(page.body).toContain('<th scope="row">bold</th>');
    expect(page.body.match(/<canvas data-chart="experiment"[^>]*role="img" aria-label="[^"]+">/g)).toHaveLength(3);
    expect(page.body.match(/<canvas data-chart="funnel"[^>]*role="img" aria-label="[^"]+">/g)).toHaveLength(2);
  });

  test("the charts' data is JSON in the page (no inline script), and the scripts are Chart.js and report.js, cached a year", async () => {
    const b = adminBrowser(() => s.app);
    await b.logIn(await newOperator(s.db), OPERATOR_PASSWORD);
    const page = await b.get('/admin/report');
    const json = /<script type="application\/json" id="report-chart-data">(.*?)<\/script>/s.exec(page.body)![1]!;
    const data = JSON.parse(json);
    expect(data.experiments[0].variants[1]).toMatchObject({ variant: 'bold', rate: 0.2 });
    expect(data.funnels.find((f: { funnel: string }) => f.funnel === 'signup').steps.map((x: { visitors: number }) => x.visitors)).toEqual([
      100, 60, 45,
    ]);
    const scripts = [...page.body.matchAll(/<script defer src="([^"]+)"><\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^\/admin\/assets\/chart-[\w-]{10}\.js$/);
    expect(scripts[1]).toMatch(/^\/admin\/assets\/report-[\w-]{10}\.js$/);
    const chart = await s.app.inject({ method: 'GET', url: scripts[0]! });
    expect(chart.statusCode).toBe(200);
    expect(chart.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(chart.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chart.body).toContain('Chart.js v4');
    expect((await s.app.inject({ method: 'GET', url: '/admin/assets/chart-0000000000.js' })).statusCode).toBe(404);
  });

  test('JSON in the chart data cannot end its script element', async () => {
    await s.db.insertInto('experiment_exposures').values({ experiment: '</script><b>x', visitor_id: 'x-1', variant: 'a' }).execute();
    const b = adminBrowser(() => s.app);
    await b.logIn(await newOperator(s.db), OPERATOR_PASSWORD);
    const page = await b.get('/admin/report');
    expect(page.body).not.toContain('</script><b>');
    expect(page.body).toContain('&lt;/script&gt;&lt;b&gt;x');
    await s.db.deleteFrom('experiment_exposures').where('visitor_id', '=', 'x-1').execute();
  });
});

describe('npm run operator and npm run report on the embedded database', () => {
  const folder = useCliFolder('report-cli-');
  const funnels = { dir: '', remove: () => {} };
  beforeAll(() => Object.assign(funnels, funnelsWithReportExperiments()));
  afterAll(() => funnels.remove());
  const cli = (script: string, args: string[], stdin?: string) => {
    const running = runScript(script, args, cliEnv(folder.dataDir(), { FUNNELS_DIR: funnels.dir }));
    running.child.stdin?.end(stdin ?? '');
    return running;
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );

  test('with the server running: the operator logs in, and the page and the text report show the same numbers', async () => {
    const app = await startQuietServer(folder, { funnelsDir: funnels.dir });
    try {
      await seedReportRows(app.backend.accounts.db);
      const created = await cli('operator.ts', ['create', '--email', 'Ops@Example.com'], 'a-long-operator-password\n');
      expect(created.stdout).toMatch(
        /^Created the operator ops@example\.com \(editor\) in the server on port \d+\. Log in at \/admin\/login\.\n$/,
      );

      const b = adminBrowser(() => app);
      expect((await b.logIn('ops@example.com', 'a-long-operator-password')).headers.location).toBe('/admin/report');
      const page = await b.get('/admin/report');
      expect(tablesOf(page.body)).toEqual(EXPECTED_TABLES);

      const report = await cli('report.ts', []);
      expectReportText(report.stdout);
      expect(report.stderr).toMatch(/read from the server on port \d+/);

      // The admin endpoint answers the same report as JSON.
      const json = await app.inject({
        method: 'POST',
        url: `${ADMIN_PREFIX}/report`,
        headers: { authorization: `Bearer ${readAdminToken(folder.dataDir())}` },
        payload: {},
        remoteAddress: '127.0.0.1',
      });
      expect(json.json().experiments.map((e: { name: string; state: string }) => `${e.name}:${e.state}`)).toEqual([
        'heroCopy:running',
        'oldTest:stopped',
        'retiredTest:undeclared',
      ]);

      const again = await failure(cli('operator.ts', ['create', '--email', 'ops@example.com'], 'another-long-password\n'));
      expect(again).toMatchObject({ code: 1, stderr: 'An operator with the email ops@example.com exists already.\n' });
    } finally {
      await app.close();
    }

    // Without the server: the CLIs open the database themselves.
    const direct = await cli('report.ts', []);
    expectReportText(direct.stdout);
    expect(direct.stderr).toContain(`read from the embedded database in ${folder.dataDir()}`);
    const second = await cli('operator.ts', ['create', '--email', 'second@example.com'], 'yet-another-long-password\n');
    expect(second.stdout).toContain(`Created the operator second@example.com (editor) in the embedded database in ${folder.dataDir()}.`);
    const handle = await openDatabase({ dataDir: folder.dataDir(), role: 'cli' });
    try {
      const rows = await handle.db.selectFrom('operators').select(['email', 'password_hash']).orderBy('email').execute();
      expect(rows.map((r) => r.email)).toEqual(['ops@example.com', 'second@example.com']);
      for (const row of rows) expect(row.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    } finally {
      await handle.close();
    }
  }, 180_000);

  test('a bad email, a short password or a wrong command line: refused with the reason', async () => {
    expect(await failure(cli('operator.ts', ['create', '--email', 'not-an-email'], 'a-long-operator-password\n'))).toMatchObject({
      code: 1,
      stderr: "'not-an-email' is not an email address.\n",
    });
    expect(await failure(cli('operator.ts', ['create', '--email', 'short@example.com'], 'short\n'))).toMatchObject({
      code: 1,
      stderr: 'The password is too short: use at least 12 characters.\n',
    });
    const usage = await failure(cli('operator.ts', ['create']));
    expect(usage).toMatchObject({ code: 2 });
    expect(usage.stderr).toMatch(/^--email is required\.\n\nUsage: npm run operator -- create --email ADDRESS/);
  }, 60_000);
});
