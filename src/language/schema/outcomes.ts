import { z } from 'zod';
import { copyKey, identifier } from './common.ts';
import { checkNotification, type NotificationFields, notificationFields } from './notification.ts';
import { refersTo } from './roles.ts';
import { strictObject } from './strict.ts';

/**
 * What the parent reads when a call fails with an outcome (a message key of the contract such as
 * WP_CardNotValid, or noAnswer / default: src/contract/outcomes.ts): a copy key, or a notification
 * (`text`, `textFrom`, `message`, `params`, `level`, `ms`, `link`, `fallback` as in `notify`).
 * `formText: verifyCard` is the text of that name in the copy group of the payment form the call
 * is in (payment:checkout.verifyCard, payment:liveClasses.verifyCard...). The level is `error`
 * unless given; the time on screen is the payment form's `errorMs` in a payment form, else the
 * app's default.
 */
export type OutcomeNotification = string | (NotificationFields & { formText?: string });
/** Outcome name → what it shows. */
export type OutcomeMap = Record<string, OutcomeNotification>;
/**
 * What the build puts on each call and login: every outcome the call can have → the notification
 * it shows (its text resolved, its level and time set), or null when nothing maps it.
 */
export type CompiledOutcomes = Record<string, NotificationFields | null>;

const notificationObject = strictObject({
  ...notificationFields,
  formText: identifier.optional().describe("A text of the payment form's copy group, like verifyCard (payment:checkout.verifyCard)."),
}).superRefine((v, ctx) => {
  if (v.text !== undefined && v.formText !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['formText'],
      message: "Name one text: 'text:' (a copy key) or 'formText:' (a text of the payment form's copy group).",
    });
  checkNotification(v, ctx, v.text !== undefined || v.formText !== undefined);
});

export const outcomeNotification: z.ZodType<OutcomeNotification> = z.union([copyKey, notificationObject]) as z.ZodType<OutcomeNotification>;

/** Keys are outcome names; which ones a call has is checked by `npm run check` (src/compiler/checks/outcomes.ts). */
export const outcomeMap: z.ZodType<OutcomeMap> = z.record(z.string(), outcomeNotification).register(z.globalRegistry, {
  id: 'outcomes',
  description: 'What the parent reads when the call fails, per outcome: a copy key, or a notification.',
});

/** funnels/app.yaml `callGroups:`: a name for calls that fail alike (the calls that take a card). */
export const callGroups = z.record(identifier, z.array(refersTo('call', identifier)).min(1));

/** funnels/app.yaml `errors:`: per call name or group name, what each outcome shows. */
export const errorsByCall = z.record(identifier, outcomeMap);
