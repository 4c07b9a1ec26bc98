import { describe, expect, it } from 'vitest';
import { checkCase, text } from './helpers.ts';

/**
 * Every file is read with its line and column positions; what the parser cannot read is
 * reported once per file (later syntax errors are usually consequences of the first).
 * Each case is a folder of tests/fixtures/checker/ laid over the valid base project; the
 * whole printed report is compared.
 */
describe('npm run check: YAML files that cannot be read', () => {
  it('a YAML syntax error is reported where the parser stopped, in plain words', () => {
    expect(checkCase('yaml-syntax').report).toBe(text`
      funnels/case.yaml:3:14: error: YAML syntax error: this value contains ': ', which YAML reads as the start of a new key. \\
        Put the whole value in quotes.
        2 | funnel: case
      > 3 | description: Sign up: the fast way
          |              ^^^^^^^^^^^^^^^^^^^^^
        4 | screens:

      1 error in 7 files.
    `);
  });

  it('a duplicate key is reported at its second occurrence', () => {
    expect(checkCase('duplicate-key').report).toBe(text`
      funnels/case.yaml:9:5: error: The key 'path' appears twice in the same group. Keep only one of them.
        8 |         text: main:home.title
      > 9 |     path: /register
          |     ^^^^

      1 error in 7 files.
    `);
  });

  it('an alias used inside its own anchor (a line indented too far) is reported, not followed forever', () => {
    expect(checkCase('alias-loop').report).toBe(text`
      funnels/case.yaml:12:19: error: '*goHome' is used inside what '&goHome' names, so it would repeat itself forever. \\
        Check the indentation of this line (it may belong further left), or write the content out here.
        11 |             to: /
      > 12 |             then: *goHome
           |                   ^^^^^^^

      1 error in 7 files.
    `);
  });

  it('a file without `version: 1` is told to add it', () => {
    expect(checkCase('missing-version').report).toBe(text`
      funnels/case.yaml:1:1: error: This file is written for funnel language version 1: put \`version: 1\` at the top.
      > 1 | funnel: case
          | ^^^^^^
        2 | screens:

      1 error in 7 files.
    `);
  });

  it('a file with none of app:/flags:/funnel: gets a suggestion for its top key', () => {
    expect(checkCase('unknown-kind').report).toBe(text`
      funnels/case.yaml:2:1: error: This file is not a funnel, app, experiments, catalog or template file: it needs one of \\
        'app:' (the app file), 'flags:' (the experiments file), 'funnel:' (a funnel file), 'use:' (a funnel made from a template), \\
        'catalog:' (the plan catalog) or 'template:' (a funnel template) at the top. Did you mean 'funnel'?
        1 | version: 1
      > 2 | funel: case
          | ^^^^^
        3 | screens:

      1 error in 7 files.
    `);
  });

  it('a file that cannot be parsed hides no typo elsewhere, but names it may define are not reported', () => {
    expect(checkCase('unreadable-file').report).toBe(text`
      funnels/case.yaml:12:23: error: Unknown flag 'oldLanding': it is not in funnels/experiments.yaml.
        11 |         text: main:home.login
      > 12 |         when: { fact: flag.oldLanding }
           |                       ^^^^^^^^^^^^^^^

      funnels/experiments.yaml:5:15: error: YAML syntax error: this list is opened with '[' but not closed with ']'. \\
        Add the ']' at the end of the line.
        4 |     description: The redesigned landing page
      > 5 |     variants: [control, variant1
          |               ^^^^^^^^^^^^^^^^^^
        6 |     default: control

      2 errors in 7 files.
    `);
  });

  it('there is one app file; a section just started lists all its missing fields at once', () => {
    expect(checkCase('second-app-file').report).toBe(text`
      funnels/shell.yaml:2:1: error: There is already an app file: funnels/app.yaml. Keep all of 'app:' in that one file.
        1 | version: 1
      > 2 | app:
          | ^^^
        3 |   productName: common:productName

      funnels/shell.yaml:3:3: error: 'app:' is missing 13 fields: 'defaultLocale:', 'links:', 'layouts:', 'header:', 'footer:', \\
        'routeRules:', 'notFound:', 'loadingText:', 'shellTexts:', 'scrollToTopOnRouteChange:', 'notifications:', 'infoPopup:' \\
        and 'sessionWatch:'.
        2 | app:
      > 3 |   productName: common:productName
          |   ^^^^^^^^^^^

      2 errors in 7 files.
    `);
  });
});
