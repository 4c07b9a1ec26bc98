/**
 * Conversions, recorded when the backend call that makes one has succeeded: a
 * sign-up, a subscription's start (a trial when it begins with one, else a purchase, with what
 * it charged today), a code's redemption. Each carries the visitor (the request's
 * `experimentId` cookie), the partner (the subscription's, else the account's: what the server
 * recorded, never a field of the request), the code's campaign and the visitor's UTM touches.
 *
 * Called after the answer is made and outside its transaction: a conversion that cannot be
 * recorded is logged, never turned into a parent's error. A replayed idempotent call does
 * not run its handler again, so it records nothing twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CallName } from '../../contract/index.ts';
import { canonicalCode } from '../../domain/codes.ts';
import type { Db } from '../db/transaction.ts';
import type { ConversionKind } from '../db/types.ts';
import { accountPartner, codeCampaign, findVisitorTouches, insertConversion, subscriptionStart } from './repository.ts';
import { visitorIdOf } from './visitor.ts';

export interface SucceededCall {
  name: CallName;
  input: unknown;
  output: unknown;
  userId: string | null;
  cookieHeader: string | undefined;
  /** The release the page that called was on (src/contract/releases.ts RELEASE_HEADER). */
  releaseId: number | null;
  /** Made from a release preview, or by an account made in one: kept, and left out of the report. */
  testData: boolean;
}

type Touch = Record<string, string> | null;

interface CallInput {
  couponCode?: string;
  promoCode?: string;
  utmParamsObject?: Touch;
}

/** How a call's answer becomes a conversion: its kind (and the new subscription, whose start decides trial or purchase). */
const conversionCalls: Partial<
  Record<CallName, (output: unknown) => { kind: ConversionKind | 'subscription'; subscriptionId?: string; userId?: string }>
> = {
  CreateWebUser: (o) => ({ kind: 'signup', userId: (o as { id: string }).id }),
  CreateNewWebUser: (o) => ({ kind: 'signup', userId: (o as { id: string }).id }),
  PurchaseSubscription: (o) => ({ kind: 'subscription', subscriptionId: (o as { subscriptionData: { id: string } }).subscriptionData.id }),
  SubscribeToMinervaClasses: (o) => ({ kind: 'subscription', subscriptionId: (o as { subscriptionId: string }).subscriptionId }),
  CreateClassAddOnSubscription: (o) => ({ kind: 'subscription', subscriptionId: (o as { id: string }).id }),
  RedeemComp: () => ({ kind: 'redemption' }),
  RedeemVolumeLicense: () => ({ kind: 'redemption' }),
};

export const makesConversion = (name: CallName): boolean => Object.hasOwn(conversionCalls, name);

export async function recordConversion(db: Db, call: SucceededCall): Promise<void> {
  const describe = conversionCalls[call.name];
  if (!describe) return;
  const made = describe(call.output);
  const input = (call.input ?? {}) as CallInput;
  let kind: ConversionKind;
  let revenueCents = 0;
  let partner: string | null = null;
  if (made.kind === 'subscription') {
    const start = made.subscriptionId ? await subscriptionStart(db, made.subscriptionId) : undefined;
    kind = start?.trial && start.chargedCents === 0 ? 'trial' : 'purchase';
    revenueCents = start?.chargedCents ?? 0;
    partner = start?.partner ?? null;
  } else kind = made.kind;
  const userId = made.userId ?? call.userId;
  partner ??= userId ? await accountPartner(db, userId) : null;
  const code = input.couponCode ?? input.promoCode;
  const visitorId = visitorIdOf(call.cookieHeader);
  const touches = visitorId ? await findVisitorTouches(db, visitorId) : undefined;
  await insertConversion(db, {
    kind,
    visitorId,
    userId,
    partner,
    codeCampaign: code ? await codeCampaign(db, canonicalCode(code)) : null,
    revenueCents,
    firstTouch: touches?.firstTouch ?? input.utmParamsObject ?? null,
    lastTouch: input.utmParamsObject ?? touches?.lastTouch ?? null,
    releaseId: call.releaseId,
    testData: call.testData,
  });
}

/** `recordConversion` for a call that has answered: failures are logged, not thrown. */
export function conversionRecorder(db: Db, log: FastifyBaseLogger) {
  return (call: SucceededCall): void => {
    if (!makesConversion(call.name)) return;
    recordConversion(db, call).catch((err: unknown) => log.error({ err, call: call.name }, 'a conversion could not be recorded'));
  };
}
