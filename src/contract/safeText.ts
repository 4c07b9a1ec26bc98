/**
 * Text a call may carry: no control characters and no lone UTF-16 surrogates, in any string at
 * any depth of its params, object keys included. PostgreSQL refuses NUL in text and jsonb, and
 * refuses a lone surrogate in jsonb while silently turning it into U+FFFD in text; the other
 * controls have no place in what a parent types. Tab, line feed and carriage return are text.
 */
import type { z } from 'zod';

/** C0 controls but tab, LF and CR; DEL; C1 (U+0080–U+009F). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this regex exists to find control characters in text
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** With the `u` flag a surrogate pair is one code point, so only a surrogate outside a pair matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';
const LONE_SURROGATE_MESSAGE = 'must not contain invalid Unicode (a lone surrogate)';

/** What is wrong with a piece of text, or null when nothing is. */
export function textProblem(text: string): string | null {
  if (CONTROL_CHARACTER.test(text)) return CONTROL_CHARACTERS_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');

/** The text without what the rule refuses: for text the browser did not get from a parent (an address's parameters). */
export const safeTextOf = (text: string) => text.replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATES, '');

export interface UnsafeText {
  /** Where: the string's path, or for a key the path of the object holding it (a path never holds the bad text). */
  path: (string | number)[];
  message: string;
}

interface Visit {
  value: unknown;
  /** Index of the visit of the array or object holding this value, -1 for the root. */
  parent: number;
  key: string | number;
}

/** The first string or key (breadth first) that breaks the rule. Iterative: depth costs no stack. */
export function findUnsafeText(value: unknown): UnsafeText | null {
  const queue: Visit[] = [{ value, parent: -1, key: '' }];
  const pathTo = (index: number) => {
    const path: (string | number)[] = [];
    for (let i = index; i > 0; i = queue[i]!.parent) path.push(queue[i]!.key);
    return path.reverse();
  };
  for (let next = 0; next < queue.length; next++) {
    const current = queue[next]!.value;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { path: pathTo(next), message };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        queue.push({ value: item, parent: next, key: index });
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const message = textProblem(key);
        if (message) return { path: pathTo(next), message: `keys ${message}` };
        queue.push({ value: item, parent: next, key });
      }
    }
  }
  return null;
}

/** The same schema, refusing unsafe text anywhere in what it parsed. */
export function withSafeText<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const unsafe = findUnsafeText(value);
    if (unsafe) ctx.addIssue({ code: 'custom', message: unsafe.message, path: unsafe.path });
  });
}
