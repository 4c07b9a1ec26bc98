import { z } from 'zod';
import { type Action, actionList } from '../../config/schema/actions.ts';
import { type CopyGroupTexts, copyGroup, copyKey, identifier } from '../../config/schema/common.ts';
import type { Condition } from '../../config/schema/conditions.ts';
import type { Agrees, DriftedBranches } from '../../config/schema/handTypes.ts';
import { refersTo } from '../../config/schema/roles.ts';
import { strictObject } from '../../config/schema/strict.ts';
import { anyBlock } from '../anyBlock.ts';
import { blockBase } from '../common.ts';
import { paymentMethodCopyTexts } from '../paymentMethod/schema.ts';
import type { Block } from '../schemas.ts';

/**
 * The texts the account page reads from its copy group (`copy: myAccount:page`): the section
 * names, the plan panel's labels (spec §2.8), plan durations and statuses, the stores, the
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
  selectPlan: [],
  resubscribeText: [],
  resubscribe: [],
};

// The nested blocks of a section: any block of the registry (../anyBlock.ts).
const blocks: z.ZodType<Block[]> = z.array(anyBlock);

const section = strictObject({
  /** Its name in the address (#billing) and for tests. */
  id: identifier,
  /** The tab or accordion title ('Billing History'). */
  title: copyKey,
  /** What the section shows, top to bottom. */
  blocks,
});

/**
 * The account page (spec §2.8): Manage Plans (one panel per app plan and per classes plan,
 * from GetCustomerDetails), then the sections of the config (Manage Account, Billing History,
 * Notification Settings, How to Play). Tabs on wide screens, accordions below 640 px; the
 * first plan's tab is open first when a plan exists.
 */
/** Written out (not inferred): the block holds blocks, and a type cannot be inferred from itself. */
export interface AccountSectionsBlock {
  type: 'accountSections';
  when?: Condition | undefined;
  id?: string | undefined;
  copy: string;
  paymentMethodCopy: string;
  paymentBlocks?: Block[] | undefined;
  onCancel: Action[];
  upgradeOffers?: string[] | undefined;
  onUpgrade?: Action[] | undefined;
  onResubscribe?: Action[] | undefined;
  sections: { id: string; title: string; blocks: Block[] }[];
}

const accountSectionsSchema = strictObject({
  type: z.literal('accountSections'),
  ...blockBase,
  /** The page's texts, a group like myAccount:page (keys: accountSectionsCopyTexts). */
  copy: copyGroup(accountSectionsCopyTexts, 'a copy group like myAccount:page'),
  /** The payment method's texts ('Visa ending in 1111', 'Expires {date}'), a group like payment:method. */
  paymentMethodCopy: copyGroup(paymentMethodCopyTexts, 'a copy group like payment:method'),
  /** Shown under the payment method of a web-store plan (the payment form with its 'Edit'). */
  paymentBlocks: blocks.optional(),
  /**
   * 'Yes, cancel my plan': run with `{ result: '' }` = `{ subscriptionId, classes, planName, email }`
   * of the plan (store it in `cancelClass`, go to /dont-go/1).
   */
  onCancel: actionList,
  /** Offers a renewing web-store plan may move to (web offer ids; those lasting longer than the plan are shown). */
  upgradeOffers: z.array(refersTo('offer', z.string().min(1))).optional(),
  /** 'Upgrade': run with `{ result: '' }` = `{ subscriptionId, newPlanId }` (UpgradeSubscription). */
  onUpgrade: actionList.optional(),
  /** Expired, or gifted and not lifetime: the resubscribe button runs these. */
  onResubscribe: actionList.optional(),
  sections: z.array(section).min(1),
});

// The hand-written AccountSectionsBlock above is exactly what the schema accepts.
true satisfies Agrees<DriftedBranches<AccountSectionsBlock, { accountSections: typeof accountSectionsSchema }, 'type'>>;

export const accountSectionsBlock: z.ZodType<AccountSectionsBlock> = accountSectionsSchema;
