/**
 * A payment gateway with faults a test arms, around a real one: the next call of a kind fails
 * `before` reaching the gateway (it was down: nothing happened) or `after` it (the gateway did
 * it, but its answer was lost — the shape of a crash between the gateway call and our record).
 * `watch` runs a check at the moment a call reaches the gateway.
 */
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';

type Faulty = 'vaultPaymentMethod' | 'sale' | 'createSubscription' | 'cancelSubscription' | 'reverseSale';

export interface FaultyGateway {
  gateway: PaymentGateway;
  /** The next `call` fails before or after the real gateway runs it. */
  arm(call: Faulty, when: 'before' | 'after'): void;
  /** Runs `check` when the next `call` reaches the gateway. */
  watch(call: Faulty, check: () => Promise<void>): void;
  /** How many times each call reached the real gateway. */
  calls: Record<Faulty, number>;
}

export function faultyGateway(inner: PaymentGateway): FaultyGateway {
  const armed = new Map<Faulty, 'before' | 'after'>();
  const watched = new Map<Faulty, () => Promise<void>>();
  const calls: Record<Faulty, number> = { vaultPaymentMethod: 0, sale: 0, createSubscription: 0, cancelSubscription: 0, reverseSale: 0 };
  const wrap =
    <A, R>(name: Faulty, real: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      const fault = armed.get(name);
      armed.delete(name);
      const check = watched.get(name);
      watched.delete(name);
      if (check) await check();
      if (fault === 'before') throw new Error(`test: the gateway did not answer ${name}`);
      calls[name]++;
      const result = await real(args);
      if (fault === 'after') throw new Error(`test: the answer of ${name} was lost`);
      return result;
    };
  return {
    gateway: {
      ...inner,
      vaultPaymentMethod: wrap('vaultPaymentMethod', inner.vaultPaymentMethod),
      sale: wrap('sale', inner.sale),
      createSubscription: wrap('createSubscription', inner.createSubscription),
      cancelSubscription: wrap('cancelSubscription', inner.cancelSubscription),
      reverseSale: wrap('reverseSale', inner.reverseSale),
    },
    arm: (call, when) => void armed.set(call, when),
    watch: (call, check) => void watched.set(call, check),
    calls,
  };
}
