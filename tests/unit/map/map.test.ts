import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../../src/compiler/report.ts';
import { conditionText, targetText } from '../../../src/generators/map/conditionText.ts';
import { type MapFile, mapFiles, mapsCheckedFor, staleMapDiagnostics, writeMapFiles } from '../../../src/generators/map/files.ts';
import { cellText, mermaidText } from '../../../src/generators/map/markdown.ts';
import { text } from '../checker/helpers.ts';
import { mapFixture } from './fixture.ts';

/**
 * `npm run map` on tests/fixtures/map/: what a marketer reads in docs/funnels/<funnel>.md — the
 * Mermaid source of the flowchart, the screen table — and what `npm run check` says of a map
 * that no longer matches the funnels.
 */
const { root, source } = mapFixture();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files = mapFiles(source);
const mapOf = (path: string) => files.find((f) => f.path === path)!.text;
const mermaidOf = (path: string) => mapOf(path).match(/```mermaid\n([\s\S]*?)```/)![1];

describe('npm run map: the funnel maps', () => {
  it('writes one map per funnel file, named after the file', () => {
    expect(files.map((f) => [f.path, f.funnelFile])).toEqual([
      ['docs/funnels/main.md', 'funnels/main.yaml'],
      ['docs/funnels/shop.md', 'funnels/shop.yaml'],
    ]);
  });

  it('draws every screen and where each redirect, link, button, form submit and route rule leads, with its condition', () => {
    expect(mermaidOf('docs/funnels/main.md')).toBe(text`
      flowchart TD
        s_home["home<br>/"]
        s_login["login<br>/login"]
        s_account["account<br>/account"]
        s_classes["classes<br>/classes"]
        s_notFound["notFound<br>/not-found"]
        e_mainSite{{"mainSite<br>https://www.example.com/"}}
        f_shop(["shop: shop<br>/shop"])
        p__2f_old[["/old"]]
        v_expectedNextPage("the path in state expectedNextPage")
        s_home -->|"1. redirect: session.loggedIn"| s_account
        s_home -->|"2. link"| s_login
        s_home -->|"3. button (default): not flag.newLanding = variant1 and \\
      query.from = 'a #34;b#34; #60;c#62; #35;1 #124; #91;x#93;'"| s_classes
        s_home -->|"4. link (variant 1)"| e_mainSite
        s_login -->|"5. form onSubmit › login ok: …"| v_expectedNextPage
        s_login -->|"6. form onSubmit › login ok: otherwise"| s_account
        s_login -->|"7. form onSubmit › login failed › notify link"| p__2f_old
        s_account -->|"8. route rule: not session.loggedIn"| s_login
        s_classes -->|"9–10. link (2 ways)"| f_shop
        p__2f_old -->|"11. route rule"| e_mainSite
        classDef outside stroke-dasharray: 4 4
        class e_mainSite,f_shop,p__2f_old,v_expectedNextPage outside
    `);
  });

  it("shows another funnel's screen as its own node, named with its funnel, and a path with a :param as its screen", () => {
    expect(mermaidOf('docs/funnels/shop.md')).toBe(text`
      flowchart TD
        s_shop["shop<br>/shop"]
        s_lesson["lesson<br>/lesson/:number"]
        f_home(["main: home<br>/"])
        s_shop -->|"1. link"| f_home
        s_shop -->|"2. link"| s_lesson
        classDef outside stroke-dasharray: 4 4
        class f_home outside
    `);
  });

  it('lists the screens with path, English title, guards and variants', () => {
    const table = mapOf('docs/funnels/main.md').split('## Screens\n\n')[1]!.split('\n## Arrows')[0];
    expect(table).toBe(text`
      | Screen | Path | Title | Guards (redirects, in order) | Variants (the first that holds replaces the default blocks) |
      |---|---|---|---|---|
      | \`home\` | \`/\` | Start your free trial today! | session.loggedIn → /account | 1: flag.newLanding = variant1 |
      | \`login\` | \`/login\` | Log in \\| "now" &lt;fast&gt; \\*really\\* \\[here\\] |  |  |
      | \`account\` | \`/account\` | My Account | route rule 'Pages for logged-in parents': not session.loggedIn → /login |  |
      | \`classes\` | \`/classes\` |  |  |  |
      | \`notFound\` | \`/not-found\` |  |  |  |
    `);
  });

  it('lists every arrow by its number with each condition in full, also those too long for the chart', () => {
    const table = mapOf('docs/funnels/main.md').split('## Arrows\n\n')[1];
    expect(table).toBe(text`
      | # | From | To | How | When |
      |---|---|---|---|---|
      | 1 | \`home\` | \`account\` | redirect | session.loggedIn |
      | 2 | \`home\` | \`login\` | link | always |
      | 3 | \`home\` | \`classes\` | button (default) | not flag.newLanding = variant1 and query.from = 'a "b" &lt;c&gt; #1 \\| \\[x\\]' |
      | 4 | \`home\` | mainSite | link (variant 1) | always |
      | 5 | \`login\` | the path in state expectedNextPage | form onSubmit › login ok | \\
      state.expectedNextPage is set and (query.from = 'a "quoted" &lt;b&gt; #1 \\| \\[x\\]' or device.mobile) |
      | 6 | \`login\` | \`account\` | form onSubmit › login ok | otherwise |
      | 7 | \`login\` | /old | form onSubmit › login failed › notify link | always |
      | 8 | \`account\` | \`login\` | route rule | not session.loggedIn |
      | 9 | \`classes\` | shop: shop | link | always |
      | 10 | \`classes\` | shop: shop | link | session.loggedIn |
      | 11 | /old | mainSite | route rule | always |
    `);
  });

  it('is the same text every time it is drawn from the same config', () => {
    expect(mapFiles(mapFixture().source)).toEqual(files);
  });
});

