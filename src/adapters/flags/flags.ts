import type { CookieJar } from '../../browser/storage.ts';
import { EXPERIMENT_ID_COOKIE, FEATURE_ID_COOKIE, VARIANT_OVERRIDE_COOKIE, VARIANT_OVERRIDE_PARAM } from '../../browser/storageKeys.ts';
import type { CompiledFlag } from '../../config/compiled.ts';

export type FlagValues = Record<string, string>;

/** What the flag service is told (spec §7): polled once, never refreshed. */
export interface FlagContext {
  experimentId: string;
  platform: 'web';
  isRobotE2E: boolean;
  variantOverride: string;
  pathname: string;
  featureIds: string[];
}

/** Answers variants for some flags; anything it leaves out keeps its YAML default. */
export interface FlagProvider {
  load(context: FlagContext): Promise<FlagValues>;
}

export const defaultVariants = (definitions: Readonly<Record<string, CompiledFlag>>): FlagValues =>
  Object.fromEntries(Object.entries(definitions).map(([name, d]) => [name, d.default]));

/** The local provider: the YAML defaults, nothing remote. */
export class LocalFlagProvider implements FlagProvider {
  constructor(private readonly definitions: Readonly<Record<string, CompiledFlag>>) {}
  load(): Promise<FlagValues> {
    return Promise.resolve(defaultVariants(this.definitions));
  }
}

/**
 * The remote provider: ONE `GET {url}?experimentId=…&platform=web&isRobotE2E=…&variantOverride=…
 * &pathname=…&featureIds=a,b`, answering `{ flags: { name: variant } }` or `{ name: variant }`.
 * Refresh is disabled: later `load` calls get the first answer.
 */
export class HttpFlagProvider implements FlagProvider {
  private answer: Promise<FlagValues> | undefined;
  constructor(
    private readonly url = '/api/flags',
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
  ) {}
  load(context: FlagContext): Promise<FlagValues> {
    this.answer ??= this.fetchOnce(context);
    return this.answer;
  }
  private async fetchOnce(context: FlagContext): Promise<FlagValues> {
    const q = new URLSearchParams({
      experimentId: context.experimentId,
      platform: context.platform,
      isRobotE2E: String(context.isRobotE2E),
      variantOverride: context.variantOverride,
      pathname: context.pathname,
      featureIds: context.featureIds.join(','),
    });
    const response = await this.fetchFn(`${this.url}?${q}`, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Flag service answered ${response.status}`);
    const body = (await response.json()) as { flags?: unknown } | null;
    const map = body && typeof body === 'object' && body.flags && typeof body.flags === 'object' ? body.flags : body;
    const out: FlagValues = {};
    for (const [k, v] of Object.entries(map ?? {})) if (typeof v === 'string') out[k] = v;
    return out;
  }
}

/**
 * `?variantOverride=flag:variant,flag2:variant` → `{ flag: variant, flag2: variant }`. Unknown
 * flags and variants are left out, so a typo falls back to the normal variant.
 */
export function parseVariantOverride(text: string | null | undefined, definitions: Readonly<Record<string, CompiledFlag>>): FlagValues {
  const out: FlagValues = {};
  for (const pair of (text ?? '').split(',')) {
    const [name, variant] = pair.split(':').map((s) => s.trim());
    const d = name ? definitions[name] : undefined;
    if (d && variant && d.variants.includes(variant)) out[name!] = variant;
  }
  return out;
}

/** Keep only answers that name a known flag and one of its variants. */
export function knownVariants(answer: FlagValues, definitions: Readonly<Record<string, CompiledFlag>>): FlagValues {
  return Object.fromEntries(Object.entries(answer).filter(([k, v]) => definitions[k]?.variants.includes(v)));
}

export interface ResolveFlagsOptions {
  definitions: Readonly<Record<string, CompiledFlag>>;
  provider: FlagProvider;
  context: FlagContext;
  override: FlagValues;
  /** After this, the defaults are used and a late answer is ignored (screens render once). */
  timeoutMs: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Defaults, then the provider's answer (if it comes in time), then the URL/cookie override. */
export async function resolveFlags(o: ResolveFlagsOptions): Promise<FlagValues> {
  const defaults = defaultVariants(o.definitions);
  const timer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const answer = await Promise.race([
    o.provider.load(o.context).catch(() => ({}) as FlagValues),
    new Promise<FlagValues>((resolve) => timer(() => resolve({}), o.timeoutMs)),
  ]);
  return { ...defaults, ...knownVariants(answer, o.definitions), ...o.override };
}

/**
 * The override text: from `?variantOverride=` (then kept in the `variantOverride` cookie for
 * the next pages; an empty parameter removes it), else from the cookie.
 */
export function readVariantOverride(search: string, cookies: CookieJar): string {
  const params = new URLSearchParams(search);
  if (!params.has(VARIANT_OVERRIDE_PARAM)) return cookies.get(VARIANT_OVERRIDE_COOKIE) ?? '';
  const text = params.get(VARIANT_OVERRIDE_PARAM)?.trim() ?? '';
  if (text) cookies.set(VARIANT_OVERRIDE_COOKIE, text);
  else cookies.remove(VARIANT_OVERRIDE_COOKIE);
  return text;
}

const YEAR_SECONDS = 365 * 24 * 3600;

/** The flag service's context; a visitor without an experiment id gets one, kept for a year. */
export function flagContext(
  cookies: CookieJar,
  variantOverride: string,
  pathname: string,
  isRobotE2E: boolean,
  newId: () => string = () => crypto.randomUUID(),
): FlagContext {
  let experimentId = cookies.get(EXPERIMENT_ID_COOKIE);
  if (!experimentId) {
    experimentId = newId();
    cookies.set(EXPERIMENT_ID_COOKIE, experimentId, { maxAgeSeconds: YEAR_SECONDS });
  }
  const featureIds = (cookies.get(FEATURE_ID_COOKIE) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { experimentId, platform: 'web', isRobotE2E, variantOverride, pathname, featureIds };
}
