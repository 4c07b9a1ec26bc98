/**
 * Card fields as braintree-web hosted fields: an iframe of Braintree's in each container, named
 * by the visible label (the iframe's title and the label inside the frame), so card numbers and
 * security codes are typed into Braintree's page, never ours.
 */
import type { Client } from 'braintree-web/client';
import type {
  HostedFields,
  HostedFieldsEvent,
  HostedFieldsField,
  HostedFieldsHostedFieldsFieldData,
  HostedFieldsTokenizePayload,
} from 'braintree-web/hosted-fields';
import type { CardFieldName, CardFieldSetup, CardFieldState, CardFields, PaymentAdapter } from '../types.ts';
import type { DeviceDataSource } from './deviceData.ts';
import { attempt, toAdapterError } from './errors.ts';
import { configurationOf } from './gateway.ts';
import { loadHostedFields } from './modules.ts';

export type CardFieldsOptions = Parameters<PaymentAdapter['createCardFields']>[0];

/** Typography the frames copy from their container (an iframe inherits nothing from the page). */
const COPIED_STYLES = ['font-family', 'font-size', 'font-weight', 'color', 'line-height', 'letter-spacing'] as const;

const STATE_EVENTS = ['focus', 'blur', 'empty', 'notEmpty', 'validityChange'] as const;

function inputStyles(container: HTMLElement): Record<string, string> {
  const computed = getComputedStyle(container);
  const styles: Record<string, string> = {};
  for (const property of COPIED_STYLES) {
    const value = computed.getPropertyValue(property);
    if (value) styles[property] = value;
  }
  return styles;
}

export function hostedFieldOptions(
  name: CardFieldName,
  setup: CardFieldSetup,
  expirationFormat: CardFieldsOptions['expirationFormat'],
): HostedFieldsField {
  const placeholder = setup.placeholder ?? (name === 'expirationDate' ? expirationFormat : undefined);
  return {
    container: setup.container,
    iframeTitle: setup.label,
    internalLabel: setup.label,
    ...(placeholder ? { placeholder } : {}),
  };
}

/**
 * Braintree vaults a card at tokenization — and so checks its security code and refuses a card
 * already vaulted (HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED, ..._FAIL_ON_DUPLICATE) —
 * only with a client token made for a customer; its fingerprint then names the customer.
 */
export function clientTokenHasCustomer(client: Client): boolean {
  const fingerprint = configurationOf(client).authorizationFingerprint ?? '';
  return /(?:^|[?&])customer_id=[^&]+/.test(fingerprint);
}

const stateOf = (field: HostedFieldsHostedFieldsFieldData): CardFieldState => ({
  isEmpty: field.isEmpty,
  isValid: field.isValid,
  isFocused: field.isFocused,
});

const sameState = (a: CardFieldState | undefined, b: CardFieldState) =>
  !!a && a.isEmpty === b.isEmpty && a.isValid === b.isValid && a.isFocused === b.isFocused;

export async function createHostedCardFields(
  client: Client,
  options: CardFieldsOptions,
  deviceData: DeviceDataSource,
): Promise<CardFields> {
  const hostedFieldsModule = await loadHostedFields();
  const entries = Object.entries(options.fields) as [CardFieldName, CardFieldSetup | undefined][];
  const fields: Partial<Record<CardFieldName, HostedFieldsField>> = {};
  for (const [name, setup] of entries) if (setup) fields[name] = hostedFieldOptions(name, setup, options.expirationFormat);

  let hostedFields: HostedFields;
  try {
    hostedFields = await hostedFieldsModule.create({ client, fields, styles: { input: inputStyles(options.fields.number.container) } });
  } catch (error) {
    throw toAdapterError(error, { code: 'HOSTED_FIELDS_TIMEOUT', type: 'UNKNOWN' });
  }

  const vault = clientTokenHasCustomer(client);
  const listeners = new Set<(field: CardFieldName, state: CardFieldState) => void>();
  const lastSent: Partial<Record<CardFieldName, CardFieldState>> = {};
  const onEvent = (event: HostedFieldsEvent) => {
    const name = event.emittedBy as CardFieldName;
    const field = event.fields[name];
    if (!field) return;
    const state = stateOf(field);
    if (sameState(lastSent[name], state)) return;
    lastSent[name] = state;
    for (const listener of listeners) listener(name, state);
  };
  for (const type of STATE_EVENTS) hostedFields.on(type, onEvent);

  return {
    async tokenize() {
      const device = deviceData.get();
      let payload: HostedFieldsTokenizePayload;
      try {
        payload = await hostedFields.tokenize(vault ? { vault: true } : {});
      } catch (error) {
        throw toAdapterError(error, { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION', type: 'UNKNOWN' });
      }
      const deviceDataValue = await device;
      return {
        nonce: payload.nonce,
        method: 'card',
        details: { cardType: payload.details.cardType, lastFour: payload.details.lastFour },
        ...(deviceDataValue ? { deviceData: deviceDataValue } : {}),
      };
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    focus(field) {
      // A field that is not there has nothing to focus.
      attempt(() => hostedFields.focus(field)).catch(() => undefined);
    },
    async teardown() {
      listeners.clear();
      await attempt(() => hostedFields.teardown()).catch(() => undefined);
    },
  };
}
