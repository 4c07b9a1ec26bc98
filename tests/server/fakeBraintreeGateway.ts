/**
 * A fake Braintree that remembers: customers, vaulted cards, subscriptions and transactions, kept
 * across the requests of any number of server processes, answered over HTTP in Braintree's XML
 * as the official SDK expects (fakeBraintree.ts has the queue-answering kind). Enough of the
 * gateway for purchases and their reconciliation: customer and payment method creation,
 * subscriptions (created under our id, found, cancelled), sales with an order id, transaction
 * search by order id, find, void and refund; card verification when vaulting, or on its own
 * (a nonce of a vaulted card, then a verification), where Braintree's processor-declined test
 * nonces are declined (2000), and each card a uniqueNumberIdentifier from its nonce. Every answer waits `delayMs`, so a process killed
 * mid-purchase is killed while Braintree is working, as it would be.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MERCHANT_ID, xml } from './fakeBraintree.ts';

interface Subscription {
  id: string;
  status: 'Active' | 'Canceled';
  price: string;
  trialDays: number;
  first: string;
  next: string;
  transactionIds: string[];
}

interface Transaction {
  id: string;
  type: 'sale' | 'credit';
  status: 'submitted_for_settlement' | 'voided';
  amount: string;
  orderId: string | null;
  refundIds: string[];
  createdAt: string;
}

export interface FakeBraintreeGateway {
  port: number;
  /** How many card verifications were asked for (vaulting with verify_card, or a verification on its own). */
  verifications: number;
  subscriptions: Map<string, Subscription>;
  transactions: Map<string, Transaction>;
  close(): Promise<void>;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const addMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()));

/** The fields of the SDK's request bodies (snake_case, under the resource's name) that this fake reads. */
interface SdkRequest {
  customer?: { email?: string };
  payment_method?: { payment_method_nonce?: string; options?: { verify_card?: boolean } };
  verification?: { payment_method_nonce?: string };
  subscription?: { id: string; price: string; trial_period?: boolean; trial_duration?: number | string };
  transaction?: { amount: string; order_id?: string | null };
  search?: { order_id?: { is?: string }; ids?: string[] };
}

async function readJson(request: IncomingMessage): Promise<SdkRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as SdkRequest) : {};
}

