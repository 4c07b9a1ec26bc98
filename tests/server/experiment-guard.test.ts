/**
 * What `publish` warns of for a running experiment (docs/releases.md, "Experiments"): the
 * repository's planSelectorSelectPlanButtons runs on the landing screen (funnels/home.yaml's
 * plans block reads its flag), which lists the catalog's 'default' offers and the experiment tags'.
 * A release that changes what that screen shows warns, naming it; one that changes other screens
 * does not, even in a file that names the flag.
 */
import { describe, expect, test } from 'vitest';
import { readReleaseCatalog } from '../../src/server/releases/check.ts';
import { experimentWarnings } from '../../src/server/releases/experimentGuard.ts';
import { HOME_HEADING, REPOSITORY_FILES, withMistake, withReplaced } from './releaseFixtures.ts';

const live = REPOSITORY_FILES;
const EXPERIMENT = 'planSelectorSelectPlanButtons';
const warning = (what: string) =>
  `The running experiment ${EXPERIMENT} shows what this release changes: ${what}. Its results before and after this release differ.`;

describe("a running experiment's warnings", { timeout: 60_000 }, () => {
  test('a copy-only change of a screen it shows warns, naming the text and its languages', () => {
    const next = withReplaced(
      withReplaced(live, 'copy/en/home.yaml', `heading: ${HOME_HEADING}`, 'heading: Try it free today!'),
      'copy/es/home.yaml',
      'heading: ¡Comienza hoy tu prueba gratis!',
      'heading: ¡Pruébalo gratis hoy!',
    );
    expect(experimentWarnings(live, next)).toEqual({ refusals: [], warnings: [warning('text home:heading (en, es)')] });
  });

  test("a change of the screen's own config names the screen and its file", () => {
    const next = withReplaced(live, 'funnels/home.yaml', '        keepQuery: true\n', '        keepQuery: false\n');
    expect(experimentWarnings(live, next).warnings).toEqual([warning('screen landing (funnels/home.yaml)')]);
  });

  test('a change of screens it does not show is no warning, even in a file that names its flag in a comment', () => {
    const next = withReplaced(
      withReplaced(live, 'funnels/signup.yaml', 'version: 1\n', `version: 1\n# Not part of the ${EXPERIMENT} experiment.\n`),
      'copy/en/signup.yaml',
      'heading: Start your free trial today!',
      'heading: Pick your plan',
    );
    // The quiz screen reads the quiz flag, which is not an experiment.
    const quiz = withReplaced(next, 'copy/en/quiz.yaml', 'submit: See my result', 'submit: Show my result');
    expect(experimentWarnings(live, next)).toEqual({ refusals: [], warnings: [] });
    expect(experimentWarnings(live, quiz)).toEqual({ refusals: [], warnings: [] });
  });

  test('a change of an offer the screen lists warns, naming the offer; one it does not list is no warning', () => {
    const annual = withReplaced(
      live,
      'funnels/catalog.yaml',
      'price: 79.99\n      originalPrice: 119.88',
      'price: 69.99\n      originalPrice: 119.88',
    );
    expect(readReleaseCatalog(annual).offers.find((o) => o.id === 'annual')?.price).toBe(69.99);
    expect(experimentWarnings(live, annual).warnings).toEqual([warning('offer annual')]);

    // 'quarterly' is in the lowTerm list only, which the landing screen never picks.
    const quarterly = withReplaced(
      live,
      'funnels/catalog.yaml',
      'price: 24.99\n      trialDurationDays: 7',
      'price: 22.99\n      trialDurationDays: 7',
    );
    expect(readReleaseCatalog(quarterly).offers.find((o) => o.id === 'quarterly')?.price).toBe(22.99);
    expect(experimentWarnings(live, quarterly).warnings).toEqual([]);
  });

  test('a stopped experiment is warned of no more', () => {
    const stopped = withReplaced(
      live,
      'funnels/experiments.yaml',
      '      state: running\n      weights: { control: 50, variant1: 50 }',
      '      state: stopped\n      weights: { control: 50, variant1: 50 }',
    );
    const next = withReplaced(stopped, 'copy/en/home.yaml', `heading: ${HOME_HEADING}`, 'heading: Try it free today!');
    expect(experimentWarnings(stopped, next)).toEqual({ refusals: [], warnings: [] });
  });

  test("a live release this code no longer passes cannot be compared: the warning says so, naming the experiment's screens", () => {
    const failing = withMistake(live);
    expect(experimentWarnings(failing, live).warnings).toEqual([
      `The running experiment ${EXPERIMENT} shows screen landing (funnels/home.yaml): the live release does not pass this code's ` +
        'check, so what this release changes of what it shows cannot be told. Its results before and after this release may differ.',
    ]);
  });
});
