import { describe, expect, test } from 'vitest';
import { memoryStorage } from '../../../../src/browser/storage.ts';
import type { ExperimentEvent } from '../../../../src/contract/events.ts';
import { factsFromMap } from '../../../../src/language/evaluate/facts.ts';
import { reportTouch } from '../../../../src/runtime/startup/touch.ts';

const facts = factsFromMap({ 'utm.firstTouch': { source: 'a' }, 'utm.lastTouch': { source: 'b' } });

describe("the visitor's UTM touches", () => {
  test('told once per tab, and again when the address carries a UTM parameter', () => {
    const sent: ExperimentEvent[] = [];
    const sink = { send: (e: ExperimentEvent) => sent.push(e) };
    const session = memoryStorage();
    expect(reportTouch({ isRobot: false, search: '', session, sink, facts })).toBe(true);
    expect(reportTouch({ isRobot: false, search: '?x=1', session, sink, facts })).toBe(false);
    expect(reportTouch({ isRobot: false, search: '?utm_source=b', session, sink, facts })).toBe(true);
    expect(sent).toEqual([
      { type: 'touch', firstTouch: { source: 'a' }, lastTouch: { source: 'b' } },
      { type: 'touch', firstTouch: { source: 'a' }, lastTouch: { source: 'b' } },
    ]);
  });

  test('never for a robot', () => {
    const sent: ExperimentEvent[] = [];
    expect(
      reportTouch({ isRobot: true, search: '?utm_source=b', session: memoryStorage(), sink: { send: (e) => sent.push(e) }, facts }),
    ).toBe(false);
    expect(sent).toEqual([]);
  });
});
