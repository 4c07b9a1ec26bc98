/**
 * Storage that never throws (private mode, disabled storage, a full quota, no DOM in tests),
 * and JSON values for session-storage keys.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { dump(): Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    dump: () => Object.fromEntries(data),
  };
}

/** window.localStorage / sessionStorage when usable, else an in-memory stand-in. */
export function safeStorage(get: () => Storage | undefined): KeyValueStorage {
  try {
    const s = get();
    if (s) {
      const probe = '__ck_probe__';
      s.setItem(probe, probe);
      s.removeItem(probe);
      return s;
    }
  } catch {
    /* fall through */
  }
  return memoryStorage();
}

/** A stored value: JSON when it parses, else the raw text. */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    /* quota or disabled storage: the value lives for this page only */
  }
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, opts?: { maxAgeSeconds?: number }): void;
  remove(name: string): void;
}

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      out[name] = part.slice(eq + 1).trim();
    }
  }
  return out;
}

/**
 * The `domain=` attribute for cookies shared with sibling sites (the cookies are
 * cross-domain): `app.yaml` `cookieDomain` when the page is on that domain or under it, else
 * none (a host-only cookie: localhost, tests, a preview address), since a browser refuses a
 * cookie for a domain the page is not on.
 */
export function cookieDomainFor(hostname: string, configured: string | undefined): string | undefined {
  const domain = configured?.trim().replace(/^\./, '').toLowerCase();
  const host = hostname.toLowerCase();
  return domain && (host === domain || host.endsWith(`.${domain}`)) ? domain : undefined;
}

export function documentCookies(doc: { cookie: string }, o: { domain?: string | undefined } = {}): CookieJar {
  const domain = o.domain ? `; domain=${o.domain}` : '';
  return {
    get: (name) => parseCookies(doc.cookie)[name],
    set(name, value, opts) {
      const age = opts?.maxAgeSeconds === undefined ? '' : `; max-age=${opts.maxAgeSeconds}`;
      doc.cookie = `${name}=${encodeURIComponent(value)}; path=/${domain}; SameSite=Lax${age}`;
    },
    remove(name) {
      doc.cookie = `${name}=; path=/; max-age=0`;
      if (domain) doc.cookie = `${name}=; path=/${domain}; max-age=0`;
    },
  };
}

export function memoryCookies(initial: Record<string, string> = {}): CookieJar & { dump(): Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    get: (n) => data.get(n),
    set: (n, v) => void data.set(n, v),
    remove: (n) => void data.delete(n),
    dump: () => Object.fromEntries(data),
  };
}
