/**
 * PayPal's vault flow (a billing agreement the subscription charges later) through braintree-web's
 * paypalCheckout and PayPal's JS SDK: PayPal opens its window only from a click on its own
 * button, so `pay` renders that button into the container given and settles on the parent's
 * first outcome in PayPal's window; the button is then removed (call `pay` again to offer it again).
 */
import type { Client } from 'braintree-web/client';
import type { PayPalCheckout, PayPalCheckoutCreatePaymentOptions } from 'braintree-web/paypal-checkout';
import { PaymentAdapterError, type TokenizedPayment, type WalletOptions } from '../types.ts';
import type { DeviceDataSource } from './deviceData.ts';
import { attempt, paypalError, scriptFailedToLoad } from './errors.ts';
import { loadPayPalCheckout } from './modules.ts';
import { Preparation } from './preparation.ts';
import { SCRIPT_TIMEOUT_MS } from './script.ts';

/** Where paypalCheckout.loadPayPalSDK loads PayPal's SDK from (sandbox and production alike). */
export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';

interface PayPalApproval {
  billingToken?: string;
  payerID?: string;
  paymentID?: string;
  orderID?: string;
}

interface PayPalButtonsOptions {
  fundingSource: string;
  createBillingAgreement: () => Promise<string>;
  onApprove: (data: PayPalApproval) => Promise<void>;
  onCancel: (data: unknown) => void;
  onError: (error: unknown) => void;
}

interface PayPalButtons {
  isEligible(): boolean;
  render(container: HTMLElement): Promise<void>;
  close(): Promise<void>;
}

/** The part of PayPal's SDK (window.paypal) used here. */
interface PayPalSdk {
  Buttons(options: PayPalButtonsOptions): PayPalButtons;
  FUNDING: { PAYPAL: string };
}

/** WalletOptions with `container` (where PayPal's button is rendered) and `onStart`. */
export type PayPalOptions = WalletOptions;

// @types/paypal-checkout-components declares the flows as an enum of a global that is not there at run time.
const VAULT_FLOW = 'vault' as PayPalCheckoutCreatePaymentOptions['flow'];

const sdkOnPage = () => (window as unknown as { paypal?: PayPalSdk }).paypal;

/** loadPayPalSDK resolves when PayPal's script loads and never when it fails: watch for the failure too. */
function loadSdk(checkout: PayPalCheckout): Promise<PayPalSdk> {
  const present = sdkOnPage();
  if (present?.Buttons) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const onScriptError = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement && target.src.startsWith(PAYPAL_SDK_URL)) fail(new Error(`${target.src} did not load`));
    };
    const timer = setTimeout(() => fail(new Error(`it did not load within ${SCRIPT_TIMEOUT_MS} ms`)), SCRIPT_TIMEOUT_MS);
    const stopWatching = () => {
      clearTimeout(timer);
      window.removeEventListener('error', onScriptError, true);
    };
    const fail = (error: unknown) => {
      stopWatching();
      reject(scriptFailedToLoad("PayPal's SDK", error));
    };
    window.addEventListener('error', onScriptError, true);
    checkout.loadPayPalSDK({ vault: true }).then(
      () => {
        stopWatching();
        const sdk = sdkOnPage();
        if (sdk?.Buttons) resolve(sdk);
        else fail(new Error('it loaded without window.paypal.Buttons'));
      },
      (error: unknown) => {
        stopWatching();
        reject(paypalError(error));
      },
    );
  });
}

export class PayPalVault {
  private readonly setup: Preparation<{ checkout: PayPalCheckout; sdk: PayPalSdk }>;
  private current: { buttons: PayPalButtons; abandon: () => void } | undefined;

  constructor(
    client: Client,
    private readonly deviceData: () => DeviceDataSource,
  ) {
    this.setup = new Preparation(async () => {
      const paypalCheckout = await loadPayPalCheckout();
      let checkout: PayPalCheckout;
      try {
        checkout = await paypalCheckout.create({ client });
      } catch (error) {
        throw paypalError(error);
      }
      return { checkout, sdk: await loadSdk(checkout) };
    });
  }

  /** Loads paypalCheckout and PayPal's SDK ahead of the parent's choice. */
  prepare(): void {
    void this.setup.start();
  }

  async pay(options: PayPalOptions): Promise<TokenizedPayment> {
    const container = options.container;
    if (!container)
      throw new PaymentAdapterError(
        'PAYPAL_MISSING_REQUIRED_OPTION',
        'MERCHANT',
        'payWithPayPal needs a container: PayPal opens its window only from a click on its own button.',
      );
    const { checkout, sdk } = await this.setup.start();
    this.abandonCurrent();
    return new Promise<TokenizedPayment>((resolve, reject) => {
      let settled = false;
      // PayPal's SDK hands createBillingAgreement's rejection to onError in its own shape.
      let braintreeFailure: unknown;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        settle();
        if (this.current?.buttons === buttons) this.current = undefined;
        void buttons.close().catch(() => undefined);
      };
      const buttons = sdk.Buttons({
        fundingSource: sdk.FUNDING.PAYPAL,
        createBillingAgreement: () => {
          // The parent clicked PayPal's button: its window opens.
          if (!settled) options.onStart?.();
          return attempt(() =>
            checkout.createPayment({ flow: VAULT_FLOW, billingAgreementDescription: options.label, enableShippingAddress: false }),
          ).catch((error: unknown) => {
            braintreeFailure = error;
            throw error;
          });
        },
        onApprove: (data) =>
          Promise.all([
            attempt(() => checkout.tokenizePayment(data as Parameters<PayPalCheckout['tokenizePayment']>[0])),
            this.deviceData().get(),
          ]).then(
            ([payload, device]) =>
              finish(() =>
                resolve({
                  nonce: payload.nonce,
                  method: 'paypal',
                  details: payload.details?.email ? { email: payload.details.email } : {},
                  ...(device ? { deviceData: device } : {}),
                }),
              ),
            (error: unknown) => finish(() => reject(paypalError(error))),
          ),
        onCancel: () =>
          finish(() =>
            reject(
              new PaymentAdapterError(
                'PAYPAL_POPUP_CLOSED',
                'CUSTOMER',
                "PayPal's onCancel: the PayPal window was closed before approving.",
              ),
            ),
          ),
        onError: (error) => finish(() => reject(paypalError(braintreeFailure ?? error))),
      });
      this.current = {
        buttons,
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
      if (!buttons.isEligible()) {
        finish(() =>
          reject(new PaymentAdapterError('PAYPAL_NOT_ENABLED', 'MERCHANT', "PayPal's SDK says its button is not eligible here.")),
        );
        return;
      }
      buttons.render(container).catch((error: unknown) => finish(() => reject(paypalError(error))));
    });
  }

  private abandonCurrent(): void {
    this.current?.abandon();
    this.current = undefined;
  }

  async teardown(): Promise<void> {
    this.abandonCurrent();
    if (!this.setup.started) return;
    const made = await this.setup.start().catch(() => undefined);
    if (made) await attempt(() => made.checkout.teardown()).catch(() => undefined);
  }
}
