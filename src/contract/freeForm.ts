/**
 * Free-form JSON a call passes on (analytics event fields, conversion event data): any keys and
 * values, within bounds that keep it cheap to store, serialise and forward.
 */
import { z } from 'zod';

export const FREE_FORM_LIMITS = {
  /** The object itself is level 1. */
  depth: 5,
  keysPerObject: 50,
  itemsPerList: 100,
  /** Characters of its JSON. */
  size: 8_192,
} as const;

/** What breaks the bounds, or null. Iterative: a deep value costs no stack. */
function freeFormProblem(value: unknown): string | null {
  const { depth, keysPerObject, itemsPerList, size } = FREE_FORM_LIMITS;
  const queue: { value: unknown; level: number }[] = [{ value, level: 1 }];
  for (let next = 0; next < queue.length; next++) {
    const { value: current, level } = queue[next]!;
    if (current === null || typeof current !== 'object') continue;
    if (level > depth) return `must not be nested more than ${depth} levels deep`;
    const children = Array.isArray(current) ? current : Object.values(current);
    if (Array.isArray(current) && current.length > itemsPerList) return `must not hold a list of more than ${itemsPerList} items`;
    if (!Array.isArray(current) && children.length > keysPerObject) return `must not hold an object of more than ${keysPerObject} keys`;
    for (const child of children) queue.push({ value: child, level: level + 1 });
  }
  // Only now, with the depth known to be small, is JSON.stringify's recursion harmless.
  if (JSON.stringify(value).length > size) return `must not be larger than ${size.toLocaleString('en-US')} characters of JSON`;
  return null;
}

/** A free-form JSON object, bounded (FREE_FORM_LIMITS). */
export const freeFormObject = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = freeFormProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
