/**
 * The parts of the client's configuration (Braintree's answer to the client token's configUrl)
 * this adapter reads; @types/braintree-web types the gateway configuration as `any`.
 */
import type { Client } from 'braintree-web/client';

export interface GatewayConfiguration {
  environment?: string;
  paypalEnabled?: boolean;
  paypal?: { environmentNoNetwork?: boolean };
  /** Present when Apple Pay on the web is enabled in the control panel. */
  applePayWeb?: object;
  /** Google Pay (Braintree's old name for it). */
  androidPay?: { enabled?: boolean };
}

interface ClientConfiguration {
  authorizationFingerprint?: string;
  gatewayConfiguration: GatewayConfiguration;
}

export const configurationOf = (client: Client) => client.getConfiguration() as unknown as ClientConfiguration;

export const gatewayOf = (client: Client) => configurationOf(client).gatewayConfiguration;

export const isProduction = (client: Client) => gatewayOf(client).environment === 'production';
