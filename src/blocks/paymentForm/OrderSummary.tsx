import { useCatalogLanguage, useCopy } from '../../runtime/context.tsx';
import { type Offer, offerSummaryParams } from './offers.ts';
import type { PaymentFormConfig } from './setup.ts';

/** What is bought, and what is charged today; nothing until the offer and today's charge are known. */
export function OrderSummary({ block, offer, todayCents }: { block: PaymentFormConfig; offer: Offer | null; todayCents: number | null }) {
  const t = useCopy();
  const catalogTitleFirst = useCatalogLanguage();
  const summaryKey = offer && (offer.trialDurationDays ?? 0) > 0 && block.summaryTrial ? block.summaryTrial : block.summary;
  const params = offer && todayCents !== null ? offerSummaryParams(offer, t, { catalogTitleFirst, todayCents }) : null;
  if (!params || (!summaryKey && !block.todayCharge)) return null;
  return (
    <div className="payment__summary">
      {summaryKey && <p className="payment__summary-line">{t(summaryKey, params)}</p>}
      {block.todayCharge && <p className="payment__today">{t(block.todayCharge, params)}</p>}
    </div>
  );
}
