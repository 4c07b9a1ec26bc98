import { useContext, useState } from 'react';
import type { CustomerDetails, WebOffer } from '../../contract/entities.ts';
import { MessageKey } from '../../contract/messageKeys.ts';
import { upgradeChargeCents } from '../../domain/todayCharge.ts';
import { type ActionServices, runActions } from '../../runtime/actions.ts';
import { ScreenSignal, useCatalogLanguage, useCopy, useIntlLocale, useRuntime } from '../../runtime/context.tsx';
import { Blocks } from '../../runtime/ui/Blocks.tsx';
import { planName } from '../plans/planName.ts';
import type { BlockProps } from '../types.ts';
import { formatDate, formatPrice, type PlanView, upgradeChoices } from './planView.ts';

type CancelStep = 'closed' | 'options' | 'confirm';

/**
 * One plan: plan name, description, duration, price in USD, renews on (or the
 * expiry of a cancelled, comp or gift plan), status with its Edit (cancel options on the web
 * store, the store's instructions elsewhere), purchase store, payment method with its expiry
 * and the payment form's Edit; an upgrade to a longer plan where the config offers one.
 */
export function PlanPanel(props: {
  block: BlockProps<'accountSections'>['block'];
  plan: PlanView;
  details: CustomerDetails;
  offers: WebOffer[];
  idBase: string;
}) {
  const { block, plan, details, idBase } = props;
  const rt = useRuntime();
  const t = useCopy();
  const catalogTitleFirst = useCatalogLanguage();
  const locale = useIntlLocale();
  const signal = useContext(ScreenSignal);
  const tx = (name: string, params?: Record<string, string>) => t(`${block.copy}.${name}`, params);
  const pm = (name: string, params?: Record<string, string>) => t(`${block.paymentMethodCopy}.${name}`, params);
  const [step, setStep] = useState<CancelStep>('closed');
  const [choice, setChoice] = useState<string | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  // The amount the server answered when it refused the one shown (WP_TodayChargeChanged), for the choice it was.
  const [said, setSaid] = useState<{ choice: string; cents: number } | null>(null);
  const id = (part: string) => `${idBase}-${part}`;
  const focusLater = (elementId: string) => setTimeout(() => document.getElementById(elementId)?.focus(), 0);

  // The plan's own payment method (an add-on may be paid with another card), else the card on file.
  const info = plan.paymentMethod;
  const method = !info
    ? pm('none')
    : info.paymentType === 'PayPal'
      ? pm('paypal')
      : info.paymentType === 'ApplePay' && !info.last4
        ? pm('applePay')
        : info.paymentType === 'GooglePay' && !info.last4
          ? pm('googlePay')
          : pm('card', { cardType: info.cardType ?? '', lastFour: info.last4 ?? '' });

  const status = tx(`status.${plan.status}`) + (plan.trial ? ` ${tx('status.trial')}` : '');
  const choices = upgradeChoices(plan, props.offers, block.upgradeOffers ?? []);
  const chosen = choices.find((o) => o.id === choice);
  const todayCents = chosen ? (said?.choice === chosen.id ? said.cents : upgradeChargeCents(chosen)) : null;

  const cancel = () =>
    void runActions(block.onCancel, rt.services, {
      signal,
      result: { subscriptionId: plan.subscriptionId, classes: plan.classes, planName: plan.name, email: details.customerData.email },
    });

  const upgrade = async () => {
    if (!choice) {
      rt.notifications.show({ text: `${block.copy}.selectPlan`, literal: false, params: {}, level: 'error', ms: 5000 });
      return;
    }
    setUpgrading(true);
    const services: ActionServices = {
      ...rt.services,
      call: async (fn, input, key) => {
        try {
          return await rt.services.call(fn, input, key);
        } catch (e) {
          const x = e as { messageKey?: unknown; todayCharge?: unknown };
          if (x.messageKey === MessageKey.todayChargeChanged && typeof x.todayCharge === 'number')
            setSaid({ choice, cents: Math.round(x.todayCharge * 100) });
          throw e;
        }
      },
    };
    try {
      const result = { subscriptionId: plan.subscriptionId, newPlanId: choice, todayCharge: (todayCents ?? 0) / 100 };
      await runActions(block.onUpgrade, services, { signal, result });
    } finally {
      if (!signal?.aborted) setUpgrading(false);
    }
  };

  let statusEditor = null;
  if (step !== 'closed' && plan.otherStore)
    statusEditor = (
      <div className="plan-edit" id={id('edit')}>
        <p id={id('store-help')} tabIndex={-1}>
          {tx(`storeHelp.${plan.store}`)}
        </p>
        <p className="button-block">
          <button type="button" className="button button--secondary" onClick={() => setStep('closed')}>
            {tx('goBack')}
          </button>
        </p>
      </div>
    );
  else if (step === 'options')
    statusEditor = (
      <div className="plan-edit" id={id('edit')}>
        <p className="button-block plan-edit__actions">
          <button
            type="button"
            id={id('cancel')}
            className="button button--secondary"
            onClick={() => {
              setStep('confirm');
              focusLater(id('confirm-text'));
            }}
          >
            {tx('cancelPlan')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setStep('closed')}>
            {tx('goBack')}
          </button>
        </p>
      </div>
    );
  else if (step === 'confirm')
    statusEditor = (
      // biome-ignore lint/a11y/useSemanticElements: a group of two buttons named by the question, not a form fieldset
      <div className="plan-edit" id={id('edit')} role="group" aria-labelledby={id('confirm-text')}>
        <p id={id('confirm-text')} className="plan-edit__question" tabIndex={-1}>
          {tx('confirmCancel')}
        </p>
        <p className="button-block plan-edit__actions">
          <button type="button" className="button button--secondary" onClick={cancel}>
            {tx('yesCancel')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setStep('closed')}>
            {tx('noGoBack')}
          </button>
        </p>
      </div>
    );

  const editable = plan.cancellable || plan.otherStore;
  return (
    <div className="plan-panel">
      <dl className="plan-fields">
        <div className="plan-field">
          <dt>{tx('field.planName')}</dt>
          <dd>
            {planName(t, { id: plan.offerId, planDataKey: plan.planDataKey, offerTitle: plan.name }, { catalogTitleFirst }) ??
              tx(plan.classes ? 'classesPlan' : 'appPlan')}
          </dd>
        </div>
        {(plan.description || plan.addOn) && (
          <div className="plan-field">
            <dt>{tx('field.description')}</dt>
            <dd>{plan.description ?? tx('addOnDescription')}</dd>
          </div>
        )}
        {plan.duration && (
          <div className="plan-field">
            <dt>{tx('field.duration')}</dt>
            <dd>{tx(`duration.${plan.duration}`)}</dd>
          </div>
        )}
        <div className="plan-field">
          <dt>{tx('field.price')}</dt>
          <dd>{tx(plan.lifetime ? 'lifetimePrice' : 'price', { price: formatPrice(plan.price) })}</dd>
        </div>
        <div className="plan-field">
          <dt>{tx(plan.dateKind === 'expires' ? 'field.expiresOn' : 'field.renewsOn')}</dt>
          <dd>{plan.dateKind === 'none' ? tx('noRenewal') : formatDate(plan.date, locale)}</dd>
        </div>
        <div className="plan-field plan-field--status">
          <dt>{tx('field.status')}</dt>
          <dd>
            <span>{status}</span>
            {editable && step === 'closed' && (
              <button
                type="button"
                className="link-button plan-field__edit"
                aria-expanded={false}
                aria-controls={id('edit')}
                aria-describedby={id('status-label')}
                onClick={() => {
                  setStep('options');
                  focusLater(plan.otherStore ? id('store-help') : id('cancel'));
                }}
              >
                {tx('edit')}
              </button>
            )}
            <span id={id('status-label')} hidden>
              {tx('editStatus')}
            </span>
            {plan.status === 'Canceled' && plan.date && (
              <span className="plan-field__note">{tx('canceledNote', { date: formatDate(plan.date, locale) })}</span>
            )}
            {statusEditor}
          </dd>
        </div>
        <div className="plan-field">
          <dt>{tx('field.store')}</dt>
          <dd>{tx(`store.${plan.store}`)}</dd>
        </div>
        <div className="plan-field plan-field--payment">
          <dt>{tx('field.paymentMethod')}</dt>
          <dd>
            <span>{method}</span>
            {info?.expirationDate && <span className="plan-field__note">{pm('expires', { date: info.expirationDate })}</span>}
            {plan.store === 'WebStore' && !plan.lifetime && block.paymentBlocks && <Blocks blocks={block.paymentBlocks} />}
          </dd>
        </div>
      </dl>
      {choices.length > 0 && block.onUpgrade && (
        <fieldset className="plan-upgrade">
          <legend>{tx('upgradeTitle')}</legend>
          {choices.map((o) => (
            <div key={o.id} className="field field--radio">
              <input
                type="radio"
                id={id(`upgrade-${o.id}`)}
                name={id('upgrade')}
                value={o.id}
                checked={choice === o.id}
                onChange={() => setChoice(o.id)}
              />
              <label htmlFor={id(`upgrade-${o.id}`)}>
                {tx('upgradeOption', { title: planName(t, o, { catalogTitleFirst }) ?? o.id, price: formatPrice(o.price) })}
              </label>
            </div>
          ))}
          {todayCents !== null && (
            <p className="plan-upgrade__today">{tx('upgradeToday', { todayPrice: (todayCents / 100).toFixed(2) })}</p>
          )}
          <p className="button-block">
            <button
              type="button"
              className="button button--primary"
              disabled={upgrading}
              aria-busy={upgrading || undefined}
              onClick={() => void upgrade()}
            >
              {tx('upgradeSubmit')}
            </button>
          </p>
        </fieldset>
      )}
    </div>
  );
}
