import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import { checkCase, projectRoot, text } from './helpers.ts';

/**
 * Copy keys, translations, placeholders, params and unused keys.
 * Each case is a folder of tests/fixtures/checker/ laid over the valid base project; the
 * whole printed report is compared.
 */
describe('npm run check: copy in every locale', () => {
  it('a copy key missing in every locale gets the closest key', () => {
    expect(checkCase('missing-copy-key').report).toBe(text`
      funnels/case.yaml:6:12: error: Unknown copy key 'case:titel': it is not in copy/en/case.yaml. Did you mean 'case:title'?
        5 |     path: /signup
      > 6 |     title: case:titel
          |            ^^^^^^^^^^
        7 |     blocks:

      funnels/case.yaml:11:15: error: Unknown copy key 'case:intro': it is not in copy/en/case.yaml. Add it there.
        10 |       - type: text
      > 11 |         text: case:intro
           |               ^^^^^^^^^^
        12 |       - type: text

      funnels/case.yaml:13:15: error: Unknown copy key 'signup:intro': there is no copy file copy/en/signup.yaml. Add it there.
        12 |       - type: text
      > 13 |         text: signup:intro
           |               ^^^^^^^^^^^^

      3 errors in 8 files.
    `);
  });

  it('a copy key missing in another locale is a warning (English shows); a key the source lacks is an error', () => {
    expect(checkCase('missing-copy-locale').report).toBe(text`
      copy/es/case.yaml: warning: 2 of the 3 texts of copy/en/case.yaml have no es text yet: 'heading' and 'intro'. \\
        Parents reading es see them in en. \`npm run copy -- missing es\` lists them.

      copy/es/case.yaml:2:1: error: 'case:heding' is not a text of copy/en/case.yaml, so this translation would never show. \\
        Did you mean 'heading'?
        1 | title: Regístrate
      > 2 | heding: Crea tu cuenta
          | ^^^^^^

      1 error and 1 warning in 12 files.
    `);
  });

  it('placeholders must match across locales', () => {
    expect(checkCase('placeholder-mismatch').report).toBe(text`
      copy/es/case.yaml:1:10: error: The es text of 'case:welcome' has {nombre}, but the en text has {name}. \\
        Every language must use the same placeholders.
      > 1 | welcome: ¡Hola de nuevo, {nombre}!
          |          ^^^^^^^^^^^^^^^^^^^^^^^^^
        2 | trial: Pruébalo gratis.

      copy/es/case.yaml:2:8: error: The es text of 'case:trial' has no placeholders, but the en text has {days}. \\
        Every language must use the same placeholders.
        1 | welcome: ¡Hola de nuevo, {nombre}!
      > 2 | trial: Pruébalo gratis.
          |        ^^^^^^^^^^^^^^^^

      2 errors in 12 files.
    `);
  });

  it('params must fill exactly the placeholders of the text', () => {
    expect(checkCase('params-mismatch').report).toBe(text`
      funnels/case.yaml:10:11: error: Unknown param 'emial': the text of 'case:noAccount' has {email}. Did you mean 'email'?
         9 |         params:
      > 10 |           emial: { form: email }
           |           ^^^^^
        11 |       - type: text

      funnels/case.yaml:13:9: error: The text of 'case:price' has {days}, but 'params:' gives no value for it. Add 'days:' under 'params:'.
        12 |         text: case:price
      > 13 |         params:
           |         ^^^^^^
        14 |           price: 19.99

      funnels/case.yaml:15:11: error: Unknown param 'currency': the text of 'case:price' has {price} and {days}.
        14 |           price: 19.99
      > 15 |           currency: USD
           |           ^^^^^^^^
        16 |       - type: heading

      funnels/case.yaml:17:15: error: The text of 'case:price' has {price} and {days}: add 'params:' with 'price:' and 'days:' to say \\
        what goes there.
        16 |       - type: heading
      > 17 |         text: case:price
           |               ^^^^^^^^^^
        18 |       - type: form

      funnels/case.yaml:31:74: error: Unknown param 'emial': the text of 'case:noAccount' has {email}. Did you mean 'email'?
        30 |             text: case:noAccount
      > 31 |             textFrom: { group: case:reasons, key: { form: email }, into: emial }
           |                                                                          ^^^^^
        32 |             fallback: case:submit

      5 errors in 8 files.
    `);
  });

  it('unused copy keys are warnings', () => {
    expect(checkCase('unused-copy').report).toBe(text`
      copy/en/case.yaml:1:1: warning: Copy key 'case:oldTitle' is not used by any funnel or by the app. Remove it, or use it in a funnel.
      > 1 | oldTitle: Start your trial
          | ^^^^^^^^
        2 | banner:

      copy/en/case.yaml:3:3: warning: Copy key 'case:banner.text' is not used by any funnel or by the app. Remove it, or use it in a funnel.
        2 | banner:
      > 3 |   text: Limited offer
          |   ^^^^

      All 7 config files are valid, with 2 warnings.
    `);
  });

  it('texts the app shows by itself must be in the source locale: the shell’s at app.yaml’s shellTexts:, the rules’ in their file', () => {
    expect(checkCase('runtime-copy-key').report).toBe(text`
      copy/en/validation.yaml: error: Copy key 'validation:numeric' is shown by the app itself (on the plan cards or as a \\
        form's message) but has no text in copy/en/validation.yaml. Add it there.

      funnels/app.yaml:38:5: error: Unknown copy key 'common:stepperLabel': it is not in copy/en/common.yaml. The app shell \\
        shows it by itself: add its text there.
        37 |     common:stepProgress: [n, m]
      > 38 |     common:stepperLabel: [n, m, label]
           |     ^^^^^^^^^^^^^^^^^^^
        39 |     common:skipToContent: []

      2 errors in 6 files.
    `);
  });

  it('app.yaml’s shellTexts: keeps every text the shell needs, with the placeholders it fills', () => {
    expect(checkCase('shell-texts').report).toBe(text`
      funnels/app.yaml:36:3: error: The app shell shows 'common:skipToContent' by itself: keep it in shellTexts: \\
        with its placeholders [].
        35 |   # Texts the app shell shows by itself, each with the placeholders it fills (the fixtures' few).
      > 36 |   shellTexts:
           |   ^^^^^^^^^^
        37 |     common:stepProgress: [n, m]

      funnels/app.yaml:38:26: error: The app shell shows 'common:stepperLabel' by itself with the placeholders \\
        [n, m, label]: keep exactly these in shellTexts: (it lists [n, label]).
        37 |     common:stepProgress: [n, m]
      > 38 |     common:stepperLabel: [n, label]
           |                          ^^^^^^^^^^
        39 |     common:mainNavigation: []

      2 errors in 6 files.
    `);
  });
});

