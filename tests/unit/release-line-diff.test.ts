/** The unified diff `npm run release -- diff` prints: hunks as diff -u and git print them. */
import { describe, expect, test } from 'vitest';
import { unifiedDiff } from '../../src/server/releases/lineDiff.ts';

const lines = (n: number, change: Record<number, string> = {}) =>
  `${Array.from({ length: n }, (_, i) => change[i + 1] ?? `line ${i + 1}`).join('\n')}\n`;

describe('unifiedDiff', () => {
  test('equal texts: nothing', () => {
    expect(unifiedDiff('copy/en/home.yaml', 'a\nb\n', 'a\nb\n')).toBe('');
  });

  test('one changed line: one hunk with three lines of context each side', () => {
    expect(unifiedDiff('copy/en/home.yaml', lines(10), lines(10, { 5: 'five' }))).toBe(
      [
        '--- a/copy/en/home.yaml',
        '+++ b/copy/en/home.yaml',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+five',
        ' line 6',
        ' line 7',
        ' line 8',
        '',
      ].join('\n'),
    );
  });

  test('changes far apart: two hunks; close together: one', () => {
    const far = unifiedDiff('f.yaml', lines(30), lines(30, { 2: 'two', 25: 'twenty-five' }));
    expect(far.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,5 +1,5 @@', '@@ -22,7 +22,7 @@']);
    const near = unifiedDiff('f.yaml', lines(30), lines(30, { 10: 'ten', 16: 'sixteen' }));
    expect(near.match(/^@@ .* @@$/gm)).toEqual(['@@ -7,13 +7,13 @@']);
  });

  test('lines added and removed: removals first within a change, counts per side', () => {
    const diff = unifiedDiff('f.yaml', 'a\nb\nc\n', 'a\nx\ny\nc\nd\n');
    expect(diff).toBe(['--- a/f.yaml', '+++ b/f.yaml', '@@ -1,3 +1,5 @@', ' a', '-b', '+x', '+y', ' c', '+d', ''].join('\n'));
  });

  test('a new file and a removed file, as git prints them', () => {
    expect(unifiedDiff('funnels/acmegym.yaml', null, 'version: 1\nuse: partner\n')).toBe(
      ['--- /dev/null', '+++ b/funnels/acmegym.yaml', '@@ -0,0 +1,2 @@', '+version: 1', '+use: partner', ''].join('\n'),
    );
    expect(unifiedDiff('funnels/old.yaml', 'version: 1\n', null)).toBe(
      ['--- a/funnels/old.yaml', '+++ /dev/null', '@@ -1,1 +0,0 @@', '-version: 1', ''].join('\n'),
    );
  });

  test('the diff applied gives the new text (random edits)', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 200; round++) {
      const before = Array.from({ length: random(25) }, () => `l${random(6)}`);
      const after = Array.from({ length: random(25) }, () => `l${random(6)}`);
      const diff = unifiedDiff('f', before.length ? `${before.join('\n')}\n` : '', after.length ? `${after.join('\n')}\n` : '');
      expect(apply(before, diff), `${before} → ${after}`).toEqual(after);
    }
  });
});

/** Applies a unified diff's hunks to the old lines. */
function apply(old: string[], diff: string): string[] {
  if (diff === '') return old;
  const out: string[] = [];
  let at = 0;
  const body = diff.split('\n').slice(2, -1);
  for (const line of body) {
    const hunk = /^@@ -(\d+),(\d+) /.exec(line);
    if (hunk) {
      const start = Number(hunk[2]) === 0 ? Number(hunk[1]) : Number(hunk[1]) - 1;
      while (at < start) out.push(old[at++]!);
      continue;
    }
    if (line.startsWith('+')) out.push(line.slice(1));
    else if (line.startsWith('-')) at++;
    else {
      out.push(old[at++]!);
    }
  }
  while (at < old.length) out.push(old[at++]!);
  return out;
}
