/**
 * The `sandbox` payment adapter: our own card fields (real inputs of this page, labelled by the
 * form's visible labels), checked as Braintree's hosted fields check them, and tokenized here
 * into the sandbox's own card nonce, which stands for the card typed as Braintree's nonces do:
 * 4111 1111 1111 1111 expiring 11/2031 → `sandbox-card-visa-1111-11-2031-approved-…`, vaulted
 * as 'Visa ending in 1111'; Braintree's documented test cards keep their outcomes (4000 1111
 * 1111 1115 → `…-declined-…`, declined at verification). The wallets open a small dialog in
 * which the tester chooses the outcome ("Sandbox PayPal — Approve / Close window"). PayPal goes as with
 * braintree-web: `payWithPayPal` draws a 'PayPal' button of its own into `container` (worded
 * by the copy key `paypal`), the dialog opens from a click on it, and the call settles on the
 * dialog's outcome; the button is then removed (call again to offer it again).
 *
 * Failures carry braintree-web's codes (HOSTED_FIELDS_FIELDS_EMPTY, HOSTED_FIELDS_FIELDS_INVALID
 * with `details.invalidFieldKeys`, HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED for the
 * security codes 200 and 201 that Braintree's sandbox fails, PAYPAL_POPUP_CLOSED...), so the
 * payment blocks treat both adapters alike. Card numbers and security codes stay in this page:
 * nothing here makes a request.
 */
import {
  type CardFieldName,
  type CardFieldSetup,
  type CardFieldState,
  type CardFields,
  type PaymentAdapter,
  PaymentAdapterError,
  type PaymentAdapterFactory,
  type TokenizedPayment,
  type WalletOptions,
} from '../types.ts';
import {
  CARD_NUMBER_MAX_LENGTH,
  cardBrand,
  cardNumberValid,
  cardTypeName,
  cvvValid,
  cvvVerificationFailure,
  digitsOf,
  type ExpirationFormat,
  expirationValid,
  invalidFields,
  nonceForCard,
  parseExpiration,
  postalCodeValid,
} from './cards.ts';
import { chooseInDialog, type TextFn } from './dialog.ts';

