/** Every owner rule of the contract names params its call takes (a misspelt one would never be checked). */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { type CallDefinition, callNames, contract } from '../../src/contract/index.ts';

const definitions: Record<string, CallDefinition> = contract;

describe('owner rules', () => {
  const ruled = callNames.filter((name) => definitions[name]!.owner);

  test('the calls acting on the caller own account have one', () => {
    expect(ruled).toEqual(
      expect.arrayContaining([
        'ChangePassword',
        'ChangeUsername',
        'GetCustomerDetails',
        'GetPaymentHistory',
        'PurchaseSubscription',
        'UpdateCreditCard',
        'CancelSubscription',
        'RedeemComp',
        'RedeemVolumeLicense',
      ]),
    );
  });

  test.each(ruled)('%s: each param of its rule is a param of its input, and the call needs a session', (name) => {
    const definition = definitions[name]!;
    const schema = z.toJSONSchema(definition.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    for (const param of definition.owner!.params) expect(Object.keys(schema.properties ?? {}), param).toContain(param);
    expect(definition.auth).toBe('session');
  });
});
