import { z } from 'zod';
import { copyGroup, copyKey, identifier, milliseconds, paramsCopyKey } from './common.ts';
import { strictObject } from './strict.ts';
import { type Target, target } from './targets.ts';
import { type Value, type ValueMap, value, valueMap } from './values.ts';

/** What a notification says and how (the `notify` action, and what a failed call's outcome shows). */
export interface NotificationFields {
  text?: string;
  /**
   * The text of `group.<key>` when the group has that key, else `text` (a decline code's own
   * message). With `into:`, that text becomes parameter `into` of `text` instead, and
   * `fallback` is shown when the group has no text for the key.
   */
  textFrom?: { group: string; key: Value; into?: string };
  message?: Value;
  params?: ValueMap;
  level?: 'error' | 'warning' | 'info' | 'success';
  ms?: number;
  link?: { text: string; to: Target; query?: ValueMap };
  fallback?: string;
}

export const notificationFields = {
  text: paramsCopyKey().optional(),
  textFrom: strictObject({ group: copyGroup(), key: value, into: identifier.optional() }).optional(),
  message: value.optional(),
  params: valueMap.optional(),
  level: z.enum(['error', 'warning', 'info', 'success']).optional(),
  ms: milliseconds.optional(),
  link: strictObject({ text: copyKey, to: target, query: valueMap.optional() }).optional(),
  /**
   * With `message:`: the text shown when the message is empty (the server gave no text); with
   * `textFrom.into`: when the group has no text for the key; with `params:`, when one of them is empty.
   */
  fallback: paramsCopyKey().optional(),
};

/**
 * The rules between a notification's fields. `hasText`: the notification has a text of its own
 * besides `text:` (an outcome's `formText:`).
 */
export function checkNotification(v: NotificationFields, ctx: z.RefinementCtx, hasText = v.text !== undefined): void {
  if (v.fallback !== undefined && v.message === undefined && v.textFrom?.into === undefined && v.params === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['fallback'],
      message:
        "'fallback:' goes with 'message:' (shown when the message is empty), " +
        "with 'textFrom:' and 'into:' (shown when the group has no text for the key) " +
        "or with 'params:' (shown when one of them is empty).",
    });
  if (hasText === (v.message !== undefined))
    ctx.addIssue({
      code: 'custom',
      message: "A notification needs exactly one of 'text:' (a copy key) or 'message:' (a value, such as the server's error).",
    });
  if (v.textFrom !== undefined && !hasText)
    ctx.addIssue({
      code: 'custom',
      path: ['textFrom'],
      message: "'textFrom:' needs 'text:' too: the text shown when the group has no text for the key.",
    });
}
