import { useContext, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { loadPaymentAdapter } from '../../adapters/payment/index.ts';
import { loadingMessage, providerMessage, splitName } from '../../adapters/payment/messages.ts';
import { PaymentAdapterError, type CardFieldName, type CardFields, type CardFieldSetup, type PaymentAdapter, type PaymentMethodKind, type TokenizedPayment } from '../../adapters/payment/types.ts';
import { runActions, type ActionServices } from '../../runtime/actions.ts';
import { chargeServices, createCheckoutAttempts, type PendingCharge } from '../../runtime/checkout.ts';
import { ScreenSignal, useCopy, useFacts, useRuntime } from '../../runtime/context.tsx';
import { readValue } from '../../runtime/values.ts';
import type { BlockProps } from '../types.ts';
import { findOffer, offerAmount, offerSummaryParams, type Offer } from './offers.ts';
import { holdsPayPalButton, paypalFailure } from './paypal.ts';
import './payment.css';

type Wallet = 'paypal' | 'applePay' | 'googlePay';
type FieldName = 'number' | 'expirationDate' | 'postalCode' | 'cvv' | 'cardholderName';

/** A provider's message stays this long unless the block says otherwise (spec §9: payment errors 8000 ms). */
const DEFAULT_ERROR_MS = 8000;

const defaultFields: Record<'checkout' | 'classes', FieldName[]> = {
  // Spec §2.7: card number, expiration date, postal code, security code, Name on Card.
  checkout: ['number', 'expirationDate', 'postalCode', 'cvv', 'cardholderName'],
  // Spec §2.9, §2.11: cardholder name, card number, expiration, security code, postal code.
  classes: ['cardholderName', 'number', 'expirationDate', 'cvv', 'postalCode'],
};

const fieldLabel: Record<FieldName, string> = {
  number: 'cardNumber',
  expirationDate: 'expiration',
  postalCode: 'postalCode',
  cvv: 'securityCode',
  cardholderName: 'nameOnCard',
};

const walletEvent: Record<Wallet, PaymentMethodKind> = { paypal: 'paypal', applePay: 'applePay', googlePay: 'googlePay' };

/** The analytics event of a refused payment method (spec §7). */
export const PAYMENT_REJECTED_EVENT = 'web_payment_method_rejected';

/**
 * The payment form (its own chunk, with the payment adapter's code fetched after it): card
 * fields of the adapter the server names, the wallets, the offer being bought, and `onPay:`.
 *
 * Paying: the name on the card is checked, the adapter tokenizes (its failures show the
 * spec's provider messages), then `onPay:` runs with `payment.*`. Its charge call (the one with
 * `idempotent: true`) goes out under the checkout attempt's key (src/runtime/checkout.ts): a
 * double click sends nothing more, a request without an answer goes again as it was (also
 * after a reload, when the form finds it on opening), and a refusal ends the attempt.
 *
 * PayPal opens its window only from its own button: once the PayPal option shows, the adapter
 * draws that button into a container of the form (`payWithPayPal({ amount, label, container })`),
 * and the parent's approval there runs the same pay step; after any outcome the form calls
 * again to offer the button again (./paypal.ts).
 */
export default function PaymentForm({ block }: BlockProps<'paymentForm'>) {
  const rt = useRuntime();
  const t = useCopy();
  const facts = useFacts();
  const signal = useContext(ScreenSignal);
  const { pathname } = useLocation();
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const group = block.copy;
  const tx = (name: string, params?: Record<string, string>) => t(`${group}.${name}`, params);
  const style = block.style ?? 'checkout';
  const fields = block.fields ?? defaultFields[style];
  const cardFieldNames = fields.filter((f): f is Exclude<FieldName, 'cardholderName'> => f !== 'cardholderName');
  const wantedWallets = block.wallets ?? [];
  const errorMs = block.errorMs ?? DEFAULT_ERROR_MS;
  const base = block.id ?? `payment-${uid}`;
  const id = (part: string) => `${base}-${part}`;

  const [expanded, setExpanded] = useState(block.editLabel === undefined);
  const [adapter, setAdapter] = useState<PaymentAdapter | null>(null);
  const [cardFields, setCardFields] = useState<CardFields | null>(null);
  const [wallets, setWallets] = useState<Wallet[]>([]);
  const [tab, setTab] = useState<'card' | 'other'>('card');
  const [name, setName] = useState('');
  const [nameInvalid, setNameInvalid] = useState(false);
  const [cvvHelpOpen, setCvvHelpOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [processing, setProcessing] = useState(false);
  const running = useRef(false);
  const containers = useRef<Partial<Record<CardFieldName, HTMLDivElement | null>>>({});
  const fieldEmpty = useRef<Partial<Record<CardFieldName, boolean>>>({});
  const nameInput = useRef<HTMLInputElement | null>(null);
  const dialog = useRef<HTMLDialogElement | null>(null);
  // PayPal's button: its container, the offer's round (a new round calls the adapter again),
  // whether its window is open, whether it could not load, whether its tab was shown.
  const paypalBox = useRef<HTMLDivElement | null>(null);
  const paypalClaim = useRef(false);
  const [paypalRound, setPaypalRound] = useState(0);
  const [paypalOpen, setPaypalOpen] = useState(false);
  const [paypalBroken, setPaypalBroken] = useState(false);
  const [otherSeen, setOtherSeen] = useState(false);
  const tabs = style === 'checkout' && wantedWallets.length > 0;

  const walletLabel = t(rt.config.app.productName);
  const attempts = useMemo(() => createCheckoutAttempts(rt.browser.session, `${pathname}#${block.id ?? 'payment'}`), [rt, pathname, block.id]);
  const notify = (message: string, ms = errorMs) => rt.notifications.show({ text: `${group}.${message}`, literal: false, params: {}, level: 'error', ms });

  // The offer: the first value that is set; an id is looked up in the catalog.
  const offerValues = block.offer === undefined ? [] : Array.isArray(block.offer) ? block.offer : [block.offer];
  const rawOffer = offerValues.map((v) => readValue(v, facts)).find((v) => v !== undefined && v !== null && v !== '');
  const rawKey = JSON.stringify(rawOffer ?? null);
  const [offer, setOffer] = useState<{ for: string; offer: Offer | null } | null>(null);
  useEffect(() => {
    let live = true;
    void findOffer(rawOffer, block.offers, rt.backend).then((found) => {
      if (!live) return;
      setOffer({ for: rawKey, offer: found });
      if (found) void runActions(block.onOffer, services(paymentValues(null, found)), { payment: paymentValues(null, found), signal });
    });
    return () => {
      live = false;
    };
  }, [rawKey]); // the offer changes with its value only
  const currentOffer = offer?.for === rawKey ? offer.offer : null;
  const walletAmount = currentOffer ? offerAmount(currentOffer) : '0.00';
  const offerKnown = offer?.for === rawKey;

  // The adapter and its fields, once the form shows; torn down when it goes.
  useEffect(() => {
    if (!expanded) return;
    let live = true;
    let made: PaymentAdapter | null = null;
    let madeFields: CardFields | null = null;
    void (async () => {
      try {
        made = await loadPaymentAdapter({ adapter: rt.payments?.adapter ?? (() => Promise.resolve('sandbox')), backend: rt.backend, captcha: rt.captcha, text: tx });
        if (!live) return void made.teardown();
        setAdapter(made);
      } catch (e) {
        console.error('[payment] the payment adapter could not load', e);
        if (live) notify(loadingMessage('card'), block.loadErrorMs?.card ?? errorMs);
        return;
      }
      try {
        const setups: Partial<Record<CardFieldName, CardFieldSetup>> = {};
        for (const f of cardFieldNames) {
          const container = containers.current[f];
          if (container) setups[f] = { container, label: tx(fieldLabel[f]), inputId: id(f), ...(f === 'expirationDate' ? { placeholder: tx(block.expirationFormat === 'MM/YYYY' ? 'formatLong' : 'formatShort') } : {}) };
        }
        madeFields = await made.createCardFields({ fields: setups as never, expirationFormat: block.expirationFormat });
        if (!live) return void madeFields.teardown();
        madeFields.onStateChange((field, state) => void (fieldEmpty.current[field] = state.isEmpty));
        setCardFields(madeFields);
      } catch (e) {
        console.error('[payment] the card fields could not load', e);
        if (live) notify(loadingMessage('card'), block.loadErrorMs?.card ?? errorMs);
      }
      if (wantedWallets.length === 0) return;
      try {
        const available = await made.availableWallets();
        if (live) setWallets(wantedWallets.filter((w) => available[w]));
      } catch (e) {
        console.error('[payment] the wallets could not load', e);
        const first = wantedWallets[0]!;
        if (live) notify(loadingMessage(walletEvent[first]), block.loadErrorMs?.[first] ?? errorMs);
      }
    })();
    return () => {
      live = false;
      void madeFields?.teardown();
      void made?.teardown();
    };
  }, [expanded]); // made once per showing of the form

  // The processing popup is a modal dialog while the order is under way.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (processing && !d.open) d.showModal();
    if (!processing && d.open) d.close();
  }, [processing]);

  /** What `{ payment: ... }` reads: the payment made, the payer, the offer. */
  function paymentValues(tokenized: TokenizedPayment | null, o: Offer | null): Record<string, unknown> {
    const payer = splitName(name);
    const email = (facts.get('user.email') as string | undefined) ?? tokenized?.details.email;
    const customerOptions: Record<string, string> = {};
    if (email) customerOptions.email = email;
    if (payer.firstName) customerOptions.firstName = payer.firstName;
    if (payer.lastName) customerOptions.lastName = payer.lastName;
    return {
      ...(tokenized
        ? {
            nonce: tokenized.nonce,
            method: tokenized.method,
            cardType: tokenized.details.cardType,
            lastFour: tokenized.details.lastFour,
            deviceData: tokenized.deviceData,
          }
        : {}),
      firstName: payer.firstName || undefined,
      lastName: payer.lastName || undefined,
      email,
      customerOptions,
      offer: o ?? undefined,
      offerId: o?.id,
      amount: o ? offerAmount(o) : undefined,
    };
  }

  const rejected = (reason: string, method: string | undefined) => rt.analytics.track(PAYMENT_REJECTED_EVENT, { reason, paymentMethod: method ?? null });

  /** The runtime's services for `onPay:`, charging under the attempt's key (runtime/checkout.ts). */
  function services(payment: Record<string, unknown>, resend?: PendingCharge): ActionServices {
    return chargeServices(rt.services, {
      attempts,
      payment,
      resend,
      signal,
      onRefused: (e, request) => {
        const x = e as { messageKey?: string | null; processorCode?: string | null; message?: string };
        rejected([x.messageKey ?? x.message ?? 'refused', x.processorCode].filter(Boolean).join(':'), String(request.payment.method ?? ''));
      },
    });
  }

  async function runPay(payment: Record<string, unknown>, resend?: PendingCharge) {
    setProcessing(true);
    try {
      await runActions(block.onPay, services(payment, resend), { payment, signal });
    } finally {
      if (!signal?.aborted) setProcessing(false);
    }
  }

  /**
   * One payment at a time: a second click while one is under way does nothing. `paypal`: the
   * payment PayPal's own button gave (the parent approved in PayPal's window, which claimed
   * the turn when it opened).
   */
  async function start(how: 'card' | Wallet, paypal?: { tokenized: TokenizedPayment }) {
    const claimed = paypal !== undefined && paypalClaim.current;
    if (paypal) {
      paypalClaim.current = false;
      setPaypalOpen(false);
    }
    if (!claimed) {
      if (running.current) {
        if (paypal) setPaypalRound((r) => r + 1); // approved while another payment ran: unused, offered again
        return;
      }
      running.current = true;
      setBusy(true);
    }
    try {
      // A request whose answer never came goes again as it was, before anything new is paid.
      const pending = attempts.pending();
      if (pending) return await runPay(pending.payment, pending);
      const required = block.offerRequired ?? true;
      if (required && !currentOffer) {
        notify('selectPlan', 5000);
        return;
      }
      // Without the offer our own PayPal button stands in for PayPal's, and asks for a plan (above).
      if (how === 'paypal' && !paypal) return;
      let tokenized: TokenizedPayment;
      try {
        if (paypal) tokenized = paypal.tokenized;
        else if (how === 'card') {
          if (!cardFields) return notify(loadingMessage('card'), block.loadErrorMs?.card ?? errorMs);
          const allEmpty = cardFieldNames.every((f) => fieldEmpty.current[f] !== false);
          if (fields.includes('cardholderName') && name.trim() === '' && !allEmpty) {
            setNameInvalid(true);
            notify('nameRequired', 5000);
            nameInput.current?.focus();
            return;
          }
          tokenized = await cardFields.tokenize();
        } else {
          if (!adapter) return notify(loadingMessage(walletEvent[how]), block.loadErrorMs?.[how] ?? errorMs);
          const wallet = { amount: walletAmount, label: walletLabel };
          tokenized = await (how === 'applePay' ? adapter.payWithApplePay(wallet) : adapter.payWithGooglePay(wallet));
        }
      } catch (e) {
        const code = e instanceof PaymentAdapterError ? e.code : 'UNKNOWN';
        if (!(e instanceof PaymentAdapterError)) console.error('[payment] tokenizing failed', e);
        rejected(code, how === 'card' ? 'card' : walletEvent[how]);
        const message = providerMessage(code, how === 'card' ? 'card' : walletEvent[how]);
        if (message) notify(message);
        if (how === 'card' && e instanceof PaymentAdapterError && e.details.invalidFieldKeys?.[0]) cardFields?.focus(e.details.invalidFieldKeys[0]);
        return;
      }
      attempts.key(); // the attempt starts: its key stays for retries until a definitive answer
      await runPay(paymentValues(tokenized, currentOffer));
    } finally {
      running.current = false;
      if (!signal?.aborted) {
        setBusy(false);
        if (paypal) setPaypalRound((r) => r + 1); // PayPal's button again (the charge may have been refused)
      }
    }
  }

  /** The parent opened PayPal's window from its button: the turn is PayPal's until it settles. */
  function paypalStarted() {
    setPaypalOpen(true);
    if (running.current) return; // another payment is under way (the button is inert meanwhile)
    running.current = true;
    paypalClaim.current = true;
    setBusy(true);
  }

  /** PayPal's window closed without a payment (`started`) or its button could not be offered. */
  function paypalFailed(e: unknown, started: boolean) {
    setPaypalOpen(false);
    if (paypalClaim.current) {
      paypalClaim.current = false;
      running.current = false;
      setBusy(false);
    }
    const failure = paypalFailure(e, started);
    if (failure.kind === 'loading') {
      console.error("[payment] PayPal's button could not be offered", e);
      setPaypalBroken(true);
      notify(failure.message, block.loadErrorMs?.paypal ?? errorMs);
      return;
    }
    if (!(e instanceof PaymentAdapterError)) console.error('[payment] PayPal failed', e);
    rejected(failure.code, 'paypal');
    if (failure.message) notify(failure.message);
    setPaypalRound((r) => r + 1);
  }

  /** PayPal's call was replaced or the form went while its window was open: the turn is given back. */
  function paypalAbandoned() {
    setPaypalOpen(false);
    if (!paypalClaim.current) return;
    paypalClaim.current = false;
    running.current = false;
    if (!signal?.aborted) setBusy(false);
  }

  const paypalHandlers = useRef({ started: paypalStarted, failed: paypalFailed, abandoned: paypalAbandoned, approved: (tokenized: TokenizedPayment) => start('paypal', { tokenized }) });
  paypalHandlers.current = { started: paypalStarted, failed: paypalFailed, abandoned: paypalAbandoned, approved: (tokenized) => start('paypal', { tokenized }) };

  // PayPal's button, drawn by the adapter once the PayPal option shows; called again after each outcome.
  const paypalShown = !tabs || tab === 'other' || otherSeen;
  useEffect(() => {
    if (tab === 'other') setOtherSeen(true);
  }, [tab]);
  const paypalButton = adapter !== null && !paypalBroken && holdsPayPalButton({ available: wallets.includes('paypal'), offerRequired: block.offerRequired ?? true, hasOffer: currentOffer !== null });
  const drawPayPal = paypalButton && paypalShown;
  useEffect(() => {
    const container = paypalBox.current;
    if (!drawPayPal || !adapter || !container) return;
    let live = true;
    let started = false;
    let settled = false;
    const onStart = () => {
      if (!live || started || settled) return;
      started = true;
      paypalHandlers.current.started();
    };
    adapter.payWithPayPal({ amount: walletAmount, label: walletLabel, container, onStart }).then(
      (tokenized) => {
        settled = true;
        // An adapter that never said the window opened: the approval is the parent's all the same.
        if (live) void paypalHandlers.current.approved(tokenized);
      },
      (e: unknown) => {
        settled = true;
        if (live) paypalHandlers.current.failed(e, started);
      },
    );
    return () => {
      live = false;
      if (started && !settled) paypalHandlers.current.abandoned();
    };
  }, [drawPayPal, adapter, paypalRound, walletAmount, walletLabel]);

  // A reload during a purchase: the request sent before is sent again (same key, same params),
  // and the server answers what it answered the first time.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !attempts.pending()) return;
    resumed.current = true;
    void start('card');
  }, []); // once, on opening

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void start('card');
  };

  // Unfolded by its button: focus goes to the form's first control (the button is gone).
  const focusOnShow = useRef(false);
  useEffect(() => {
    if (!expanded || !focusOnShow.current) return;
    focusOnShow.current = false;
    document.getElementById(tabs ? id('tab-card') : id('card-title'))?.focus();
  }, [expanded]);
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = tab === 'card' ? 'other' : 'card';
    const to = e.key === 'Home' ? 'card' : e.key === 'End' ? 'other' : next;
    setTab(to);
    document.getElementById(id(`tab-${to}`))?.focus();
  };

  const field = (f: FieldName) => {
    if (f === 'cardholderName')
      return (
        <div key={f} className={`field${nameInvalid ? ' field--invalid' : ''}`}>
          <label htmlFor={id(f)}>{tx('nameOnCard')}</label>
          <input
            ref={nameInput}
            id={id(f)}
            type="text"
            autoComplete="cc-name"
            value={name}
            aria-required
            aria-invalid={nameInvalid || undefined}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameInvalid(false);
            }}
          />
        </div>
      );
    const format = f === 'expirationDate' ? tx(block.expirationFormat === 'MM/YYYY' ? 'formatLong' : 'formatShort') : null;
    return (
      <div key={f} className="field card-field">
        <label htmlFor={id(f)} id={id(`${f}-label`)} onClick={() => cardFields?.focus(f)}>
          {tx(fieldLabel[f])}
          {format && <span className="card-field__format"> ({format})</span>}
        </label>
        <div className="card-field__box" ref={(el) => void (containers.current[f] = el)} />
        {f === 'cvv' && (
          <div className="cvv-help">
            <button type="button" className="cvv-help__button" aria-expanded={cvvHelpOpen} aria-controls={id('cvv-help')} onClick={() => setCvvHelpOpen((o) => !o)}>
              {tx('cvvHelpButton')}
            </button>
            <p id={id('cvv-help')} className="cvv-help__text" hidden={!cvvHelpOpen}>
              {tx('cvvHelp')}
            </p>
          </div>
        )}
      </div>
    );
  };

  const submitButton = (
    <p className="form__actions">
      {/* Enabled once the adapter's card fields are there (a failure to load says so, and asks for a refresh). */}
      <button type="submit" className="button button--primary payment__submit" disabled={busy || !cardFields} aria-busy={busy || undefined}>
        {style === 'classes' && busy && <span className="spinner" aria-hidden="true" />}
        {tx('submit')}
      </button>
    </p>
  );

  const cardForm = (
    <form className="form payment__card" noValidate onSubmit={submit} aria-labelledby={tabs ? id('tab-card') : id('card-title')}>
      {fields.map(field)}
      {submitButton}
    </form>
  );

  const walletButtons = wallets.length > 0 && (
    <ul className="payment__wallets">
      {wallets.map((w) =>
        w === 'paypal' && paypalBroken ? null : w === 'paypal' && paypalButton ? (
          <li key={w}>
            {/* PayPal's own button, drawn here by the adapter; out of reach while another payment is under way. */}
            <div ref={paypalBox} className="payment__paypal" inert={(busy && !paypalOpen) || undefined} />
          </li>
        ) : (
          <li key={w}>
            <button type="button" className={`button button--secondary wallet wallet--${w}`} disabled={busy} onClick={() => void start(w)}>
              {tx(w)}
            </button>
          </li>
        ),
      )}
    </ul>
  );

  // The order summary: what is bought, and what is charged today (spec §9).
  const summaryKey = currentOffer && (currentOffer.trialDurationDays ?? 0) > 0 && block.summaryTrial ? block.summaryTrial : block.summary;
  const summaryParams = currentOffer ? offerSummaryParams(currentOffer) : null;
  const summary =
    summaryParams && (summaryKey || block.todayCharge) ? (
      <div className="payment__summary">
        {summaryKey && <p className="payment__summary-line">{t(summaryKey, summaryParams)}</p>}
        {block.todayCharge && <p className="payment__today">{t(block.todayCharge, summaryParams)}</p>}
      </div>
    ) : null;

  if (!expanded)
    return (
      <section id={block.id} className="payment payment--folded">
        <p className="button-block">
          <button type="button" className="button button--secondary" aria-expanded={false} aria-controls={id('panel')} onClick={() => {
              focusOnShow.current = true;
              setExpanded(true);
            }}
          >
            {t(block.editLabel!)}
          </button>
        </p>
      </section>
    );

  return (
    <section id={block.id} className={`payment payment--${style}`} aria-busy={!offerKnown || undefined}>
      <div id={id('panel')}>
        {summary}
        {tabs ? (
          <>
            <div role="tablist" className="payment__tabs">
              {(['card', 'other'] as const).map((which) => (
                <button
                  key={which}
                  id={id(`tab-${which}`)}
                  type="button"
                  role="tab"
                  className="payment__tab"
                  aria-selected={tab === which}
                  aria-controls={id(`panel-${which}`)}
                  tabIndex={tab === which ? 0 : -1}
                  onClick={() => setTab(which)}
                  onKeyDown={onTabKey}
                >
                  {tx(which === 'card' ? 'cardTab' : 'otherTab')}
                </button>
              ))}
            </div>
            <div id={id('panel-card')} role="tabpanel" aria-labelledby={id('tab-card')} hidden={tab !== 'card'} className="payment__panel">
              {cardForm}
            </div>
            <div id={id('panel-other')} role="tabpanel" aria-labelledby={id('tab-other')} hidden={tab !== 'other'} className="payment__panel">
              {walletButtons}
            </div>
          </>
        ) : (
          <>
            <h2 id={id('card-title')} className="payment__title" tabIndex={-1}>
              {tx('cardTab')}
            </h2>
            {cardForm}
            {walletButtons && (
              <>
                <h2 className="payment__title">{tx('otherTab')}</h2>
                {walletButtons}
              </>
            )}
          </>
        )}
        <p className="text text--small payment__secure">{tx('secure')}</p>
      </div>
      {style === 'checkout' && (
        <dialog ref={dialog} className="payment__processing" aria-labelledby={id('processing-title')} aria-describedby={id('processing-text')} onCancel={(e) => e.preventDefault()}>
          <h2 id={id('processing-title')} className="payment__processing-title" tabIndex={-1}>
            {tx('processingTitle')}
          </h2>
          <p id={id('processing-text')}>{tx('processing')}</p>
          <span className="spinner spinner--large" aria-hidden="true" />
        </dialog>
      )}
    </section>
  );
}
