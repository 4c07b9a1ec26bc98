/**
 * Releases the tests publish: the repository's funnels/ and copy/, with the home heading
 * changed, a partner funnel added (/acmegym, from the partner template), or a mistake.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readCheckoutFiles, writeCheckoutFiles } from '../../src/server/releases/files.ts';
import type { ReleaseFiles } from '../../src/server/releases/source.ts';

const root = path.resolve(import.meta.dirname, '../..');

export const REPOSITORY_FILES: ReleaseFiles = readCheckoutFiles({
  funnelsDir: path.join(root, 'funnels'),
  copyDir: path.join(root, 'copy'),
});

export const HOME_HEADING = 'Start your free trial today!';

export function withHomeHeading(files: ReleaseFiles, heading: string): ReleaseFiles {
  const home = files['copy/en/home.yaml']!;
  if (!home.includes(HOME_HEADING)) throw new Error('copy/en/home.yaml no longer has the heading the tests change');
  return { ...files, 'copy/en/home.yaml': home.replace(HOME_HEADING, heading) };
}

/** `files` with `from` replaced by `to` in the file `file` (which must hold `from`). */
export function withReplaced(files: ReleaseFiles, file: string, from: string, to: string): ReleaseFiles {
  const text = files[file];
  if (text === undefined || !text.includes(from)) throw new Error(`${file} no longer has the text the tests change: ${from}`);
  return { ...files, [file]: text.replace(from, to) };
}

export const homeHeadingOf = (files: ReleaseFiles) => /^heading: (.*)$/m.exec(files['copy/en/home.yaml']!)?.[1];

/** A partner funnel made from the partner template (~10 lines) and its copy. */
export function withAcmeGym(files: ReleaseFiles): ReleaseFiles {
  return {
    ...files,
    'funnels/acmegym.yaml': `# AcmeGym members: /acmegym, /acmegym-register, /acmegym-payment, /acmegym-thankyou.
version: 1
use: partner
with:
  id: acmegym
  name: AcmeGym
  annualPrice: 59.99
  trialDays: 30
  annualPlanId: codeling_partner_annual_5999
`,
    'copy/en/acmegym.yaml': `landing:
  heading: Welcome, AcmeGym members!
  lead: "As an AcmeGym member you get $t(common:productName) with a free trial: unlimited coding games and puzzles for your kids."
register:
  lead: "Create your $t(common:productName) account. Your AcmeGym membership is linked to it."
payment:
  heading: Start your AcmeGym membership
`,
  };
}

/** A funnel file with a field no funnel has: the check's FL101 at funnels/home.yaml's last line. */
export function withMistake(files: ReleaseFiles): ReleaseFiles {
  return { ...files, 'funnels/home.yaml': `${files['funnels/home.yaml']}\nbogusKey: 1\n` };
}

/** A checkout of its own (funnels/ and copy/ in a temporary folder) holding `files`. */
export function makeCheckout(files: ReleaseFiles) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-checkout-'));
  const dirs = { funnelsDir: path.join(dir, 'funnels'), copyDir: path.join(dir, 'copy') };
  writeCheckoutFiles(dirs, files);
  return {
    ...dirs,
    dir,
    write: (next: ReleaseFiles) => writeCheckoutFiles(dirs, next),
    read: () => readCheckoutFiles(dirs),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
