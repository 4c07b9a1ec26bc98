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
  text: paramsCopyKey().optional().describe("The notification's text."),
  textFrom: strictObject({
    group: copyGroup().describe('The copy group holding a text per key, like payment:declines.'),
    key: value.describe('The key of the text in the group, like { error: processorCode }.'),
    into: identifier.optional().describe("Puts the group's text into this {placeholder} of 'text:' instead of showing it alone."),
  })
    .optional()
    .describe("The text of a group's key when the group has it (a decline code's own message), else 'text:'."),
  message: value.optional().describe("A text read from a source instead of a copy key, like the server's { error: message }."),
  params: valueMap.optional().describe("Values for the text's {placeholders}."),
  level: z.enum(['error', 'warning', 'info', 'success']).optional().describe('error, warning, info or success: its colour and icon.'),
  ms: milliseconds.optional().describe("How long it stays, in milliseconds (else the app's notifications.defaultMs)."),
  link: strictObject({
    text: copyKey.describe("The link's text."),
    to: target.describe('Where the link leads.'),
    query: valueMap.optional().describe('Query parameters added to the address.'),
  })
    .optional()
    .describe('A link at the end of the notification.'),
  fallback: paramsCopyKey()
    .optional()
    .describe("Shown when 'message:' is empty, when the group of 'textFrom:' has no text for the key, or when a param is empty."),
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
