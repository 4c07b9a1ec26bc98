/**
 * A unified diff of two texts, line by line (`npm run release -- diff`): the longest common
 * subsequence of their lines after the common head and tail are set aside, shown in hunks with
 * three lines of context, as `diff -u` and git show them.
 */
import { allChanged, changedFiles } from './files.ts';
import type { ReleaseFiles } from './source.ts';

type Op = { kind: ' ' | '-' | '+'; line: string };

const CONTEXT = 3;

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function lineOps(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  // lengths[i][j]: the longest common subsequence of midA[i..] and midB[j..].
  const width = midB.length + 1;
  const lengths = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i--)
    for (let j = midB.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        midA[i] === midB[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: ' ', line }));
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      ops.push({ kind: ' ', line: midA[i]! });
      i++;
      j++;
    } else if (j < midB.length && (i === midA.length || lengths[i * width + j + 1]! >= lengths[(i + 1) * width + j]!)) {
      ops.push({ kind: '+', line: midB[j++]! });
    } else {
      ops.push({ kind: '-', line: midA[i++]! });
    }
  }
  for (const line of a.slice(a.length - tail)) ops.push({ kind: ' ', line });
  // Removals before additions within each run of changes, as diff -u prints them.
  const ordered: Op[] = [];
  let run: Op[] = [];
  const flush = () => {
    ordered.push(...run.filter((op) => op.kind === '-'), ...run.filter((op) => op.kind === '+'));
    run = [];
  };
  for (const op of ops) {
    if (op.kind === ' ') {
      flush();
      ordered.push(op);
    } else run.push(op);
  }
  flush();
  return ordered;
}

/**
 * `--- a/<path>` / `+++ b/<path>` and the hunks; '' when the texts are equal. A file that does
 * not exist on one side is given as null (`/dev/null`, as git prints it).
 */
export function unifiedDiff(filePath: string, before: string | null, after: string | null): string {
  if (before === after) return '';
  const ops = lineOps(splitLines(before ?? ''), splitLines(after ?? ''));
  const out = [`--- ${before === null ? '/dev/null' : `a/${filePath}`}`, `+++ ${after === null ? '/dev/null' : `b/${filePath}`}`];
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return ''; // only the final newline differs
  let start = 0;
  while (start < changed.length) {
    let end = start;
    while (end + 1 < changed.length && changed[end + 1]! - changed[end]! <= 2 * CONTEXT + 1) end++;
    const from = Math.max(0, changed[start]! - CONTEXT);
    const to = Math.min(ops.length, changed[end]! + CONTEXT + 1);
    let lineA = 1;
    let lineB = 1;
    for (const op of ops.slice(0, from)) {
      if (op.kind !== '+') lineA++;
      if (op.kind !== '-') lineB++;
    }
    const hunk = ops.slice(from, to);
    const countA = hunk.filter((op) => op.kind !== '+').length;
    const countB = hunk.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${countA === 0 ? lineA - 1 : lineA},${countA} +${countB === 0 ? lineB - 1 : lineB},${countB} @@`);
    for (const op of hunk) out.push(`${op.kind}${op.line}`);
    start = end + 1;
  }
  return `${out.join('\n')}\n`;
}

/** The unified diff of every file that differs, in path order ('' when none does). */
export function diffFiles(before: ReleaseFiles, after: ReleaseFiles): string {
  return allChanged(changedFiles(before, after))
    .map((path) => unifiedDiff(path, before[path] ?? null, after[path] ?? null))
    .join('');
}
