/**
 * The runtime's one way to the backend. Blocks read through `read` (the query cache of
 * ./cache.ts, through ./useBackendQuery.ts) and write through `call`; actions call through
 * `call` too (src/runtime/runtime.ts `services.call`). What a write changes is declared here once:
 * the reads it makes stale and what the browser keeps of the parent (the email of the session).
 * Another session (a login, a logout) starts from an empty cache.
 */
import type { Auth } from '../../adapters/auth/auth.ts';
import type { Backend } from '../../adapters/backend/backend.ts';
import type { CallName } from '../../contract/calls.ts';
import type { CallInput, CallOutput } from '../../contract/index.ts';
import { createQueryCache, queryKey } from './cache.ts';

/** The calls that only read, and are kept: what the blocks show. */
export type ReadName =
  | 'GetCustomerDetails'
  | 'GetPaymentHistory'
  | 'GetSubscribedEmailLists'
  | 'GetDefaultPlans'
  | 'GetWebOffers'
  | 'GetMinervaOffers'
  | 'GetMinervaClassAddOns';

export interface BackendData {
  read<N extends ReadName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  /** The answer kept (stale or not), without asking; while the server renders, one not kept is asked for (once). */
  peek(name: ReadName, input: unknown): { value: unknown } | undefined;
  /** A call that is not kept (a write, a one-off lookup); the reads it changes go stale, whether it succeeded or not. */
  call: Backend['callFunction'];
  /** Called with the read that went stale, or null when the session changed and nothing is kept. */
  subscribe(listener: (name: ReadName | null) => void): () => void;
  /** The answers kept and not stale, by key (src/ssr/pageState.ts `data`). */
  fresh(): Record<string, unknown>;
  /** Waits for the reads on their way; true when there were any (the server then renders again). */
  settle(): Promise<boolean>;
}

export interface BackendDataOptions {
  /** Answers a server-rendered page brought, by key: kept from the start, then as any other (src/ssr/pageState.ts). */
  seed?: Readonly<Record<string, unknown>>;
  /**
   * The server rendering a page: what a render peeks at and is not kept is read (once per key), and `settle` waits
   * for it, so that the next render shows it (src/ssr/renderPage.tsx).
   */
  recording?: boolean;
}

const account: ReadName[] = ['GetCustomerDetails', 'GetPaymentHistory'];
const email: ReadName[] = ['GetCustomerDetails', 'GetSubscribedEmailLists'];

/** The reads each write changes (a charge or a cancellation: the plans and the payments; an email: where it shows). */
export const staleAfter: Partial<Record<CallName, ReadName[]>> = {
  PurchaseSubscription: account,
  UpgradeSubscription: account,
  CancelSubscription: account,
  SubscribeToMinervaClasses: account,
  CancelMinervaClasses: account,
  CreateClassAddOnSubscription: account,
  RedeemComp: account,
  RedeemVolumeLicense: account,
  BulkPurchase: account,
  UpdateCreditCard: account,
  UpdateUserEmail: email,
  ChangeUsername: email,
  IterableUpdateEmail: email,
  IterableSetEmailPreferences: ['GetSubscribedEmailLists'],
};

export type CreateBackendData = typeof createBackendData;

export function createBackendData(
  backend: Backend,
  auth: Pick<Auth, 'session' | 'rememberEmail'>,
  options: BackendDataOptions = {},
): BackendData {
  const cache = createQueryCache(options.seed);
  const read: BackendData['read'] = (name, input) => cache.read(name, input, () => backend.callFunction(name, input));
  const asked = new Set<string>();
  let token = auth.session.get()?.sessionToken;
  auth.session.subscribe(() => {
    const now = auth.session.get()?.sessionToken;
    if (now !== token) cache.clear();
    token = now;
  });
  return {
    read,
    peek(name, input) {
      const kept = cache.peek(name, input);
      const key = queryKey(name, input);
      if (!kept && options.recording && !asked.has(key)) {
        asked.add(key);
        read(name, input as never).catch(() => undefined);
      }
      return kept;
    },
    async call(name, input, options) {
      try {
        const answer = await backend.callFunction(name, input, options);
        // 'Signed in as' and every `user.email` fact follow an email change at once.
        if (name === 'UpdateUserEmail') auth.rememberEmail((answer as { email: string }).email);
        return answer;
      } finally {
        const stale = staleAfter[name];
        if (stale) cache.invalidate(stale);
      }
    },
    subscribe: cache.subscribe as BackendData['subscribe'],
    fresh: cache.fresh,
    settle: cache.settle,
  };
}
