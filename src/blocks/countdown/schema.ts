import { z } from 'zod';
import { type CopyGroupTexts, copyGroup } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/**
 * The texts a countdown reads from its copy group (`copy: plans:countdown` →
 * `plans:countdown.label`...): what shows — `label` ('Limited offer') and `time` ('{minutes}:{seconds}')
 * — and what screen readers are told instead, once a minute: `minutesLeft` ({minutes}),
 * `lastMinute`, `ended`. `npm run check` wants every one in the group named.
 */
export const countdownCopyTexts: CopyGroupTexts = {
  label: [],
  time: ['minutes', 'seconds'],
  minutesLeft: ['minutes'],
  lastMinute: [],
  ended: [],
};

/**
 * The 'Limited offer' countdown (599 s, about 10 minutes), shown as m:ss from 9:59 to
 * 0:00. It starts the first time a parent sees one in the browser tab and goes on from there on
 * every screen and reload of that tab; at 0:00 it stops, and nothing else changes (no price, no
 * redirect). A timer screen readers can read, never announced (role=timer, aria-live=off).
 */
export const countdownBlock = strictObject({
  type: z.literal('countdown'),
  ...blockBase,
  copy: copyGroup(countdownCopyTexts, 'a countdown copy group like plans:countdown').describe(
    'The texts of the countdown, a copy group like plans:countdown (label, time, what screen readers are told).',
  ),
}).describe("The 'Limited offer' countdown from 9:59 to 0:00, going on across the screens of the browser tab.");
