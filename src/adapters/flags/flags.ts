/**
 * Feature flags behind an OpenFeature-shaped boundary. A provider is initialized
 * once with the visitor's evaluation context (OpenFeature's static-context paradigm for web
 * clients: the flag service is polled once, with refresh disabled), then answers each
 * flag synchronously with a value, a variant and a reason.
 *
 * Providers: `local` evaluates the experiments in the browser (GrowthBook's local evaluation,
 * src/adapters/flags/localProvider.ts, loaded only when an experiment runs); `remote` asks a
 * flag service once (`/api/flags`, which runs the same evaluator on the server, or a hosted
 * service at VITE_FLAG_SERVICE_URL). Which one is configuration (VITE_FLAG_PROVIDER).
 */
import type { CookieJar } from '../../browser/storage.ts';
import { EXPERIMENT_ID_COOKIE, FEATURE_ID_COOKIE, VARIANT_OVERRIDE_COOKIE, VARIANT_OVERRIDE_PARAM } from '../../browser/storageKeys.ts';
import type { CompiledFlag } from '../../compiler/compiled.ts';
import type { AssignmentReason } from '../../experiments/assign.ts';

export type FlagValues = Record<string, string>;
type FlagDefinitions = Readonly<Record<string, CompiledFlag>>;

/** The evaluation context: what the flag service is told about the visitor. */
export interface FlagContext {
  /** The visitor id (OpenFeature's targeting key): the `experimentId` cookie. */
  experimentId: string;
  platform: 'web';
  isRobotE2E: boolean;
  variantOverride: string;
  pathname: string;
  featureIds: string[];
  /** The facts experiments' audiences read (src/experiments/audience.ts). */
  audience: Record<string, unknown>;
}

/** OpenFeature's reasons, those our providers give; OVERRIDE is a QA override (`?variantOverride=`). */
export type FlagReason = AssignmentReason | 'ERROR' | 'OVERRIDE';

export interface ResolutionDetails {
  value: string;
  variant: string;
  reason: FlagReason;
}

export interface FlagProvider {
  readonly metadata: { name: string };
  /** Resolves every flag for this context, once; later calls keep the first answer. */
  initialize(context: FlagContext): Promise<void>;
  /** After `initialize`: the flag's variant (the default when the provider has none). */
  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails;
}

export const defaultResolution = (value: string, reason: FlagReason = 'STATIC'): ResolutionDetails => ({ value, variant: value, reason });

/** The YAML defaults, nothing evaluated: when no experiment runs, nothing more need load. */
export class DefaultsProvider implements FlagProvider {
  readonly metadata = { name: 'defaults' };
  initialize(): Promise<void> {
    return Promise.resolve();
  }
  resolveStringEvaluation(_flagKey: string, defaultValue: string): ResolutionDetails {
    return defaultResolution(defaultValue);
  }
}

/** A `?variantOverride=` pair that names no flag, or no variant of its flag: shown to whoever typed it. */
export interface OverrideProblem {
  pair: string;
  flag: string;
  /** The flag's variants, when the flag exists (its variant was misspelt). */
  variants: string[] | null;
}

export interface ParsedOverride {
  values: FlagValues;
  problems: OverrideProblem[];
}

/** `flag:variant,flag2:variant` → the variants it forces, and the pairs it could not use. */
export function parseVariantOverride(text: string | null | undefined, definitions: FlagDefinitions): ParsedOverride {
  const values: FlagValues = {};
  const problems: OverrideProblem[] = [];
  for (const raw of (text ?? '').split(',')) {
    const pair = raw.trim();
    if (pair === '') continue;
    const [name = '', variant = ''] = pair.split(':').map((s) => s.trim());
    const d = Object.hasOwn(definitions, name) ? definitions[name] : undefined;
    if (d?.variants.includes(variant)) values[name] = variant;
    else problems.push({ pair, flag: name, variants: d ? d.variants : null });
  }
  return { values, problems };
}

export interface ResolvedFlags {
  values: FlagValues;
  reasons: Record<string, FlagReason>;
}

export interface ResolveFlagsOptions {
  definitions: FlagDefinitions;
  provider: FlagProvider;
  context: FlagContext;
  override: FlagValues;
  /** After this, the defaults are used and a late answer is ignored (screens render once). */
  timeoutMs: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Defaults, then the provider's answer (if it comes in time and names a known variant), then the override. */
export async function resolveFlags(o: ResolveFlagsOptions): Promise<ResolvedFlags> {
  const timer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const ready = await Promise.race([
    o.provider.initialize(o.context).then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => timer(() => resolve(false), o.timeoutMs)),
  ]);
  const values: FlagValues = {};
  const reasons: Record<string, FlagReason> = {};
  for (const [name, d] of Object.entries(o.definitions)) {
    const answer = ready ? o.provider.resolveStringEvaluation(name, d.default) : defaultResolution(d.default, 'ERROR');
    const known = d.variants.includes(answer.variant);
    values[name] = known ? answer.variant : d.default;
    reasons[name] = known ? answer.reason : 'ERROR';
    if (Object.hasOwn(o.override, name)) {
      values[name] = o.override[name]!;
      reasons[name] = 'OVERRIDE';
    }
  }
  return { values, reasons };
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

/** The visitor id: the `experimentId` cookie, made (and kept for a year) on the first visit. */
export function visitorId(cookies: CookieJar, newId: () => string = () => crypto.randomUUID()): string {
  let id = cookies.get(EXPERIMENT_ID_COOKIE);
  if (!id) {
    id = newId();
    cookies.set(EXPERIMENT_ID_COOKIE, id, { maxAgeSeconds: YEAR_SECONDS });
  }
  return id;
}

/** The flag service's context for this page. */
export function flagContext(
  cookies: CookieJar,
  variantOverride: string,
  pathname: string,
  isRobotE2E: boolean,
  audience: Record<string, unknown> = {},
  newId?: () => string,
): FlagContext {
  const featureIds = (cookies.get(FEATURE_ID_COOKIE) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { experimentId: visitorId(cookies, newId), platform: 'web', isRobotE2E, variantOverride, pathname, featureIds, audience };
}

/** A provider whose code loads when it is initialized (the local evaluator's chunk), inside resolveFlags' time limit. */
export class DeferredProvider implements FlagProvider {
  readonly metadata: { name: string };
  private inner: FlagProvider | undefined;
  private ready: Promise<void> | undefined;
  constructor(
    name: string,
    private readonly load: () => Promise<FlagProvider>,
  ) {
    this.metadata = { name };
  }
  initialize(context: FlagContext): Promise<void> {
    this.ready ??= this.load().then((provider) => {
      this.inner = provider;
      return provider.initialize(context);
    });
    return this.ready;
  }
  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails {
    return this.inner ? this.inner.resolveStringEvaluation(flagKey, defaultValue) : defaultResolution(defaultValue, 'ERROR');
  }
}
