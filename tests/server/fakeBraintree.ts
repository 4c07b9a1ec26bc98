/**
 * A local HTTP server that answers the official Braintree SDK like Braintree's gateway does
 * (XML bodies, 201/422/404 statuses), so the braintree gateway runs the real SDK against a
 * network boundary the test controls. It records every request (method, path, JSON body as the
 * SDK sent it, with its snake_case keys) and answers with what the test queued for that path.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON request body as the SDK sends it: the fields under the resource's name (`{ transaction: { amount, ... } }`). */
type SdkBody = Record<string, Record<string, unknown>>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: SdkBody | null;
  authorization: string | undefined;
}

export interface FakeAnswer {
  status: number;
  xml: string;
}

export interface FakeBraintree {
  host: string;
  port: number;
  requests: RecordedRequest[];
  /** The answer for the next request whose method and path match (string: exact; RegExp: pattern). */
  answer(method: string, path: string | RegExp, answer: FakeAnswer): void;
  close(): Promise<void>;
}

export const MERCHANT_ID = 'test_merchant';
export const CREDENTIALS = {
  environment: 'sandbox' as const,
  merchantId: MERCHANT_ID,
  publicKey: 'test_public_key',
  privateKey: 'test_private_key',
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeBraintree(): Promise<FakeBraintree> {
  const queued: { method: string; path: string | RegExp; answer: FakeAnswer }[] = [];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = request.url ?? '';
    requests.push({
      method: request.method ?? '',
      path,
      body: text ? (JSON.parse(text) as SdkBody) : null,
      authorization: request.headers.authorization,
    });
    const index = queued.findIndex(
      (q) => q.method === request.method && (typeof q.path === 'string' ? q.path === path : q.path.test(path)),
    );
    if (index === -1) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`no answer queued for ${request.method} ${path}`);
      return;
    }
    const { answer } = queued.splice(index, 1)[0]!;
    response
      .writeHead(answer.status, { 'content-type': 'application/xml; charset=utf-8' })
      .end(`<?xml version="1.0" encoding="UTF-8"?>\n${answer.xml}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    requests,
    answer: (method, path, answer) => void queued.push({ method, path, answer }),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

// ---------------------------------------------------------------------------------------
// Braintree's XML, as its gateway answers (trimmed to the fields the product reads).

export const xml = {
  customer: (id: string, email: string) =>
    `<customer><id>${id}</id><email>${email}</email><credit-cards type="array"/><paypal-accounts type="array"/></customer>`,
  clientToken: (value: string) => `<client-token><value>${value}</value></client-token>`,
  creditCard: (o: { token: string; cardType: string; last4: string; month: string; year: string; uniqueNumberIdentifier?: string }) =>
    `<credit-card><token>${o.token}</token><card-type>${o.cardType}</card-type><last-4>${o.last4}</last-4>` +
    `<expiration-month>${o.month}</expiration-month><expiration-year>${o.year}</expiration-year>` +
    (o.uniqueNumberIdentifier ? `<unique-number-identifier>${o.uniqueNumberIdentifier}</unique-number-identifier>` : '') +
    '<default type="boolean">true</default><subscriptions type="array"/><verifications type="array"/></credit-card>',
  /** A one-time nonce made for a vaulted method (POST /payment_methods/:token/nonces). */
  paymentMethodNonce: (nonce: string) =>
    `<payment-method-nonce><nonce>${nonce}</nonce><type>CreditCard</type><default type="boolean">false</default></payment-method-nonce>`,
  paypalAccount: (o: { token: string; email: string }) =>
    `<paypal-account><token>${o.token}</token><email>${o.email}</email>` +
    '<default type="boolean">false</default><subscriptions type="array"/></paypal-account>',
  transaction: (o: { id: string; status: string; amount: string; code?: string; text?: string; rejection?: string; createdAt?: string }) =>
    `<transaction><id>${o.id}</id><status>${o.status}</status><type>sale</type>` +
    `<currency-iso-code>USD</currency-iso-code><amount>${o.amount}</amount>` +
    `<created-at type="datetime">${o.createdAt ?? '2025-03-10T15:00:00Z'}</created-at>` +
    `<processor-response-code>${o.code ?? '1000'}</processor-response-code>` +
    `<processor-response-text>${o.text ?? 'Approved'}</processor-response-text>` +
    (o.rejection ? `<gateway-rejection-reason>${o.rejection}</gateway-rejection-reason>` : '<gateway-rejection-reason nil="true"/>') +
    `</transaction>`,
  subscription: (o: {
    id: string;
    status: string;
    price: string;
    trialDays?: number;
    first: string;
    next: string;
    transactions?: string[];
  }) =>
    `<subscription><id>${o.id}</id><status>${o.status}</status><price>${o.price}</price>` +
    (o.trialDays
      ? `<trial-period type="boolean">true</trial-period><trial-duration type="integer">${o.trialDays}</trial-duration>` +
        '<trial-duration-unit>day</trial-duration-unit>'
      : '<trial-period type="boolean">false</trial-period>') +
    `<first-billing-date type="date">${o.first}</first-billing-date><next-billing-date type="date">${o.next}</next-billing-date>` +
    `<transactions type="array">${(o.transactions ?? []).join('')}</transactions>` +
    '<add-ons type="array"/><discounts type="array"/></subscription>',
  /** A 422 answer: validation errors nested under `on` (e.g. credit-card), and the verification or transaction that failed. */
  error: (o: {
    message: string;
    errors?: { on: string; code: string; attribute: string; message: string }[];
    verification?: string;
    transaction?: string;
  }) => {
    const groups = new Map<string, string[]>();
    for (const e of o.errors ?? [])
      groups.set(e.on, [
        ...(groups.get(e.on) ?? []),
        `<error><code>${e.code}</code><attribute type="symbol">${e.attribute}</attribute><message>${e.message}</message></error>`,
      ]);
    const nested = [...groups].map(([on, errors]) => `<${on}><errors type="array">${errors.join('')}</errors></${on}>`).join('');
    return (
      `<api-error-response><errors><errors type="array"/>${nested}</errors><params><payment-method/></params>` +
      `<message>${o.message}</message>${o.verification ?? ''}${o.transaction ?? ''}</api-error-response>`
    );
  },
  verification: (o: { status: string; code?: string; text?: string; rejection?: string }) =>
    `<verification><id>ver_1</id><status>${o.status}</status>` +
    `<processor-response-code>${o.code ?? ''}</processor-response-code>` +
    `<processor-response-text>${o.text ?? ''}</processor-response-text>` +
    (o.rejection ? `<gateway-rejection-reason>${o.rejection}</gateway-rejection-reason>` : '<gateway-rejection-reason nil="true"/>') +
    `</verification>`,
};
