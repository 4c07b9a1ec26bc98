/**
 * What each outcome of a failed call shows, resolved once at build time and put on the call
 * (`outcomes`), so that the browser needs neither the mapping nor the contract: see
 * docs/funnel-language.md, 'When a call fails'.
 *
 * Where an outcome is looked up, first hit wins:
 *   1. the call's own `errors:` in the funnel: the outcome, then its `default` (a funnel's default
 *      covers every outcome the funnel does not name);
 *   2. funnels/app.yaml `errors:` under the call's name, then under its group (`callGroups:`): the
 *      outcome; then the call's `default`, then the group's.
 */

import { contract } from '../contract/definitions.ts';
import { namedOutcomeNames } from '../contract/outcomes.ts';
import type { NoticeContext } from '../language/blockDefinition.ts';
import type { NotificationFields } from '../language/schema/notification.ts';
import type { CompiledOutcomes, OutcomeMap, OutcomeNotification } from '../language/schema/outcomes.ts';
import { ancestor, isRecord } from './checks/context.ts';
import type { ConfigSchemas } from './configSchemas.ts';
import type { YamlPath } from './diagnostic.ts';
import { type WalkNode, walk } from './schemaWalk.ts';

/** The call a `login` action makes (unified login; the legacy Parse login fails alike). */
export const LOGIN_CALL = 'UserLogin';

/** The `callGroups:` and `errors:` of funnels/app.yaml. */
export interface ErrorsConfig {
  callGroups?: Record<string, readonly string[]> | undefined;
  errors?: Record<string, OutcomeMap> | undefined;
}

const definitions = contract as Record<string, { messageKeys?: readonly string[] }>;

/** The message keys a call may answer with (src/contract/definitions.ts). */
export const messageKeysOf = (call: string): readonly string[] => definitions[call]?.messageKeys ?? [];

/** Every outcome a call can fail with: its message keys, then noAnswer and default. */
export const outcomeNamesOf = (call: string): string[] => [...messageKeysOf(call), ...namedOutcomeNames];

/** The backend call a `call` or `login` action makes; undefined for any other action. */
export function callOf(action: unknown): string | undefined {
  if (!isRecord(action)) return undefined;
  if (action.do === 'login') return LOGIN_CALL;
  return action.do === 'call' && typeof action.fn === 'string' ? action.fn : undefined;
}

/** The group (`callGroups:`) a call belongs to, if any. */
export function groupOf(config: ErrorsConfig, call: string): string | undefined {
  return Object.entries(config.callGroups ?? {}).find(([, calls]) => calls.includes(call))?.[0];
}

/** Where an outcome's notification was found. */
export interface Mapped {
  notification: OutcomeNotification;
  /** 'site': the call's own `errors:`; else the key of funnels/app.yaml `errors:` (the call or its group). */
  source: 'site' | string;
  /** The outcome name it is written under (the outcome itself, or `default`). */
  under: string;
}

/** What `outcome` of `call` shows, and where that is written; undefined when nothing maps it. */
export function lookupOutcome(config: ErrorsConfig, call: string, site: OutcomeMap | undefined, outcome: string): Mapped | undefined {
  const group = groupOf(config, call);
  const places: [source: string, map: OutcomeMap | undefined, under: string][] = [
    ['site', site, outcome],
    ['site', site, 'default'],
    [call, config.errors?.[call], outcome],
    ...(group ? [[group, config.errors?.[group], outcome] as [string, OutcomeMap | undefined, string]] : []),
    [call, config.errors?.[call], 'default'],
    ...(group ? [[group, config.errors?.[group], 'default'] as [string, OutcomeMap | undefined, string]] : []),
  ];
  for (const [source, map, under] of places) {
    const notification = map?.[under];
    if (notification !== undefined) return { notification, source, under };
  }
  return undefined;
}

/** A mapped notification as the runtime shows it; null when it needs a block's copy group (`formText`) the call is not in. */
function compileNotification(mapped: OutcomeNotification, form: NoticeContext | undefined): NotificationFields | null {
  const { formText, ...fields } = typeof mapped === 'string' ? { text: mapped } : mapped;
  if (formText !== undefined && !form) return null;
  return {
    ...fields,
    ...(formText !== undefined ? { text: `${form!.copy}.${formText}` } : {}),
    level: fields.level ?? 'error',
    ...(fields.ms === undefined && form ? { ms: form.errorMs } : {}),
  };
}

/** Every outcome of `call` → what it shows at a call site with `site` overrides, in `form` if any. */
export function compileOutcomes(
  config: ErrorsConfig,
  call: string,
  site: OutcomeMap | undefined,
  form: NoticeContext | undefined,
): CompiledOutcomes {
  const out: CompiledOutcomes = {};
  for (const outcome of outcomeNamesOf(call)) {
    const mapped = lookupOutcome(config, call, site, outcome);
    out[outcome] = mapped ? compileNotification(mapped.notification, form) : null;
  }
  return out;
}

/** Where a failed call at an action node shows its messages: the nearest block around it that says (`notices`), if any. */
export function noticesAround(node: WalkNode, blockOf: ConfigSchemas['blockOf']): NoticeContext | undefined {
  const block = ancestor(node, (n) => blockOf(n)?.notices !== undefined);
  if (!block || !isRecord(block.data)) return undefined;
  return blockOf(block)!.notices!(block.data);
}

/** A call or login action met while walking a file: the node, its call, its own `errors:`. */
export interface CallSite {
  node: WalkNode;
  path: YamlPath;
  call: string;
  site: OutcomeMap | undefined;
}

/** The call site a walked node is, if it is a `call` or a `login`. */
export function callSiteOf(node: WalkNode): CallSite | undefined {
  if (!node.roles.has('action')) return undefined;
  const call = callOf(node.data);
  if (call === undefined || !isRecord(node.data)) return undefined;
  const errors = node.data.errors;
  return { node, path: node.path, call, site: isRecord(errors) ? (errors as OutcomeMap) : undefined };
}

/**
 * Puts `outcomes` on every call and login of a validated file's `data` (in place: give it a copy),
 * and drops their `errors:`, which the browser does not need.
 */
export function attachOutcomes(
  schema: Parameters<typeof walk>[0],
  data: unknown,
  config: ErrorsConfig,
  blockOf: ConfigSchemas['blockOf'],
): void {
  walk(schema, data, (node) => {
    const site = callSiteOf(node);
    if (!site) return;
    const action = node.data as Record<string, unknown>;
    action.outcomes = compileOutcomes(config, site.call, site.site, noticesAround(node, blockOf));
    delete action.errors;
  });
}
