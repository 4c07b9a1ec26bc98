/**
 * The 'Limited offer' countdown (599 s): the time left as m:ss, the screen readers'
 * minute-by-minute wording, where a kept start is trusted, and `npm run check` on the block.
 */

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { countdownCopyTexts } from '../../../src/blocks/countdown/schema.ts';
import { blocks as registry } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { formatReport } from '../../../src/compiler/report.ts';
import {
  clockParts,
  msToNextTick,
  OFFER_COUNTDOWN_SECONDS,
  secondsLeft,
  spokenLeft,
  storedStart,
} from '../../../src/domain/offerCountdown.ts';
import { fixtureRuntimeTexts, fixturesDir } from '../checker/helpers.ts';

const clock = (left: number) => {
  const { minutes, seconds } = clockParts(left);
  return `${minutes}:${seconds}`;
};

describe('the countdown (599 s)', () => {
  const start = 1_700_000_000_000;

  test('starts at 9:59 and loses a second every second, down to 0:00, where it stays', () => {
    expect(OFFER_COUNTDOWN_SECONDS).toBe(599);
    expect(clock(secondsLeft(start, start))).toBe('9:59');
    expect(clock(secondsLeft(start, start + 999))).toBe('9:59');
    expect(clock(secondsLeft(start, start + 1000))).toBe('9:58');
    expect(clock(secondsLeft(start, start + 59_000))).toBe('9:00');
    expect(clock(secondsLeft(start, start + 60_000))).toBe('8:59');
    expect(clock(secondsLeft(start, start + 590_000))).toBe('0:09');
    expect(clock(secondsLeft(start, start + 599_000))).toBe('0:00');
    expect(clock(secondsLeft(start, start + 3_600_000))).toBe('0:00');
  });

  test('the next tick is on the next whole second from the start; none once it is over', () => {
    expect(msToNextTick(start, start)).toBe(1000);
    expect(msToNextTick(start, start + 250)).toBe(750);
    expect(msToNextTick(start, start + 598_999)).toBe(1);
    expect(msToNextTick(start, start + 599_000)).toBeNull();
  });

  test('screen readers get whole minutes: the wording changes once a minute, not every second', () => {
    expect(spokenLeft(599)).toEqual({ kind: 'minutes', minutes: '10' });
    expect(spokenLeft(541)).toEqual({ kind: 'minutes', minutes: '10' });
    expect(spokenLeft(540)).toEqual({ kind: 'minutes', minutes: '10' }); // 9:00 is less than 10 minutes
    expect(spokenLeft(539)).toEqual({ kind: 'minutes', minutes: '9' });
    expect(spokenLeft(60)).toEqual({ kind: 'minutes', minutes: '2' });
    expect(spokenLeft(59)).toEqual({ kind: 'lastMinute' });
    expect(spokenLeft(1)).toEqual({ kind: 'lastMinute' });
    expect(spokenLeft(0)).toEqual({ kind: 'ended' });
  });

  test('a kept start counts when it is a past moment of the last day; otherwise the countdown starts again', () => {
    const now = start + 120_000;
    expect(storedStart(start, now)).toBe(start);
    expect(storedStart(String(start), now)).toBe(start);
    expect(storedStart(undefined, now)).toBeNull();
    expect(storedStart('soon', now)).toBeNull();
    expect(storedStart(now + 1, now)).toBeNull(); // the clock was set back
    expect(storedStart(now - 25 * 3600 * 1000, now)).toBeNull();
  });
});

/** The checker's base fixture plus a screen with countdown blocks and their copy, checked in a temporary folder. */
function checkProject(blocks: string, copy: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'countdown-config-'));
  try {
    cpSync(path.join(fixturesDir, '_base'), dir, { recursive: true, filter: (src) => !src.endsWith('README.md') });
    writeFileSync(
      path.join(dir, 'funnels/offer.yaml'),
      'version: 1\nfunnel: offer\nscreens:\n  - id: offer\n    path: /offer\n' +
        `    blocks:\n      - type: heading\n        text: offer:heading\n${blocks}`,
    );
    writeFileSync(path.join(dir, 'copy/en/offer.yaml'), `heading: Choose a plan\n${copy}`);
    const result = checkAndCompile({
      root: dir,
      funnelsDir: 'funnels',
      copyDir: 'copy',
      blocks: registry,
      runtimeTexts: fixtureRuntimeTexts,
    });
    return formatReport(result.diagnostics, result.files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const group = (except: string[] = []) =>
  `countdown:\n${Object.keys(countdownCopyTexts)
    .filter((k) => !except.includes(k))
    .map((k) => `  ${k}: Text of ${k}\n`)
    .join('')}`;

describe('npm run check on the countdown block', () => {
  test('a countdown with its copy group is valid (the group counts as used)', () => {
    expect(checkProject('      - type: countdown\n        copy: offer:countdown\n', group())).toBe('All 8 config files are valid.\n');
  });

  test('a group without a text the block reads, a misspelt group and an unknown prop are errors', () => {
    const report = checkProject(
      '      - type: countdown\n        copy: offer:countdown\n' +
        '      - type: countdown\n        copy: offer:countdwn\n' +
        '      - type: countdown\n        copy: offer:countdown\n        seconds: 60\n',
      group(['lastMinute']),
    );
    expect(report).toContain(
      "funnels/offer.yaml:10:15: error: The copy group 'offer:countdown' lacks a text this block reads: " +
        "'lastMinute'. Add it under 'countdown:' in copy/en/offer.yaml.",
    );
    expect(report).toContain(
      "error: Unknown copy group 'offer:countdwn': it has no texts under 'countdwn' in copy/en/offer.yaml. Did you mean 'offer:countdown'?",
    );
    expect(report).toMatch(/funnels\/offer\.yaml:15:9: error: .*'seconds'/);
  });
});