export async function startFakeBraintreeGateway(o: { delayMs: number }): Promise<FakeBraintreeGateway> {
  const subscriptions = new Map<string, Subscription>();
  const transactions = new Map<string, Transaction>();
  const fake: FakeBraintreeGateway = {
    port: 0,
    verifications: 0,
    subscriptions,
    transactions,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  let ids = 0;
  const nextId = (prefix: string) => `${prefix}${(++ids).toString(36)}`;
  const base = `/merchants/${MERCHANT_ID}`;

  const transactionXml = (t: Transaction) =>
    xml
      .transaction({ id: t.id, status: t.status, amount: t.amount, createdAt: t.createdAt })
      .replace(
        '</transaction>',
        `<order-id>${t.orderId ?? ''}</order-id>` +
          `<refund-ids type="array">${t.refundIds.map((id) => `<item>${id}</item>`).join('')}</refund-ids></transaction>`,
      );
  const subscriptionXml = (s: Subscription) =>
    xml.subscription({
      id: s.id,
      status: s.status,
      price: s.price,
      trialDays: s.trialDays,
      first: s.first,
      next: s.next,
      transactions: s.transactionIds.map((id) => transactionXml(transactions.get(id)!)),
    });
  const newTransaction = (amount: string, orderId: string | null): Transaction => {
    const t: Transaction = {
      id: nextId('txn'),
      type: 'sale',
      status: 'submitted_for_settlement',
      amount,
      orderId,
      refundIds: [],
      createdAt: new Date().toISOString(),
    };
    transactions.set(t.id, t);
    return t;
  };
  const validation = (on: string, code: string, attribute: string, message: string) => ({
    status: 422,
    body: xml.error({ message, errors: [{ on, code, attribute, message }] }),
  });
  // Cards: a nonce names its card (Braintree's processor-declined test nonces fail verification); a vaulted
  // card and the one-time nonces made of it remember that nonce.
  const cardOfToken = new Map<string, string>();
  const cardOfNonce = new Map<string, string>();
  const verify = (cardNonce: string) => {
    fake.verifications++;
    return cardNonce.includes('processor-declined')
      ? {
          status: 422,
          body: xml.error({
            message: 'Do Not Honor',
            verification: xml.verification({ status: 'processor_declined', code: '2000', text: 'Do Not Honor' }),
          }),
        }
      : null;
  };

  const routes: [string, RegExp, (match: RegExpExecArray, body: SdkRequest) => { status: number; body: string }][] = [
    ['POST', /^\/customers$/, (_m, body) => ({ status: 201, body: xml.customer(nextId('cus'), body.customer?.email ?? '') })],
    [
      'POST',
      /^\/payment_methods$/,
      (_m, body) => {
        const cardNonce = body.payment_method?.payment_method_nonce ?? 'fake-valid-nonce';
        const refused = body.payment_method?.options?.verify_card === false ? null : verify(cardNonce);
        if (refused) return refused;
        const token = nextId('pm');
        cardOfToken.set(token, cardNonce);
        const uniqueNumberIdentifier = `uni${Buffer.from(cardNonce).toString('hex').slice(0, 29)}`;
        return {
          status: 201,
          body: xml.creditCard({ token, cardType: 'Visa', last4: '1111', month: '12', year: '2030', uniqueNumberIdentifier }),
        };
      },
    ],
    [
      'POST',
      /^\/payment_methods\/([^/]+)\/nonces$/,
      ([, token]) => {
        const cardNonce = cardOfToken.get(token!);
        if (cardNonce === undefined) return { status: 404, body: '' };
        const nonce = nextId('nonce');
        cardOfNonce.set(nonce, cardNonce);
        return { status: 201, body: xml.paymentMethodNonce(nonce) };
      },
    ],
    [
      'POST',
      /^\/verifications$/,
      (_m, body) => {
        const cardNonce = cardOfNonce.get(body.verification?.payment_method_nonce ?? '');
        if (cardNonce === undefined) return validation('verification', '91565', 'payment_method_nonce', 'Unknown payment_method_nonce.');
        return verify(cardNonce) ?? { status: 201, body: xml.verification({ status: 'verified', code: '1000', text: 'Approved' }) };
      },
    ],
    [
      'POST',
      /^\/subscriptions$/,
      (_m, body) => {
        const request = body.subscription!;
        if (subscriptions.has(request.id)) return validation('subscription', '81902', 'id', 'ID has already been taken.');
        const now = new Date();
        const trialDays = request.trial_period ? Number(request.trial_duration) : 0;
        const first = trialDays > 0 ? addDays(now, trialDays) : now;
        const s: Subscription = {
          id: request.id,
          status: 'Active',
          price: request.price,
          trialDays,
          first: day(first),
          next: day(trialDays > 0 ? first : addMonth(now)),
          transactionIds: [],
        };
        if (trialDays === 0) s.transactionIds.push(newTransaction(request.price, null).id);
        subscriptions.set(s.id, s);
        return { status: 201, body: subscriptionXml(s) };
      },
    ],
    [
      'GET',
      /^\/subscriptions\/([^/]+)$/,
      ([, id]) => (subscriptions.has(id!) ? { status: 200, body: subscriptionXml(subscriptions.get(id!)!) } : { status: 404, body: '' }),
    ],
    [
      'PUT',
      /^\/subscriptions\/([^/]+)\/cancel$/,
      ([, id]) => {
        const s = subscriptions.get(id!);
        if (!s) return { status: 404, body: '' };
        if (s.status === 'Canceled') return validation('subscription', '81905', 'status', 'Subscription has already been canceled.');
        s.status = 'Canceled';
        return { status: 200, body: subscriptionXml(s) };
      },
    ],
    [
      'POST',
      /^\/transactions$/,
      (_m, { transaction }) => ({ status: 201, body: transactionXml(newTransaction(transaction!.amount, transaction!.order_id ?? null)) }),
    ],
    [
      'POST',
      /^\/transactions\/advanced_search_ids$/,
      (_m, { search }) => {
        const matching = [...transactions.values()].filter(
          (t) => t.type === 'sale' && t.orderId !== null && t.orderId === search!.order_id?.is,
        );
        return {
          status: 200,
          body:
            '<search-results><page-size type="integer">50</page-size>' +
            `<ids type="array">${matching.map((t) => `<item>${t.id}</item>`).join('')}</ids></search-results>`,
        };
      },
    ],
    [
      'POST',
      /^\/transactions\/advanced_search$/,
      (_m, { search }) => {
        // The SDK sends the ids of a page as a list (a multiple-value field).
        const found = search!.ids!.map((id) => transactions.get(id)).filter((t): t is Transaction => t !== undefined);
        return {
          status: 200,
          body: `<credit-card-transactions type="collection">${found.map(transactionXml).join('')}</credit-card-transactions>`,
        };
      },
    ],
    [
      'GET',
      /^\/transactions\/([^/]+)$/,
      ([, id]) => (transactions.has(id!) ? { status: 200, body: transactionXml(transactions.get(id!)!) } : { status: 404, body: '' }),
    ],
    [
      'PUT',
      /^\/transactions\/([^/]+)\/void$/,
      ([, id]) => {
        const t = transactions.get(id!);
        if (!t) return { status: 404, body: '' };
        if (t.status !== 'submitted_for_settlement')
          return validation(
            'transaction',
            '91504',
            'status',
            'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
          );
        t.status = 'voided';
        return { status: 200, body: transactionXml(t) };
      },
    ],
  ];

  const server: Server = createServer(async (request, response) => {
    const body = await readJson(request);
    await new Promise((resolve) => setTimeout(resolve, o.delayMs));
    const path = (request.url ?? '').startsWith(base) ? (request.url ?? '').slice(base.length) : '';
    for (const [method, pattern, answer] of routes) {
      const match = request.method === method ? pattern.exec(path) : null;
      if (!match) continue;
      let status: number;
      let xmlBody: string;
      try {
        ({ status, body: xmlBody } = answer(match, body));
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`the fake Braintree failed: ${String(error)}`);
        return;
      }
      response
        .writeHead(status, { 'content-type': 'application/xml; charset=utf-8' })
        .end(xmlBody ? `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBody}` : '');
      return;
    }
    response.writeHead(500, { 'content-type': 'text/plain' }).end(`the fake Braintree has no route for ${request.method} ${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  return fake;
}
