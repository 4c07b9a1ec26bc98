import { z } from 'zod';
import { type CopyGroupTexts, copyGroup } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/** The texts the notification settings read from their copy group (`copy: myAccount:notifications`). */
export const emailPreferencesCopyTexts: CopyGroupTexts = {
  email: ['email'],
  legend: [],
  marketingMessageChannel: [],
  parentNewsletterMessages: [],
  save: [],
  saving: [],
  saved: [],
  loadFailed: [],
};

/**
 * Notification Settings: the account email and the two
 * lists, read with GetSubscribedEmailLists and saved with IterableSetEmailPreferences.
 */
export const emailPreferencesBlock = strictObject({
  type: z.literal('emailPreferences'),
  ...blockBase,
  copy: copyGroup(emailPreferencesCopyTexts, 'a copy group like myAccount:notifications').describe(
    'The texts of the settings, a copy group like myAccount:notifications.',
  ),
}).describe("Notification settings: the account's email and the mailing lists the parent is on, with a save button.");
