import { describe, expect, test } from 'vitest';
import { memoryStorage } from '../../../src/browser/storage.ts';
import type { ExperimentEvent } from '../../../src/contract/events.ts';
import { createExperimentTracking } from '../../../src/runtime/experiments.ts';

const flags = {
  values: { buttons: 'variant1', quiz: 'variant2', unifiedLogin: 'on' },
  reasons: { buttons: 'SPLIT', quiz: 'OVERRIDE', unifiedLogin: 'STATIC' },
} as const;

function tracking(o: { isRobot?: boolean; session?: ReturnType<typeof memoryStorage> } = {}) {
  const sent: ExperimentEvent[] = [];
  const tracked: [string, Record<string, unknown>][] = [];
  const t = createExperimentTracking({
    flags: { values: { ...flags.values }, reasons: { ...flags.reasons } },
    sink: { send: (e) => sent.push(e) },
    session: o.session ?? memoryStorage(),
    isRobot: o.isRobot ?? false,
    track: (event, props) => tracked.push([event, props]),
  });
  return { t, sent, tracked };
}

describe('exposures and funnel steps', () => {
  test('a split flag read by a condition is one exposure per tab, forwarded to analytics; overridden and plain flags are none', () => {
    const session = memoryStorage();
    const { t, sent, tracked } = tracking({ session });
    for (const name of ['buttons', 'buttons', 'quiz', 'unifiedLogin', 'nosuch']) t.flagRead(name);
    expect(sent).toEqual([{ type: 'exposure', experiment: 'buttons', variant: 'variant1' }]);
    expect(tracked).toEqual([['Experiment Viewed', { experiment: 'buttons', variant: 'variant1' }]]);
    // The next page of the same tab sends nothing again.
    const next = tracking({ session });
    next.t.flagRead('buttons');
    expect(next.sent).toEqual([]);
  });

  test('each funnel screen once; a robot sends nothing at all', () => {
    const { t, sent } = tracking();
    t.screenShown('home', 'landing', 1);
    t.screenShown('home', 'landing', 1);
    t.screenShown('signup', 'signupPayment', 2);
    expect(sent).toEqual([
      { type: 'step', funnel: 'home', screen: 'landing', step: 1 },
      { type: 'step', funnel: 'signup', screen: 'signupPayment', step: 2 },
    ]);
    const robot = tracking({ isRobot: true });
    robot.t.flagRead('buttons');
    robot.t.screenShown('home', 'landing', 1);
    expect([robot.sent, robot.tracked]).toEqual([[], []]);
  });
});
