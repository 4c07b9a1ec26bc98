import { describe, expect, it } from 'vitest';
import { checkCase, text } from './helpers.ts';

/**
 * Each zod issue becomes one plain-English message at the exact YAML node.
 * Each case is a folder of tests/fixtures/checker/ laid over the valid base project; the
 * whole printed report is compared.
 */
describe('npm run check: the funnel language schemas', () => {
  it('an unknown field gets a suggestion, and its "missing" twin is dropped', () => {
    expect(checkCase('unknown-key').report).toBe(text`
      funnels/case.yaml:8:9: error: Unknown field 'txt'. Did you mean 'text'?
        7 |       - type: heading
      > 8 |         txt: main:home.title
          |         ^^^
        9 |       - type: text

      funnels/case.yaml:11:9: error: Unknown field 'level'. A text block can have: type, when, id, text, params, link, style.
        10 |         text: main:home.login
      > 11 |         level: 2
           |         ^^^^^

      2 errors in 7 files.
    `);
  });

  it('a missing required field is reported at the first key of its mapping', () => {
    expect(checkCase('missing-key').report).toBe(text`
      funnels/case.yaml:7:9: error: Missing 'text:' — a heading block needs the copy key of its text.
        6 |     blocks:
      > 7 |       - type: heading
          |         ^^^^
        8 |         level: 1

      funnels/case.yaml:9:9: error: Missing 'to:' — a link block needs a target: \\
        a path like /login, { external: name }, { state: key } or a list of { when, to } cases.
         8 |         level: 1
      >  9 |       - type: link
           |         ^^^^
        10 |         label: main:home.login

      2 errors in 7 files.
    `);
  });

  it('an unknown block type gets a suggestion', () => {
    expect(checkCase('unknown-block-type').report).toBe(text`
      funnels/case.yaml:9:15: error: Unknown block type 'hedaing'. Did you mean 'heading'?
         8 |         text: main:home.title
      >  9 |       - type: hedaing
           |               ^^^^^^^
        10 |         text: main:home.login

      1 error in 7 files.
    `);
  });

  it('an unknown action gets a suggestion', () => {
    expect(checkCase('unknown-action').report).toBe(text`
      funnels/case.yaml:10:17: error: Unknown action 'got'. Did you mean 'go'?
         9 |         actions:
      > 10 |           - do: got
           |                 ^^^
        11 |             to: /login

      1 error in 7 files.
    `);
  });

  it('an unknown validation rule gets a suggestion', () => {
    expect(checkCase('unknown-rule').report).toBe(text`
      funnels/case.yaml:14:23: error: Unknown validation rule 'requird'. Did you mean 'required'?
        13 |             rules:
      > 14 |               - rule: requird
           |                       ^^^^^^^
        15 |         onSubmit:

      1 error in 7 files.
    `);
  });

  it('a value of the wrong type says what was expected and what was given', () => {
    expect(checkCase('wrong-type').report).toBe(text`
      funnels/case.yaml:6:11: error: Expected a number, got text 'two'.
        5 |     path: /signup
      > 6 |     step: two
          |           ^^^
        7 |     blocks:

      funnels/case.yaml:11:18: error: Expected a number, got text 'abc'.
        10 |         submit: main:home.login
      > 11 |         errorMs: abc
           |                  ^^^
        12 |         fields:

      funnels/case.yaml:18:22: error: Expected a number of milliseconds, got text 'soon'.
        17 |             to: /login
      > 18 |             delayMs: soon
           |                      ^^^^

      3 errors in 7 files.
    `);
  });

  it('a value outside a fixed list lists the allowed values', () => {
    expect(checkCase('bad-enum').report).toBe(text`
      funnels/case.yaml:6:11: error: Unknown value 'lazy'. Expected one of: eager, onDemand.
        5 |     path: /signup
      > 6 |     load: lazy
          |           ^^^^
        7 |     blocks:

      funnels/case.yaml:10:16: error: Unknown value 'primari'. Expected one of: primary, secondary. Did you mean 'primary'?
         9 |         label: main:home.login
      > 10 |         style: primari
           |                ^^^^^^^
        11 |         actions:

      funnels/case.yaml:16:16: error: Unknown value 4. Expected one of: 1, 2, 3.
        15 |         text: main:home.title
      > 16 |         level: 4
           |                ^

      3 errors in 7 files.
    `);
  });

  it('a malformed path says how paths are written', () => {
    expect(checkCase('bad-route-format').report).toBe(text`
      funnels/case.yaml:5:11: error: Expected a route path like /login: it starts with '/' and uses lower-case letters, \\
        digits and dashes. Did you mean '/sign-up'?
        4 |   - id: signup
      > 5 |     path: /Sign Up
          |           ^^^^^^^^
        6 |     blocks:

      funnels/case.yaml:9:13: error: Expected a route path like /login: it starts with '/' and uses lower-case letters, \\
        digits and dashes. Did you mean '/login'?
        8 |         label: main:home.login
      > 9 |         to: login
          |             ^^^^^

      2 errors in 7 files.
    `);
  });
});
