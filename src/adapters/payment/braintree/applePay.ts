/**
 * Apple Pay on the web: the browser's ApplePaySession shows the sheet, braintree-web's applePay
 * validates the merchant (Braintree answers for the domain registered in its control panel) and
 * tokenizes Apple's payment token.
 */

import type { ApplePay as BraintreeApplePay } from 'braintree-web/apple-pay';
import type { Client } from 'braintree-web/client';
import { PaymentAdapterError, type TokenizedPayment, type WalletOptions } from '../types.ts';
import type { DeviceDataSource } from './deviceData.ts';
import { attempt, messageOf, toAdapterError } from './errors.ts';
import { loadApplePay } from './modules.ts';
import { Preparation } from './preparation.ts';

/** The Apple Pay JS version used (Safari 12.1 and later). */
export const APPLE_PAY_VERSION = 3;

interface ApplePayPaymentToken {
  paymentMethod?: { displayName?: string };
}

interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: ApplePayPaymentToken } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number): void;
}

interface ApplePaySessionClass {
  new (version: number, request: unknown): ApplePaySessionLike;
  canMakePayments(): boolean;
  supportsVersion(version: number): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

const sessionClass = () => (window as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;

/** Safari with Apple Pay set up (canMakePayments throws on insecure pages: that is a no). */
export function browserCanUseApplePay(): boolean {
  const Session = sessionClass();
  try {
    return !!Session && Session.supportsVersion(APPLE_PAY_VERSION) && Session.canMakePayments();
  } catch {
    return false;
  }
}

const failed = (error: unknown) => new PaymentAdapterError('APPLE_PAY_PAYMENT_FAILED', 'UNKNOWN', messageOf(error));

/** "Visa 1234" → "1234": the card's last four as Apple shows them. */
const lastFourOf = (token: ApplePayPaymentToken) => token.paymentMethod?.displayName?.match(/(\d{4})$/)?.[1];

export class ApplePay {
  private readonly setup: Preparation<BraintreeApplePay>;

  constructor(
    client: Client,
    private readonly deviceData: () => DeviceDataSource,
  ) {
    this.setup = new Preparation(async () => {
      const applePay = await loadApplePay();
      try {
        return await applePay.create({ client });
      } catch (error) {
        throw toAdapterError(error, { code: 'APPLE_PAY_NOT_ENABLED', type: 'MERCHANT' });
      }
    });
  }

  prepare(): void {
    void this.setup.start();
  }

  async pay(options: WalletOptions): Promise<TokenizedPayment> {
    // Safari accepts a new ApplePaySession only inside the parent's click: nothing is awaited
    // before it when applePay is set up (availableWallets starts the setup).
    const applePay = this.setup.ready ?? (await this.setup.start());
    const Session = sessionClass();
    if (!Session) throw failed('Apple Pay is not available in this browser.');
    let session: ApplePaySessionLike;
    try {
      session = new Session(APPLE_PAY_VERSION, applePay.createPaymentRequest({ total: { label: options.label, amount: options.amount } }));
    } catch (error) {
      throw failed(error);
    }
    const device = this.deviceData().get();
    return new Promise<TokenizedPayment>((resolve, reject) => {
      let settled = false;
      const fail = (error: PaymentAdapterError) => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      session.onvalidatemerchant = (event) => {
        attempt(() => applePay.performValidation({ validationURL: event.validationURL })).then(
          (merchantSession: unknown) => session.completeMerchantValidation(merchantSession),
          (error: unknown) => {
            fail(toAdapterError(error, { code: 'APPLE_PAY_MERCHANT_VALIDATION_FAILED', type: 'MERCHANT' }));
            session.abort();
          },
        );
      };
      session.onpaymentauthorized = (event) => {
        const token = event.payment.token;
        Promise.all([attempt(() => applePay.tokenize({ token })), device]).then(
          ([payload, deviceData]) => {
            session.completePayment(Session.STATUS_SUCCESS);
            if (settled) return;
            settled = true;
            const lastFour = lastFourOf(token);
            resolve({
              nonce: payload.nonce,
              method: 'applePay',
              details: { ...(payload.details?.cardType ? { cardType: payload.details.cardType } : {}), ...(lastFour ? { lastFour } : {}) },
              ...(deviceData ? { deviceData } : {}),
            });
          },
          (error: unknown) => {
            session.completePayment(Session.STATUS_FAILURE);
            fail(toAdapterError(error, { code: 'APPLE_PAY_TOKENIZATION', type: 'NETWORK' }));
          },
        );
      };
      session.oncancel = () =>
        fail(new PaymentAdapterError('APPLE_PAY_CANCELED', 'CUSTOMER', 'The Apple Pay sheet was closed before paying.'));
      try {
        session.begin();
      } catch (error) {
        fail(failed(error));
      }
    });
  }

  async teardown(): Promise<void> {
    if (!this.setup.started) return;
    const made = await this.setup.start().catch(() => undefined);
    if (made) await attempt(() => made.teardown()).catch(() => undefined);
  }
}
