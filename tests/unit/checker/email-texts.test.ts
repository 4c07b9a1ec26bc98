/**
 * The texts of the emails the server sends live in the copy (namespace `emails`), and
 * `npm run check` holds them to the list of src/compiler/emailTexts.ts: a missing text, a
 * placeholder the server does not fill, placeholders that differ between languages, a text no
 * email sends, a text not translated yet.
 */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile, createCheckCache } from '../../../src/compiler/compile.ts';
import { isError } from '../../../src/compiler/diagnostic.ts';
import { emailFills, emailTexts } from '../../../src/compiler/emailTexts.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import { checkCase, fixtureRuntimeTexts, projectRoot, text } from './helpers.ts';

/** Two emails of the fixture's server: welcome (filling {email} and {link}) and goodbye ({email}). */
const fixtureEmails = {
  ...fixtureRuntimeTexts,
  emails: {
    'emails:welcome.subject': ['email', 'link'],
    'emails:welcome.body': ['email', 'link'],
    'emails:goodbye.subject': ['email'],
    'emails:goodbye.body': ['email'],
  },
};

describe('npm run check: the texts of the emails the server sends', () => {
  it('a missing text, a placeholder the server does not fill, other placeholders in a translation, unused and untranslated texts', () => {
    const { result } = checkCase('email-texts', fixtureEmails);
    const aboutEmails = result.diagnostics.filter((d) => d.file.endsWith('/emails.yaml'));
    expect(formatReport(aboutEmails, result.files)).toBe(text`
      copy/en/emails.yaml:2:12: error: The text of 'emails:welcome.subject' has {name}, but the server's email \\
        'welcome' fills {email} and {link}.
        1 | welcome:
      > 2 |   subject: Welcome, {name}
          |            ^^^^^^^^^^^^^^^
        3 |   body: "Open {link} to start."

      copy/en/emails.yaml:4:1: error: Copy key 'emails:goodbye.body' is sent by the server in an email but has no text \\
        in copy/en/emails.yaml. Add it there.
        3 |   body: "Open {link} to start."
      > 4 | goodbye:
          | ^^^^^^^
        5 |   subject: Goodbye

      copy/en/emails.yaml:6:3: warning: Copy key 'emails:goodbye.footer' is in no email the server sends \\
        (each has a subject and a body). Remove it.
        5 |   subject: Goodbye
      > 6 |   footer: An old text no email sends
          |   ^^^^^^

      copy/es/emails.yaml: warning: 2 of the 4 texts of copy/en/emails.yaml have no es text yet: 'welcome.body' and \\
        'goodbye.footer'. Parents reading es see them in en. \`npm run copy -- missing es\` lists them.

      copy/es/emails.yaml:2:12: error: The es text of 'emails:welcome.subject' has {nombre}, but the en text has {name}. \\
        Every language must use the same placeholders.
        1 | welcome:
      > 2 |   subject: Te damos la bienvenida, {nombre}
          |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        3 | goodbye:

      3 errors and 2 warnings in 8 files.
    `);
    expect(aboutEmails.map((d) => d.code)).toEqual(['FL508', 'FL506', 'FL509', 'FL510', 'FL507']);
    // Errors: nothing is compiled.
    expect(result.compiled).toBeUndefined();
  });

  it("the project's copy has every email's subject and body, and taking one out of copy/en/ is an error (FL506)", () => {
    expect(Object.keys(emailTexts)).toHaveLength(Object.keys(emailFills).length * 2);
    const root = mkdtempSync(join(tmpdir(), 'checker-email-texts-'));
    try {
      for (const dir of ['funnels', 'copy']) cpSync(join(projectRoot, dir), join(root, dir), { recursive: true });
      // Three checks of the whole project: the files that do not change are parsed once.
      const cache = createCheckCache();
      const check = () => checkAndCompile({ root, funnelsDir: 'funnels', copyDir: 'copy', blocks, cache });
      const whole = check();
      expect(whole.diagnostics.filter(isError)).toEqual([]);
      // The browser's bundles do not carry them.
      expect(Object.keys(whole.compiled!.copy.es!)).not.toContain('emails');
      expect(Object.keys(whole.compiled!.copy.en!)).not.toContain('emails');

      const withoutSubject = (path: string) =>
        writeFileSync(path, readFileSync(path, 'utf8').replace(/^passwordChanged:\n {2}subject: .*\n/m, 'passwordChanged:\n'));
      // Not translated yet: a warning (parents reading es get the English email), nothing else.
      const spanish = join(root, 'copy/es/emails.yaml');
      const original = readFileSync(spanish, 'utf8');
      withoutSubject(spanish);
      const untranslated = check();
      expect(untranslated.diagnostics.filter(isError)).toEqual([]);
      expect(untranslated.diagnostics.filter((d) => d.file === 'copy/es/emails.yaml').map((d) => [d.code, d.message])).toEqual([
        [
          'FL510',
          "1 of the 10 texts of copy/en/emails.yaml have no es text yet: 'passwordChanged.subject'. Parents reading es see them in en. " +
            '`npm run copy -- missing es` lists them.',
        ],
      ]);
      writeFileSync(spanish, original);

      // Missing in the source language: an error (and the Spanish text is left without its English).
      withoutSubject(join(root, 'copy/en/emails.yaml'));
      const broken = check();
      expect(broken.diagnostics.filter(isError).map((d) => [d.code, d.file, d.message])).toEqual([
        [
          'FL506',
          'copy/en/emails.yaml',
          "Copy key 'emails:passwordChanged.subject' is sent by the server in an email but has no text in copy/en/emails.yaml. " +
            'Add it there.',
        ],
        [
          'FL511',
          'copy/es/emails.yaml',
          "'emails:passwordChanged.subject' is not a text of copy/en/emails.yaml, so this translation would never show.",
        ],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
