import type { Facts } from '../language/evaluate/facts.ts';
import type { Value, ValueMap } from '../language/schema/values.ts';

/** Gets a bot-check token for an action name (`{ captcha: action }`). */
export type CaptchaTokenSource = (action: string) => Promise<string>;

/** Which fact a value source reads: `{ form: email }` → `form.email`, `{ result: '' }` → `result`. */
function sourceFact(source: Record<string, string>): string | null {
  const [kind, key] = Object.entries(source)[0] ?? [];
  if (kind === undefined || kind === 'captcha') return null;
  return key ? `${kind}.${key}` : kind;
}

/** A value now, without side effects; a captcha source reads as undefined (it needs `resolveValue`). */
export function readValue(value: Value, facts: Facts): unknown {
  if (value === null || typeof value !== 'object') return value;
  const fact = sourceFact(value as Record<string, string>);
  return fact === null ? undefined : facts.get(fact);
}

export function readValueMap(map: ValueMap | undefined, facts: Facts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(map ?? {})) out[k] = readValue(v, facts);
  return out;
}

/** A value, fetching a bot-check token when the source is `{ captcha: action }`. */
export async function resolveValue(value: Value, facts: Facts, captcha?: CaptchaTokenSource): Promise<unknown> {
  if (value !== null && typeof value === 'object' && 'captcha' in value) return captcha ? captcha(value.captcha) : undefined;
  return readValue(value, facts);
}

export async function resolveValueMap(
  map: ValueMap | undefined,
  facts: Facts,
  captcha?: CaptchaTokenSource,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(map ?? {})) out[k] = await resolveValue(v, facts, captcha);
  return out;
}

/** Copy parameters are text: objects and missing values print as nothing. */
export function toCopyParams(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) out[k] = v === null || v === undefined || typeof v === 'object' ? '' : String(v);
  return out;
}
