/**
 * A gateway's refusals as callers see them: the message key the browser picks its copy
 * by, the processor's code of a decline, and words that never carry a gateway's own message (which
 * may name a nonce or token).
 */
import { describe, expect, test } from 'vitest';
import { failureOnWire } from '../../src/contract/index.ts';
import { gatewayFailure } from '../../src/server/payments/calls/failures.ts';
import type { GatewayFailure } from '../../src/server/payments/gateway.ts';

const wire = (failure: GatewayFailure, context: 'vault' | 'charge' = 'vault') => failureOnWire(gatewayFailure(failure, context));

describe('gateway failures on the wire', () => {
  test('a processor decline: WP_CardNotValid with its code; 3000 (processor failed) likewise', () => {
    expect(wire({ kind: 'processorDeclined', code: '2001', text: 'Insufficient Funds' })).toEqual({
      code: 141,
      error: 'Your card was declined (insufficient funds). Please try another card.',
      messageKey: 'WP_CardNotValid',
      processorCode: '2001',
    });
    expect(wire({ kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' })).toMatchObject({
      messageKey: 'WP_CardNotValid',
      processorCode: '3000',
    });
  });

  test('lost, stolen and fraud declines do not say so', () => {
    for (const code of ['2012', '2013', '2014']) {
      const answer = wire({ kind: 'processorDeclined', code, text: 'Processor Declined - Possible Stolen Card' }, 'charge');
      expect(answer).toEqual({
        code: 141,
        error: 'Your card was declined. Please try another card or contact your bank.',
        messageKey: 'WP_CardNotValid',
        processorCode: code,
      });
    }
  });

  test('CVV or postal-code mismatch and card fields in error: WP_CardVerificationFailed', () => {
    for (const reason of ['cvv', 'avs', 'avs_and_cvv'] as const) {
      expect(wire({ kind: 'gatewayRejected', reason })).toEqual({
        code: 141,
        error: 'Please verify the credit card you entered is correct.',
        messageKey: 'WP_CardVerificationFailed',
      });
    }
    for (const code of ['81715', '81716', '81707', '81736', '81737', '81710']) {
      expect(wire({ kind: 'validation', code, message: 'Credit card number is invalid.' })).toMatchObject({
        messageKey: 'WP_CardVerificationFailed',
      });
    }
  });

  test('a card already vaulted: WP_PaymentMethodDuplicate; a duplicate charge is not a duplicate card', () => {
    expect(wire({ kind: 'gatewayRejected', reason: 'duplicate' })).toEqual({
      code: 141,
      error: 'This payment method already exists.',
      messageKey: 'WP_PaymentMethodDuplicate',
    });
    expect(wire({ kind: 'validation', code: '81724', message: 'Duplicate card exists in the vault.' })).toMatchObject({
      messageKey: 'WP_PaymentMethodDuplicate',
    });
    expect(wire({ kind: 'gatewayRejected', reason: 'duplicate' }, 'charge')).toEqual({
      code: 141,
      error: expect.stringContaining('duplicate of a payment'),
    });
  });

  test('a card type not accepted: WP_PaymentInvalid', () => {
    expect(wire({ kind: 'cardTypeNotAccepted', cardType: 'Maestro' })).toEqual({
      code: 141,
      error: 'Unfortunately, this type of card is not accepted at this time. Please try another card.',
      messageKey: 'WP_PaymentInvalid',
    });
    expect(
      wire({ kind: 'validation', code: '91734', message: 'Credit card type is not accepted by this merchant account.' }),
    ).toMatchObject({ messageKey: 'WP_PaymentInvalid' });
  });

  test('other refusals have no message key, and never repeat the gateway’s message', () => {
    const secret = 'fake-consumed-nonce tok_4111111111111111';
    const answers = [
      wire({ kind: 'validation', code: '91564', message: `Cannot use ${secret} more than once.` }),
      wire({ kind: 'gatewayRejected', reason: 'fraud' }),
      wire({ kind: 'gatewayRejected', reason: 'risk_threshold' }),
    ];
    for (const answer of answers) {
      expect(Object.keys(answer).sort()).toEqual(['code', 'error']);
      expect(answer.error).not.toMatch(/nonce|tok_|4111/);
    }
  });
});
