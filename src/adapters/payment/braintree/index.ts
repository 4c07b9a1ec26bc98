/**
 * The `braintree` payment adapter: braintree-web with a client token from GetClientToken.
 * This module and its siblings are small; braintree-web itself arrives in chunks of its own
 * (modules.ts), each loaded when first needed: the client with the adapter, hosted fields with
 * the card fields, paypalCheckout / apple-pay / google-payment when availableWallets prepares
 * them, the data collector with the first payment.
 */
import type { Client } from 'braintree-web/client';
import {
  type CardFields,
  type PaymentAdapter,
  PaymentAdapterError,
  type PaymentAdapterFactory,
  type TokenizedPayment,
  type WalletOptions,
} from '../types.ts';
import { ApplePay, browserCanUseApplePay } from './applePay.ts';
import { type CardFieldsOptions, createHostedCardFields } from './cardFields.ts';
import { collectDeviceData, type DeviceDataSource } from './deviceData.ts';
import { messageOf, toAdapterError } from './errors.ts';
import { gatewayOf } from './gateway.ts';
import { GooglePay } from './googlePay.ts';
import { loadClient } from './modules.ts';
import { type PayPalOptions, PayPalVault } from './paypal.ts';

export interface BraintreeAdapterOptions {
  getClientToken: () => Promise<string>;
  /** Google's merchant id (Google Pay & Wallet Console); Google requires it in production. */
  googleMerchantId?: string;
}

async function clientToken(getClientToken: () => Promise<string>): Promise<string> {
  try {
    return await getClientToken();
  } catch (error) {
    if (error instanceof PaymentAdapterError) throw error;
    throw new PaymentAdapterError('CLIENT_TOKEN_UNAVAILABLE', 'NETWORK', `GetClientToken failed: ${messageOf(error)}`);
  }
}

class BraintreePaymentAdapter implements PaymentAdapter {
  readonly name = 'braintree';
  private readonly cardFields = new Set<CardFields>();
  private deviceDataSource: DeviceDataSource | undefined;
  private readonly paypal: PayPalVault;
  private readonly applePay: ApplePay;
  private readonly googlePay: GooglePay;

  constructor(
    private readonly client: Client,
    googleMerchantId: string | undefined,
  ) {
    const deviceData = () => (this.deviceDataSource ??= collectDeviceData(client));
    this.paypal = new PayPalVault(client, deviceData);
    this.applePay = new ApplePay(client, deviceData);
    this.googlePay = new GooglePay(client, deviceData, googleMerchantId);
  }

  async createCardFields(options: CardFieldsOptions): Promise<CardFields> {
    this.deviceDataSource ??= collectDeviceData(this.client);
    const fields = await createHostedCardFields(this.client, options, this.deviceDataSource);
    this.cardFields.add(fields);
    return {
      ...fields,
      teardown: async () => {
        this.cardFields.delete(fields);
        await fields.teardown();
      },
    };
  }

  async availableWallets(): Promise<{ paypal: boolean; applePay: boolean; googlePay: boolean }> {
    const gateway = gatewayOf(this.client);
    const paypal = gateway.paypalEnabled === true && gateway.paypal?.environmentNoNetwork !== true;
    if (paypal) this.paypal.prepare();
    const applePay = !!gateway.applePayWeb && browserCanUseApplePay();
    if (applePay) this.applePay.prepare();
    const googlePay = !!gateway.androidPay && gateway.androidPay.enabled !== false && (await this.googlePay.available());
    return { paypal, applePay, googlePay };
  }

  payWithPayPal(options: PayPalOptions): Promise<TokenizedPayment> {
    return this.paypal.pay(options);
  }

  payWithApplePay(options: WalletOptions): Promise<TokenizedPayment> {
    return this.applePay.pay(options);
  }

  payWithGooglePay(options: WalletOptions): Promise<TokenizedPayment> {
    return this.googlePay.pay(options);
  }

  async teardown(): Promise<void> {
    await Promise.allSettled([
      ...[...this.cardFields].map((fields) => fields.teardown()),
      this.paypal.teardown(),
      this.applePay.teardown(),
      this.googlePay.teardown(),
      this.deviceDataSource?.teardown(),
    ]);
    this.cardFields.clear();
    // A second teardown finds braintree-web's methods already turned into throws.
    await new Promise<void>((resolve) => this.client.teardown(() => resolve())).catch(() => undefined);
  }
}

export const createBraintreePaymentAdapter = (async ({
  getClientToken,
  googleMerchantId,
}: BraintreeAdapterOptions): Promise<PaymentAdapter> => {
  const [clientModule, authorization] = await Promise.all([loadClient(), clientToken(getClientToken)]);
  let client: Client;
  try {
    client = await clientModule.create({ authorization });
  } catch (error) {
    throw toAdapterError(error, { code: 'CLIENT_GATEWAY_NETWORK', type: 'NETWORK' });
  }
  return new BraintreePaymentAdapter(client, googleMerchantId);
}) satisfies PaymentAdapterFactory;
