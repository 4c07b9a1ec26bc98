/** What a payment block tells the compiler of the actions inside it (src/blocks/paymentForm/scope.ts). */
import { describe, expect, it } from 'vitest';
import paymentForm from '../../../../src/blocks/paymentForm/block.ts';
import { paymentNotices } from '../../../../src/blocks/paymentForm/scope.ts';

describe('a payment block', () => {
  it('shows a failed call’s messages in its copy group, 8 s unless its errorMs says otherwise', () => {
    expect(paymentNotices({ copy: 'pay:checkout' })).toEqual({ copy: 'pay:checkout', errorMs: 8000 });
    expect(paymentNotices({ copy: 'pay:checkout', errorMs: 5000 })).toEqual({ copy: 'pay:checkout', errorMs: 5000 });
    expect(paymentNotices({ errorMs: 5000 })).toBeUndefined();
  });

  it('is where `{ payment: x }` values and `payment.*` facts are known', () => {
    expect(paymentForm.scopedValues).toEqual({ name: 'payment', knownIn: 'a payment block (its onOffer: and onPay:)' });
    expect(paymentForm.notices).toBe(paymentNotices);
  });
});
