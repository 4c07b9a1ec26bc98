import { z } from 'zod';
import { type Action, actionList } from '../../language/schema/actions.ts';
import { type CopyGroupTexts, copyGroup, copyKey, identifier } from '../../language/schema/common.ts';
import type { Condition } from '../../language/schema/conditions.ts';
import type { Agrees, DriftedBranches } from '../../language/schema/handTypes.ts';
import { refersTo } from '../../language/schema/roles.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';
import { paymentMethodCopyTexts } from '../paymentMethod/schema.ts';

/**
 * The texts the account page reads from its copy group (`copy: myAccount:page`): the section
 * names, the plan panel's labels, plan durations and statuses, the stores, the
 * cancel steps, upgrade and resubscribe.
 */
export const accountSectionsCopyTexts: CopyGroupTexts = {
  sectionsLabel: [],
  plans: [],
  appPlan: [],
  classesPlan: [],
  addOnDescription: [],
  noPlan: [],
  loadFailed: [],
  'field.planName': [],
  'field.description': [],
  'field.duration': [],
  'field.price': [],
  'field.renewsOn': [],
  'field.expiresOn': [],
  'field.status': [],
  'field.store': [],
  'field.paymentMethod': [],
  'duration.monthly': [],
  'duration.quarterly': [],
  'duration.6Month': [],
  'duration.annual': [],
  'duration.24Month': [],
  'duration.lifetime': [],
  'status.Active': [],
  'status.Canceled': [],
  'status.PastDue': [],
  'status.Expired': [],
  'status.Pending': [],
  'status.trial': [],
  'store.WebStore': [],
  'store.SamsClub': [],
  'store.AppleAppStore': [],
  'store.GooglePlay': [],
  'store.Amazon': [],
  'store.Other': [],
  'storeHelp.SamsClub': [],
  'storeHelp.AppleAppStore': [],
  'storeHelp.GooglePlay': [],
  'storeHelp.Amazon': [],
  'storeHelp.Other': [],
  edit: [],
  editStatus: [],
  cancelPlan: [],
  goBack: [],
  confirmCancel: [],
  yesCancel: [],
  noGoBack: [],
  noRenewal: [],
  canceledNote: ['date'],
  price: ['price'],
  lifetimePrice: ['price'],
  upgradeTitle: [],
  upgradeOption: ['title', 'price'],
  upgradeSubmit: [],
  upgradeToday: ['todayPrice'],
  selectPlan: [],
  resubscribeText: [],
  resubscribe: [],
};

/**
 * The account page: Manage Plans (one panel per app plan and per classes plan,
 * from GetCustomerDetails), then the sections of the config (Manage Account, Billing History,
 * Notification Settings, How to Play). Tabs on wide screens, accordions below 640 px; the
 * first plan's tab is open first when a plan exists.
 */
/**
 * Written out (not inferred): the block holds blocks, and a type cannot be inferred from itself.
 * `B` is any block of the registry, which hands it in (../schemas.ts): this module does not import it.
 */
export interface AccountSectionsBlock<B> {
  type: 'accountSections';
  when?: Condition | undefined;
  id?: string | undefined;
  copy: string;
  paymentMethodCopy: string;
  paymentBlocks?: B[] | undefined;
  onCancel: Action[];
  upgradeOffers?: string[] | undefined;
  onUpgrade?: Action[] | undefined;
  onResubscribe?: Action[] | undefined;
  sections: { id: string; title: string; blocks: B[] }[];
}

/** The account page's schema, its sections holding `anyBlock` (the registry's union of every block). */
function accountSectionsSchema<B>(anyBlock: z.ZodType<B>) {
  const blocks: z.ZodType<B[]> = z.array(anyBlock);
  const section = strictObject({
    id: identifier.describe('Its name in the address (#billing) and for tests.'),
    title: copyKey.describe("The tab or accordion title ('Billing History')."),
    blocks: blocks.describe('What the section shows, top to bottom.'),
  });
  const schema = strictObject({
    type: z.literal('accountSections'),
    ...blockBase,
    copy: copyGroup(accountSectionsCopyTexts, 'a copy group like myAccount:page').describe(
      "The page's texts, a copy group like myAccount:page: section names, the plan panel's labels, durations, statuses...",
    ),
    paymentMethodCopy: copyGroup(paymentMethodCopyTexts, 'a copy group like payment:method').describe(
      "The payment method's texts ('Visa ending in 1111', 'Expires {date}'), a copy group like payment:method.",
    ),
    paymentBlocks: blocks.optional().describe("Shown under the payment method of a web-store plan (the payment form with its 'Edit')."),
    onCancel: actionList.describe(
      "What 'Yes, cancel my plan' does, with { result: '' } = { subscriptionId, classes, planName, email } of the plan.",
    ),
    upgradeOffers: z
      .array(refersTo('offer', z.string().min(1)))
      .optional()
      .describe('The web offers a renewing web-store plan may move to (those lasting longer than the plan are shown).'),
    onUpgrade: actionList
      .optional()
      .describe(
        "What 'Upgrade' does, with { result: '' } = { subscriptionId, newPlanId, todayCharge } (todayCharge: the amount shown, dollars).",
      ),
    onResubscribe: actionList.optional().describe('What the resubscribe button does (an expired plan, or a gift that is not for life).'),
    sections: z.array(section).min(1).describe('The sections after the plans (Manage Account, Billing History...), as tabs or accordions.'),
  });
  return schema;
}

// The hand-written AccountSectionsBlock above is exactly what the schema accepts (with blocks of any type).
true satisfies Agrees<
  DriftedBranches<AccountSectionsBlock<unknown>, { accountSections: ReturnType<typeof accountSectionsSchema<unknown>> }, 'type'>
>;

/** The account page's block, its sections holding any block of the registry that builds it (../schemas.ts). */
export const accountSectionsBlock = <B>(anyBlock: z.ZodType<B>): z.ZodType<AccountSectionsBlock<B>> =>
  accountSectionsSchema(anyBlock).describe(
    'The account page: a panel per plan (renew, upgrade, cancel), then its sections as tabs or accordions.',
  );
