/**
 * `POST /api/webhooks/braintree`: Braintree's webhook notifications (subscription charged,
 * charged unsuccessfully, went past due, went active, canceled, expired...).
 *
 * Braintree posts a form (`application/x-www-form-urlencoded`) with `bt_signature` and
 * `bt_payload`; the gateway checks the signature with the merchant's keys and reads the
 * notification (`parseWebhook`), and `applyGatewayEvent` records it. Answers:
 * 200 recorded (or nothing to do), 400 fields missing or holding control characters, 403 signature not ours (also every
 * request when the server runs the sandbox gateway, which sends no webhooks). A failure while
 * recording answers 500, and Braintree delivers the notification again later; a repeat changes
 * nothing (events.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { unsafeTextIn } from '../apiInput.ts';
import type { Database } from '../db/types.ts';
import { applyGatewayEvent } from './events.ts';
import type { PaymentGateway } from './gateway.ts';

export const BRAINTREE_WEBHOOK_PATH = '/webhooks/braintree';

/** Notifications of a subscription with many transactions are larger than a call's body. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

export interface WebhookRoutesOptions {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  now?: () => Date;
}

export async function braintreeWebhookRoutes(app: FastifyInstance, options: WebhookRoutesOptions) {
  const now = options.now ?? (() => new Date());
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(BRAINTREE_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const signature = body.bt_signature;
    const payload = body.bt_payload;
    if (typeof signature !== 'string' || typeof payload !== 'string' || signature === '' || payload === '')
      return reply.code(400).send({ error: 'Expected a form with bt_signature and bt_payload.' });
    const unsafe = unsafeTextIn('body', { bt_signature: signature, bt_payload: payload });
    if (unsafe) throw unsafe;

    const event = await options.gateway.parseWebhook({ signature, payload });
    if (!event) {
      request.log.warn("Braintree webhook refused: the signature does not match this merchant's keys");
      return reply.code(403).send({ error: 'The signature does not match.' });
    }
    const applied = await applyGatewayEvent(options.db, event, now());
    request.log.info(
      {
        event: event.kind,
        ...('subscriptionId' in event ? { gatewaySubscriptionId: event.subscriptionId } : {}),
        subscriptionId: applied.subscriptionId,
        changed: applied.changed,
      },
      'Braintree webhook',
    );
    return { received: event.kind, changed: applied.changed };
  });
}
