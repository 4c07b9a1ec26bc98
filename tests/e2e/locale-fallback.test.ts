/**
 * A language a translator has only started (tests/fixtures/locales/fr: 10 texts): `npm run
 * check` passes it with warnings, and a parent whose browser asks for French sees those texts
 * in French and every other text in English, never a raw key.
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../scripts/lib/build.ts';
import { blocks } from '../../src/blocks/registry.ts';
import { checkAndCompile } from '../../src/compiler/compile.ts';
import { createCopy } from '../../src/runtime/copy.ts';
import { expectHealthyScreen, screenshotForReview, useE2E, visible } from './harness.ts';
import { useServedBuild } from './signupBuild.ts';

const FRENCH = path.join(repoRoot, 'tests/fixtures/locales/fr');
const build = useServedBuild({
  serve: [],
  files: Object.fromEntries(readdirSync(FRENCH).map((file) => [`copy/fr/${file}`, readFileSync(path.join(FRENCH, file), 'utf8')])),
});
const e2e = useE2E({ distDir: build.distDir, funnelsDir: build.funnelsDir, copyDir: build.copyDir });

const { compiled } = checkAndCompile({ root: repoRoot, funnelsDir: 'funnels', copyDir: 'copy', blocks });
const en = createCopy('en', compiled!.copy.en!, async () => ({})).t.get();

describe('a partly translated language', () => {
  test('`npm run check` passes it, counting its missing texts as warnings', () => {
    expect(build.checkOutput()).toMatch(/valid, with \d+ warnings?\./);
    expect(build.checkOutput()).not.toMatch(/\berror\b/);
  });

  test('a French browser sees the translated texts in French and the others in English', async () => {
    const page = await e2e.openPage('/', { locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    await visible(page.getByRole('heading', { level: 1, name: "Commencez votre essai gratuit dès aujourd'hui !" }), 'the French heading');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await visible(page.getByRole('link', { name: 'Inscrivez-vous pour votre essai gratuit' }), 'the French call to action');
    await visible(page.getByText(en('home:lead')), 'the landing lead, not translated: in English');
    await visible(page.getByText(en('common:footer.ccpa')), 'the CCPA line, not translated: in English');
    await visible(page.getByLabel('Langue'), 'the switcher, in French');
    expect(await page.getByLabel('Langue').locator('option').allInnerTexts()).toEqual(['English', 'Español', 'Français']);
    expect(await page.locator('body').innerText()).not.toMatch(/\b[a-z]+:[a-z]+\.[a-zA-Z.]+\b/);
    await expectHealthyScreen(page, 'the landing in partial French');
    await screenshotForReview(page, 'fr-partial-landing', { fullPage: true });
  });
});