const inputAttributes: Record<CardFieldName, { autocomplete: string; inputMode: string; maxLength: number }> = {
  number: { autocomplete: 'cc-number', inputMode: 'numeric', maxLength: CARD_NUMBER_MAX_LENGTH },
  expirationDate: { autocomplete: 'cc-exp', inputMode: 'numeric', maxLength: 9 },
  cvv: { autocomplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
  postalCode: { autocomplete: 'postal-code', inputMode: 'text', maxLength: 10 },
  cardholderName: { autocomplete: 'cc-name', inputMode: 'text', maxLength: 100 },
};

/** Characters a field accepts as typed (the rest are dropped, as hosted fields do). */
const allowed: Record<CardFieldName, RegExp> = {
  number: /[^\d\s-]/g,
  expirationDate: /[^\d\s/]/g,
  cvv: /\D/g,
  postalCode: /[^A-Za-z0-9 -]/g,
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a name field drops the control characters typed or pasted into it
  cardholderName: /[\u0000-\u001f]/g,
};

function isValid(field: CardFieldName, value: string, format: ExpirationFormat, numberValue: string): boolean {
  switch (field) {
    case 'number':
      return cardNumberValid(value);
    case 'expirationDate':
      return expirationValid(value, format);
    case 'cvv':
      return cvvValid(value, cardBrand(digitsOf(numberValue)));
    case 'postalCode':
      return postalCodeValid(value);
    case 'cardholderName':
      return value.trim() !== '';
  }
}

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function createFields(setups: Partial<Record<CardFieldName, CardFieldSetup>>, format: ExpirationFormat): CardFields {
  const inputs = new Map<CardFieldName, HTMLInputElement>();
  const listeners = new Set<(field: CardFieldName, state: CardFieldState) => void>();
  const value = (field: CardFieldName) => inputs.get(field)?.value ?? '';
  const stateOf = (field: CardFieldName): CardFieldState => {
    const v = value(field);
    return {
      isEmpty: v.trim() === '',
      isValid: isValid(field, v, format, value('number')),
      isFocused: document.activeElement === inputs.get(field),
    };
  };
  const emit = (field: CardFieldName) => {
    const state = stateOf(field);
    for (const l of listeners) l(field, state);
  };
  const mark = (field: CardFieldName, invalid: boolean) => {
    const input = inputs.get(field);
    if (!input) return;
    if (invalid) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    input.parentElement?.classList.toggle('card-field--invalid', invalid);
  };

  for (const [name, setup] of Object.entries(setups) as [CardFieldName, CardFieldSetup][]) {
    const input = document.createElement('input');
    const attrs = inputAttributes[name];
    input.type = 'text';
    input.className = 'card-field__input';
    input.name = `sandbox-${name}`;
    input.autocomplete = attrs.autocomplete as AutoFill;
    input.inputMode = attrs.inputMode;
    input.maxLength = name === 'expirationDate' ? format.length : attrs.maxLength;
    input.spellcheck = false;
    if (setup.inputId) input.id = setup.inputId;
    else input.setAttribute('aria-label', setup.label);
    if (setup.placeholder) input.placeholder = setup.placeholder;
    input.addEventListener('input', () => {
      const cleaned = input.value.replace(allowed[name], '');
      if (cleaned !== input.value) input.value = cleaned;
      // Typing clears a mark; a wrong value is marked again on leaving the field.
      mark(name, false);
      emit(name);
    });
    input.addEventListener('focus', () => emit(name));
    input.addEventListener('blur', () => {
      const state = stateOf(name);
      mark(name, !state.isEmpty && !state.isValid);
      emit(name);
    });
    setup.container.replaceChildren(input);
    inputs.set(name, input);
  }

  return {
    async tokenize(): Promise<TokenizedPayment> {
      // Hosted fields answer asynchronously; so does the sandbox (no request is made).
      await nextTick();
      const present = [...inputs.keys()];
      if (present.every((f) => value(f).trim() === ''))
        throw new PaymentAdapterError('HOSTED_FIELDS_FIELDS_EMPTY', 'CUSTOMER', 'All fields are empty. Cannot tokenize empty card fields.');
      const invalid = invalidFields(
        {
          number: value('number'),
          expirationDate: value('expirationDate'),
          cvv: value('cvv'),
          postalCode: inputs.has('postalCode') ? value('postalCode') : undefined,
          cardholderName: inputs.has('cardholderName') ? value('cardholderName') : undefined,
        },
        format,
      );
      for (const f of present) mark(f, invalid.includes(f));
      if (invalid.length > 0)
        throw new PaymentAdapterError(
          'HOSTED_FIELDS_FIELDS_INVALID',
          'CUSTOMER',
          'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
          { invalidFieldKeys: invalid },
        );
      const cvvFailure = cvvVerificationFailure(value('cvv'));
      if (cvvFailure) {
        mark('cvv', true);
        throw new PaymentAdapterError(
          'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
          'CUSTOMER',
          'CVV verification failed during tokenization: ' +
            `the CVV ${cvvFailure === 'does not match' ? 'does not match' : 'was not verified'}.`,
          {
            invalidFieldKeys: ['cvv'],
          },
        );
      }
      const digits = digitsOf(value('number'));
      // Valid, so it parses.
      const expiration = parseExpiration(value('expirationDate'), format)!;
      return {
        nonce: nonceForCard(digits, expiration),
        method: 'card',
        details: { cardType: cardTypeName[cardBrand(digits)], lastFour: digits.slice(-4) },
      };
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    focus(field) {
      inputs.get(field)?.focus();
    },
    async teardown() {
      for (const input of inputs.values()) input.remove();
      inputs.clear();
      listeners.clear();
    },
  };
}

const defaultText: TextFn = (name, params) => (params ? `${name} ${JSON.stringify(params)}` : name);

export const createSandboxPaymentAdapter: PaymentAdapterFactory = async (o) => {
  const text = o.text ?? defaultText;
  const total = (w: WalletOptions) => text('sandbox.total', { label: w.label, amount: w.amount });
  /** A wallet's sheet: the tester pays, makes it fail, or cancels (closing the dialog cancels too). */
  const walletSheet = async (title: string, w: WalletOptions, outcomes: { cancel: PaymentAdapterError; fail: PaymentAdapterError }) => {
    const choice = await chooseInDialog({
      title: text(title),
      body: [total(w)],
      choices: [
        { id: 'pay', label: text('sandbox.pay') },
        { id: 'fail', label: text('sandbox.fail') },
        { id: 'cancel', label: text('sandbox.cancel') },
      ],
      dismissed: 'cancel',
    });
    if (choice === 'cancel') throw outcomes.cancel;
    if (choice === 'fail') throw outcomes.fail;
  };
  const fields = new Set<CardFields>();
  /** The PayPal button on offer (a new call or the teardown abandons it). */
  let paypal: { abandon: () => void } | undefined;
  const adapter: PaymentAdapter = {
    name: 'sandbox',
    async createCardFields(options) {
      const f = createFields(options.fields, options.expirationFormat);
      fields.add(f);
      return f;
    },
    async availableWallets() {
      return { paypal: true, applePay: true, googlePay: true };
    },
    async payWithPayPal(w) {
      const container = w.container;
      if (!container)
        throw new PaymentAdapterError(
          'PAYPAL_MISSING_REQUIRED_OPTION',
          'MERCHANT',
          'payWithPayPal needs a container: PayPal opens its window only from a click on its own button.',
        );
      paypal?.abandon();
      return new Promise<TokenizedPayment>((resolve, reject) => {
        const popup = new AbortController();
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button button--secondary wallet wallet--paypal';
        button.textContent = text('paypal');
        let settled = false;
        const finish = (settle: () => void) => {
          if (settled) return;
          settled = true;
          if (paypal === current) paypal = undefined;
          popup.abort();
          button.remove();
          settle();
        };
        const current = {
          abandon: () =>
            finish(() =>
              reject(
                new PaymentAdapterError(
                  'METHOD_CALLED_AFTER_TEARDOWN',
                  'MERCHANT',
                  "PayPal's button was removed before the parent finished.",
                ),
              ),
            ),
        };
        paypal = current;
        button.addEventListener('click', () => {
          if (settled || button.disabled) return;
          // One window at a time, as PayPal's button does.
          button.disabled = true;
          w.onStart?.();
          void chooseInDialog({
            title: text('sandbox.paypalTitle'),
            body: [text('sandbox.paypalText'), total(w)],
            choices: [
              { id: 'approve', label: text('sandbox.approve') },
              { id: 'close', label: text('sandbox.closeWindow') },
            ],
            dismissed: 'close',
            signal: popup.signal,
          }).then((choice) =>
            finish(() =>
              choice === 'close'
                ? reject(new PaymentAdapterError('PAYPAL_POPUP_CLOSED', 'CUSTOMER', 'Customer closed PayPal popup before authorizing.'))
                : resolve({
                    nonce: 'fake-paypal-billing-agreement-nonce',
                    method: 'paypal',
                    details: { email: 'sandbox-payer@paypal.example' },
                  }),
            ),
          );
        });
        container.append(button);
      });
    },
    async payWithGooglePay(w) {
      await walletSheet('sandbox.googlePayTitle', w, {
        cancel: new PaymentAdapterError('GOOGLE_PAYMENT_CANCELED', 'CUSTOMER', 'The customer closed the Google Pay sheet.'),
        fail: new PaymentAdapterError(
          'GOOGLE_PAYMENT_GATEWAY_ERROR',
          'UNKNOWN',
          'There was an error when tokenizing the Google Pay payment method.',
        ),
      });
      return { nonce: 'fake-android-pay-visa-nonce', method: 'googlePay', details: { cardType: 'Visa', lastFour: '1111' } };
    },
    async payWithApplePay(w) {
      await walletSheet('sandbox.applePayTitle', w, {
        cancel: new PaymentAdapterError('APPLE_PAY_CANCELED', 'CUSTOMER', 'The customer closed the Apple Pay sheet.'),
        fail: new PaymentAdapterError('APPLE_PAY_PAYMENT_FAILED', 'CUSTOMER', 'The Apple Pay payment was not authorized.'),
      });
      return { nonce: 'fake-apple-pay-visa-nonce', method: 'applePay', details: { cardType: 'Visa', lastFour: '1111' } };
    },
    async teardown() {
      paypal?.abandon();
      await Promise.all([...fields].map((f) => f.teardown()));
      fields.clear();
    },
  };
  return adapter;
};
