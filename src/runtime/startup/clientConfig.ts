/** `{apiBase}/client-config`: which browser adapters the server wants. */
export interface ClientConfig {
  captcha?: { provider?: string; siteKey?: string };
  payments?: { adapter?: string };
}

type Fetch = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

const ask = (apiBase: string, fetcher: Fetch) => fetcher(`${apiBase}/client-config`, { headers: { Accept: 'application/json' } });

/** The client config, or `{}` when the server does not answer well within `timeoutMs` (start-up does not wait longer). */
export function readClientConfig(apiBase: string, timeoutMs: number, fetcher: Fetch = fetch): Promise<ClientConfig> {
  const timeout = new Promise<ClientConfig>((resolve) => setTimeout(() => resolve({}), timeoutMs));
  const answer = ask(apiBase, fetcher)
    .then((r) => (r.ok ? (r.json() as Promise<ClientConfig>) : {}))
    .catch(() => ({}));
  return Promise.race([answer, timeout]);
}

/** The payment adapter the server names, asked again without a time limit (a payment screen waits for it). */
export async function readPaymentAdapter(apiBase: string, fetcher: Fetch = fetch): Promise<string> {
  const r = await ask(apiBase, fetcher);
  if (!r.ok) throw new Error(`client-config answered ${r.status}`);
  return ((await r.json()) as ClientConfig).payments?.adapter ?? 'sandbox';
}

/** The payment adapter from the start-up answer, else asked for when a payment screen needs it. */
export function paymentAdapter(startup: ClientConfig, apiBase: string, fetcher: Fetch = fetch): () => Promise<string> {
  const named = startup.payments?.adapter;
  return () => (named ? Promise.resolve(named) : readPaymentAdapter(apiBase, fetcher));
}
