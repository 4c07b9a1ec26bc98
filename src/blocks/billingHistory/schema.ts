import { z } from 'zod';
import { type CopyGroupTexts, copyGroup } from '../../language/schema/common.ts';
import { strictObject } from '../../language/schema/strict.ts';
import { blockBase } from '../common.ts';

/** The texts a billing history reads from its copy group (`copy: myAccount:billing`). */
export const billingHistoryCopyTexts: CopyGroupTexts = {
  caption: [],
  date: [],
  description: [],
  amount: [],
  method: [],
  status: [],
  empty: [],
  loadFailed: [],
  'state.settled': [],
  'state.declined': [],
  'state.failed': [],
  'state.refunded': [],
  'state.pending': [],
};

/** The parent's payments, newest first (GetPaymentHistory). */
export const billingHistoryBlock = strictObject({
  type: z.literal('billingHistory'),
  ...blockBase,
  copy: copyGroup(billingHistoryCopyTexts, 'a copy group like myAccount:billing').describe(
    "The table's texts, a copy group like myAccount:billing (caption, column names, statuses...).",
  ),
}).describe("The parent's payments, newest first: date, description, amount, payment method and status.");