describe('npm run check: placeholders filled by the block, rule or action that shows the text', () => {
  it('a placeholder the block does not fill is an error at the text, in every language, nested texts too', () => {
    expect(checkCase('placeholder-fills').report).toBe(text`
      copy/en/case.yaml:1:10: error: The text of 'case:heading' has {intervall}, but the trialHeading block on \\
        funnels/case.yaml:8 fills {n}, {interval} and {title}. Did you mean '{interval}'?
      > 1 | heading: FREE {n} {intervall} trial
          |          ^^^^^^^^^^^^^^^^^^^^^^^^^^
        2 | headingShort: Start your {n}-{interval} trial of $t(case:product)

      copy/en/case.yaml:3:10: error: The text of 'case:product' (in 'case:headingShort') has {edition}, but the \\
        trialHeading block on funnels/case.yaml:9 fills {n}, {interval} and {title}.
        2 | headingShort: Start your {n}-{interval} trial of $t(case:product)
      > 3 | product: Codeling {edition}
          |          ^^^^^^^^^^^^^^^^^^
        4 | welcome: Welcome back, {name}!

      copy/en/case.yaml:4:10: error: The text of 'case:welcome' has {name}, but the list block on \\
        funnels/case.yaml:12 fills no placeholders.
        3 | product: Codeling {edition}
      > 4 | welcome: Welcome back, {name}!
          |          ^^^^^^^^^^^^^^^^^^^^^

      copy/es/case.yaml:1:10: error: The es text of 'case:heading' has {intervall}, but the trialHeading block on \\
        funnels/case.yaml:8 fills {n}, {interval} and {title}. Did you mean '{interval}'?
      > 1 | heading: Prueba GRATIS de {n} {intervall}
          |          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        2 | headingShort: Empieza tu prueba de {n} {interval} de $t(case:product)

      copy/es/case.yaml:3:10: error: The es text of 'case:product' (in 'case:headingShort') has {edition}, but the \\
        trialHeading block on funnels/case.yaml:9 fills {n}, {interval} and {title}.
        2 | headingShort: Empieza tu prueba de {n} {interval} de $t(case:product)
      > 3 | product: Codeling {edition}
          |          ^^^^^^^^^^^^^^^^^^
        4 | welcome: ¡Hola de nuevo, {name}!

      copy/es/case.yaml:4:10: error: The es text of 'case:welcome' has {name}, but the list block on \\
        funnels/case.yaml:12 fills no placeholders.
        3 | product: Codeling {edition}
      > 4 | welcome: ¡Hola de nuevo, {name}!
          |          ^^^^^^^^^^^^^^^^^^^^^^^

      6 errors in 12 files.
    `);
  });

  it("a rule's message (its own or the default one), a copy group's texts, the app's own texts and a widget's params", () => {
    expect(checkCase('placeholder-fills-rules').report).toBe(text`
      copy/en/case.yaml:2:10: error: The text of 'case:tooLong' has {min}, but the maxLength rule on \\
        funnels/case.yaml:21 fills {field} and {max}. Did you mean '{max}'?
        1 | submit: Sign up
      > 2 | tooLong: Your {field} can have at most {min} characters
          |          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        3 | countdown:

      copy/en/case.yaml:5:9: error: The text of 'case:countdown.time' has {second}, but the countdown block on \\
        funnels/case.yaml:8 fills {minutes} and {seconds}. Did you mean '{seconds}'?
        4 |   label: Limited offer
      > 5 |   time: "{minutes}:{second}"
          |         ^^^^^^^^^^^^^^^^^^^^
        6 |   minutesLeft: Less than {minutes} minutes left

      copy/en/common.yaml:10:15: error: The text of 'common:stepProgress' has {mm}, but the app shell \\
        (shellTexts: on funnels/app.yaml:37) fills {n} and {m}. Did you mean '{m}'?
         9 |   rights: All rights reserved.
      > 10 | stepProgress: STEP {n} OF {mm}
           |               ^^^^^^^^^^^^^^^^
        11 | stepperLabel: "Step {n} of {m}: {label}"

      copy/en/validation.yaml:4:9: error: The text of 'validation:length' has {minn}, but the length rule on \\
        funnels/case.yaml:16 fills {field}, {min} and {max}. Did you mean '{min}'?
        3 | noCapitals: Please do not use capital letters
      > 4 | length: Please enter a password with {minn} - {max} characters
          |         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        5 | maxLength: Please use at most {max} characters

      funnels/case.yaml:29:11: error: Unknown param 'emial': the texts of 'case:bookTitle', 'case:bookFallback' and \\
        'case:bookOpen' have {email}. Did you mean 'email'?
        28 |         params:
      > 29 |           emial: { user: email }
           |           ^^^^^

      5 errors in 8 files.
    `);
  });

  it("the issue's case: a misspelt {intervall} in the register heading of the real config", { timeout: 60_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), 'checker-intervall-'));
    try {
      cpSync(join(projectRoot, 'funnels'), join(root, 'funnels'), { recursive: true });
      cpSync(join(projectRoot, 'copy'), join(root, 'copy'), { recursive: true });
      const copyFile = join(root, 'copy/en/account.yaml');
      const copy = readFileSync(copyFile, 'utf8');
      writeFileSync(copyFile, copy.replace('FREE {n} {interval} trial', 'FREE {n} {intervall} trial'));
      const copyLine = copy.split('\n').findIndex((l) => l.includes('FREE {n} {interval} trial')) + 1;
      const funnel = readFileSync(join(root, 'funnels/account.yaml'), 'utf8').split('\n');
      const useLine = funnel.findIndex((l) => l.trim() === 'text: account:register.heading') + 1;
      const result = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
      const report = formatReport(result.diagnostics, result.files);
      expect(report.split('\n')[0]).toBe(
        `copy/en/account.yaml:${copyLine}:12: error: The text of 'account:register.heading' has {intervall}, but the trialHeading ` +
          `block on funnels/account.yaml:${useLine} fills {n}, {interval} and {title}. Did you mean '{interval}'?`,
      );
      // The Spanish text keeps {interval}: it now differs from the English one too.
      expect(report).toContain(
        "error: The es text of 'account:register.heading' has {interval}, {n}, but the en text has {intervall}, {n}.",
      );
      expect(report).toMatch(/\n2 errors in \d+ files\.\n$/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('npm run check: languages translated in part', () => {
  it('plural forms: each language has exactly the forms it needs (es: one, many, other; fr the same)', () => {
    const { result } = checkCase('plural-forms');
    const plural = result.diagnostics.filter((d) => d.code === 'FL512');
    expect(plural.map((d) => [d.file, d.severity, d.message])).toEqual([
      [
        'copy/es/gifts.yaml',
        'error',
        "The es text 'children' counts things, so it needs one form per plural category of es (many, one, other); " +
          "it lacks 'children_many' and has 'children_few', which es never uses.",
      ],
    ]);
  });

  it('the real config with a French started by a translator (10 texts): no error, one warning per file it has not finished', () => {
    const root = mkdtempSync(join(tmpdir(), 'checker-partial-fr-'));
    try {
      for (const dir of ['funnels', 'copy']) cpSync(join(projectRoot, dir), join(root, dir), { recursive: true });
      cpSync(join(projectRoot, 'tests/fixtures/locales/fr'), join(root, 'copy/fr'), { recursive: true });
      const result = checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks });
      const report = formatReport(result.diagnostics, result.files);
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const enFiles = readdirSync(join(projectRoot, 'copy/en')).length;
      expect(result.diagnostics.map((d) => d.code)).toEqual(Array(enFiles).fill('FL510'));
      expect(report).toContain(
        "copy/fr/home.yaml: warning: 41 of the 43 texts of copy/en/home.yaml have no fr text yet: 'title', 'lead', 'plansLabel', ",
      );
      expect(report).toMatch(new RegExp(`All \\d+ config files are valid, with ${enFiles} warnings\\.\\n$`));
      expect(result.compiled?.config.locales).toEqual(['en', 'es', 'fr']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