describe('conditions and targets in words', () => {
  it('reads facts, tests, not, all and any the way they are meant', () => {
    expect(conditionText({ fact: 'session.loggedIn' })).toBe('session.loggedIn');
    expect(conditionText({ fact: 'session.loggedIn', is: false })).toBe('not session.loggedIn');
    expect(conditionText({ not: { fact: 'flag.x', equals: 'variant1' } })).toBe('not flag.x = variant1');
    expect(conditionText({ not: { fact: 'query.class', exists: true } })).toBe('query.class is not set');
    expect(conditionText({ fact: 'error.code', in: [100, 1, 159] })).toBe('error.code in [100, 1, 159]');
    expect(conditionText({ fact: 'query.quizAnswer', numeric: true })).toBe('query.quizAnswer is a number');
    expect(conditionText({ fact: 'navigation.path', startsWith: '/try' })).toBe('navigation.path starts with /try');
    expect(conditionText({ fact: 'query.utm_source', contains: 'summer sale' })).toBe("query.utm_source contains 'summer sale'");
    expect(
      conditionText({
        all: [{ fact: 'session.loggedIn' }, { any: [{ fact: 'customer.hasPlan' }, { not: { all: [{ fact: 'a.b' }, { fact: 'c.d' }] } }] }],
      }),
    ).toBe('session.loggedIn and (customer.hasPlan or not (a.b and c.d))');
  });

  it('reads a target list case by case', () => {
    const links = { mainSite: 'https://www.example.com/' };
    expect(
      targetText(
        [{ when: { fact: 'flag.unifiedLogin', equals: 'on' }, to: '/a' }, { to: { state: 'next' } }, { to: { external: 'mainSite' } }],
        links,
      ),
    ).toBe('flag.unifiedLogin = on → /a; otherwise → the path in state next; otherwise → mainSite (https://www.example.com/)');
  });
});

describe('escaping', () => {
  it('keeps a Mermaid label in one piece whatever the text holds', () => {
    expect(mermaidText('a "b" <i>c</i> #d & e | [f] `g`\nh')).toBe(
      'a #34;b#34; #60;i#62;c#60;/i#62; #35;d #38; e #124; #91;f#93; #96;g#96; h',
    );
  });

  it('keeps a table cell one cell of plain text', () => {
    expect(cellText('a | b <b>c</b> *d* _e_ [f](g) `h` & \\')).toBe(
      'a \\| b &lt;b&gt;c&lt;/b&gt; \\*d\\* \\_e\\_ \\[f\\](g) \\`h\\` &amp; \\\\',
    );
  });
});

describe('npm run check: maps out of date', () => {
  const report = (diagnostics: ReturnType<typeof staleMapDiagnostics>) => formatReport(diagnostics, []);

  it('says nothing when the maps are those npm run map writes', () => {
    expect(writeMapFiles(root, files)).toEqual({ written: ['docs/funnels/main.md', 'docs/funnels/shop.md'], unchanged: [], removed: [] });
    expect(staleMapDiagnostics(root, files)).toEqual([]);
    expect(writeMapFiles(root, files)).toEqual({ written: [], unchanged: ['docs/funnels/main.md', 'docs/funnels/shop.md'], removed: [] });
  });

  it('names the map that is missing, the one that changed and the one of a funnel that is gone, and says to run npm run map', () => {
    const changed: MapFile[] = files.map((f) => (f.path.endsWith('main.md') ? { ...f, text: f.text.replace('2. link', '2. button') } : f));
    rmSync(join(root, 'docs/funnels/shop.md'));
    writeFileSync(join(root, 'docs/funnels/old.md'), '# an old map\n');
    expect(report(staleMapDiagnostics(root, changed))).toBe(text`
      docs/funnels/main.md: error: The map of funnels/main.yaml is out of date: the funnel, the route rules or the copy \\
      changed since it was written. Run \`npm run map\` to write it again, and commit it.

      docs/funnels/old.md: error: This map belongs to no funnel any more. Run \`npm run map\` to remove it (or delete the file).

      docs/funnels/shop.md: error: The map of funnels/shop.yaml is missing. Run \`npm run map\` to write it, and commit it.

      3 errors in 0 files.
    `);
    expect(writeMapFiles(root, changed)).toEqual({
      written: ['docs/funnels/main.md', 'docs/funnels/shop.md'],
      unchanged: [],
      removed: ['docs/funnels/old.md'],
    });
    expect(readFileSync(join(root, 'docs/funnels/main.md'), 'utf8')).toContain('2. button');
    expect(staleMapDiagnostics(root, changed)).toEqual([]);
  });

  it("applies to the project's own funnels/ and copy/ only, not to a config checked from another folder", () => {
    expect(mapsCheckedFor({ root, funnelsDir: 'funnels', copyDir: 'copy' })).toBe(true);
    expect(mapsCheckedFor({ root, funnelsDir: join(root, 'funnels'), copyDir: join(root, 'copy') })).toBe(true);
    expect(mapsCheckedFor({ root, funnelsDir: '/tmp/a-test/funnels', copyDir: '/tmp/a-test/copy' })).toBe(false);
    expect(mapsCheckedFor({ root, funnelsDir: 'funnels', copyDir: '/tmp/a-test/copy' })).toBe(false);
  });
});
