/**
 * Google Pay, API version 2: braintree-web's googlePayment builds the request (Braintree as the
 * gateway) and reads Google's answer; Google's pay.js shows the sheet. The total is FINAL, in USD.
 */
import type { Client } from 'braintree-web/client';
import type { GooglePaymentTokenizePayload, GooglePayment as TypedGooglePayment } from 'braintree-web/google-payment';
import { PaymentAdapterError, type PaymentErrorType, type TokenizedPayment, type WalletOptions } from '../types.ts';
import type { DeviceDataSource } from './deviceData.ts';
import { attempt, messageOf, scriptFailedToLoad, toAdapterError } from './errors.ts';
import { isProduction } from './gateway.ts';
import { loadGooglePayment } from './modules.ts';
import { Preparation } from './preparation.ts';
import { loadScript } from './script.ts';

/** @types/braintree-web leaves out teardown, which braintree-web has. */
type GooglePayment = TypedGooglePayment & { teardown(): Promise<void> };

export const GOOGLE_PAY_JS = 'https://pay.google.com/gp/p/js/pay.js';

interface GooglePaySetup {
  googlePayment: GooglePayment;
  paymentsClient: google.payments.api.PaymentsClient;
  /** Google's isReadyToPay: this browser and this parent can pay with Google Pay. */
  canPay: boolean;
}

/** Google's failure codes (PaymentsError.statusCode) by whose doing they are. */
const GOOGLE_ERROR_TYPES: Record<string, PaymentErrorType> = {
  BUYER_ACCOUNT_ERROR: 'CUSTOMER',
  DEVELOPER_ERROR: 'MERCHANT',
  MERCHANT_ACCOUNT_ERROR: 'MERCHANT',
  INTERNAL_ERROR: 'UNKNOWN',
};

/** The parent closing the sheet (statusCode CANCELED) is GOOGLE_PAYMENT_CANCELED; other failures keep Google's code. */
export function googleError(error: unknown): PaymentAdapterError {
  const statusCode = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  const statusMessage = typeof error === 'object' && error !== null ? (error as { statusMessage?: unknown }).statusMessage : undefined;
  if (typeof statusCode !== 'string') return toAdapterError(error, { code: 'GOOGLE_PAYMENT_GATEWAY_ERROR', type: 'UNKNOWN' });
  const message = typeof statusMessage === 'string' && statusMessage ? statusMessage : messageOf(error);
  if (statusCode === 'CANCELED') return new PaymentAdapterError('GOOGLE_PAYMENT_CANCELED', 'CUSTOMER', `Google Pay CANCELED: ${message}`);
  return new PaymentAdapterError(statusCode, GOOGLE_ERROR_TYPES[statusCode] ?? 'UNKNOWN', message);
}

export class GooglePay {
  private readonly setup: Preparation<GooglePaySetup>;

  constructor(
    private readonly client: Client,
    private readonly deviceData: () => DeviceDataSource,
    googleMerchantId?: string,
  ) {
    this.setup = new Preparation(async () => {
      const [googlePaymentModule] = await Promise.all([
        loadGooglePayment(),
        loadScript(GOOGLE_PAY_JS).catch((error: unknown) => {
          throw scriptFailedToLoad("Google Pay's pay.js", error);
        }),
      ]);
      let googlePayment: GooglePayment;
      try {
        googlePayment = (await googlePaymentModule.create({
          client,
          googlePayVersion: 2,
          ...(googleMerchantId ? { googleMerchantId } : {}),
        })) as GooglePayment;
      } catch (error) {
        throw toAdapterError(error, { code: 'GOOGLE_PAYMENT_NOT_ENABLED', type: 'MERCHANT' });
      }
      const paymentsClient = new google.payments.api.PaymentsClient({ environment: isProduction(this.client) ? 'PRODUCTION' : 'TEST' });
      const { allowedPaymentMethods } = googlePayment.createPaymentDataRequest();
      let canPay: boolean;
      try {
        ({ result: canPay } = await paymentsClient.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods }));
      } catch (error) {
        throw googleError(error);
      }
      return { googlePayment, paymentsClient, canPay };
    });
  }

  /** Whether Google Pay can be offered; a script that did not load still offers it, so the parent learns to refresh. */
  async available(): Promise<boolean> {
    try {
      return (await this.setup.start()).canPay;
    } catch (error) {
      return error instanceof PaymentAdapterError && error.code === 'CLIENT_SCRIPT_FAILED_TO_LOAD';
    }
  }

  async pay(options: WalletOptions): Promise<TokenizedPayment> {
    // Inside the parent's click when already set up: Google opens its sheet only from a user gesture.
    const { googlePayment, paymentsClient } = this.setup.ready ?? (await this.setup.start());
    let sheet: Promise<google.payments.api.PaymentData>;
    try {
      const request = googlePayment.createPaymentDataRequest({
        transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: options.amount },
      });
      sheet = paymentsClient.loadPaymentData(request);
    } catch (error) {
      throw googleError(error);
    }
    const device = this.deviceData().get();
    let paymentData: google.payments.api.PaymentData;
    try {
      paymentData = await sheet;
    } catch (error) {
      throw googleError(error);
    }
    let payload: GooglePaymentTokenizePayload;
    try {
      payload = await googlePayment.parseResponse(paymentData);
    } catch (error) {
      throw toAdapterError(error, { code: 'GOOGLE_PAYMENT_GATEWAY_ERROR', type: 'UNKNOWN' });
    }
    const deviceData = await device;
    return {
      nonce: payload.nonce,
      method: 'googlePay',
      details: {
        ...(payload.details?.cardType ? { cardType: payload.details.cardType } : {}),
        ...(payload.details?.lastFour ? { lastFour: payload.details.lastFour } : {}),
      },
      ...(deviceData ? { deviceData } : {}),
    };
  }

  async teardown(): Promise<void> {
    if (!this.setup.started) return;
    const made = await this.setup.start().catch(() => undefined);
    if (made) await attempt(() => made.googlePayment.teardown()).catch(() => undefined);
  }
}
