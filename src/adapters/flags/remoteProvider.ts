import {
  defaultResolution,
  type FlagContext,
  type FlagProvider,
  type FlagReason,
  type FlagValues,
  type ResolutionDetails,
} from './flags.ts';

/**
 * The remote provider (its own chunk: only a build with VITE_FLAG_PROVIDER=remote loads it):
 * ONE `GET {url}?experimentId=…&platform=web&isRobotE2E=…&variantOverride=…
 * &pathname=…&featureIds=a,b&audience={json}`, answering `{ flags: { name: variant }, reasons?: { name: reason } }`
 * (or a bare `{ name: variant }`). Refresh is disabled: a second `initialize` keeps the first answer.
 */
/** The reasons a flag service may give (others are read as STATIC). */
const FLAG_REASONS: readonly string[] = ['STATIC', 'SPLIT', 'DEFAULT', 'DISABLED'];

export class HttpFlagProvider implements FlagProvider {
  readonly metadata = { name: 'remote' };
  private answer: Promise<void> | undefined;
  private variants: FlagValues = {};
  private reasons: Record<string, FlagReason> = {};
  constructor(
    private readonly url = '/api/flags',
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
  ) {}
  initialize(context: FlagContext): Promise<void> {
    this.answer ??= this.fetchOnce(context);
    return this.answer;
  }
  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails {
    const variant = this.variants[flagKey];
    return variant === undefined
      ? defaultResolution(defaultValue, 'DEFAULT')
      : { value: variant, variant, reason: this.reasons[flagKey] ?? 'STATIC' };
  }
  private async fetchOnce(context: FlagContext): Promise<void> {
    const q = new URLSearchParams({
      experimentId: context.experimentId,
      platform: context.platform,
      isRobotE2E: String(context.isRobotE2E),
      variantOverride: context.variantOverride,
      pathname: context.pathname,
      featureIds: context.featureIds.join(','),
      audience: JSON.stringify(context.audience),
    });
    const response = await this.fetchFn(`${this.url}?${q}`, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Flag service answered ${response.status}`);
    const body = (await response.json()) as { flags?: unknown; reasons?: unknown } | null;
    const map = body && typeof body === 'object' && body.flags && typeof body.flags === 'object' ? body.flags : body;
    for (const [k, v] of Object.entries(map ?? {})) if (typeof v === 'string') this.variants[k] = v;
    const reasons = body && typeof body === 'object' && body.reasons && typeof body.reasons === 'object' ? body.reasons : {};
    for (const [k, v] of Object.entries(reasons)) if (typeof v === 'string' && FLAG_REASONS.includes(v)) this.reasons[k] = v as FlagReason;
  }
}
