import { paymentMessageNames } from '../../adapters/payment/messages.ts';
import { callNames } from '../../contract/calls.ts';
import { namedOutcomeNames } from '../../contract/outcomes.ts';
import type { OutcomeMap } from '../../language/schema/outcomes.ts';
import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { type CallSite, callSiteOf, type ErrorsConfig, lookupOutcome, noticesAround, outcomeNamesOf } from '../outcomes.ts';
import type { WalkNode } from '../schemaWalk.ts';
import { type Check, type CheckContext, isRecord, lineOf } from './context.ts';

/**
 * The error mapping (docs/funnel-language.md, 'When a call fails'): funnels/app.yaml
 * `callGroups:` and `errors:`, every call's own `errors:`, and what a `catch:` may read:
 *
 * - groups name calls of the contract, each call in one group at most;
 * - `errors:` is keyed by calls and groups, and each of its outcomes is one the call (or a call of
 *   the group) can fail with: a message key of the contract, noAnswer or default;
 * - `formText:` names a message of the payment form's copy group, and the calls it reaches are in
 *   a payment form;
 * - no `error.code`: failures are named (`error.outcome`), and the names tested are the call's;
 * - a `catch:` does not show a second message after the outcome's.
 */
export const checkOutcomes: Check = (ctx) => [
  ...checkGroups(ctx),
  ...checkAppEntries(ctx),
  ...checkCallSites(ctx),
  ...checkErrorFacts(ctx),
];

const namedList = namedOutcomeNames.join(' or ');

/** The app's `callGroups:` and `errors:`, as far as they are well-formed. */
function errorsConfig(ctx: CheckContext): ErrorsConfig {
  const data = ctx.app?.data;
  const callGroups: Record<string, string[]> = {};
  if (isRecord(data?.callGroups))
    for (const [group, calls] of Object.entries(data.callGroups))
      if (Array.isArray(calls)) callGroups[group] = calls.filter((c): c is string => typeof c === 'string');
  const errors: Record<string, OutcomeMap> = {};
  if (isRecord(data?.errors)) for (const [key, map] of Object.entries(data.errors)) if (isRecord(map)) errors[key] = map as OutcomeMap;
  return { callGroups, errors };
}

function checkGroups(ctx: CheckContext): Diagnostic[] {
  const app = ctx.app;
  if (!app || !isRecord(app.data.callGroups)) return [];
  const out: Diagnostic[] = [];
  const groupOf = new Map<string, string>();
  for (const [group, calls] of Object.entries(app.data.callGroups)) {
    const at: YamlPath = ['app', 'callGroups', group];
    if ((callNames as readonly string[]).includes(group))
      out.push(
        error(app.file.relPath, at, `The group '${group}' has the name of a call: name it after what its calls share.`, { at: 'key' }),
      );
    if (!Array.isArray(calls)) continue;
    calls.forEach((call, i) => {
      if (typeof call !== 'string') return;
      if (!(callNames as readonly string[]).includes(call)) {
        const suggestion = closest(call, callNames);
        const list = suggestion ? '' : ' The calls are listed in src/contract/calls.ts.';
        out.push(error(app.file.relPath, [...at, i], `Unknown backend call '${call}'.${list}`, { suggestion }));
        return;
      }
      const earlier = groupOf.get(call);
      if (earlier !== undefined)
        out.push(
          error(
            app.file.relPath,
            [...at, i],
            `'${call}' is in the group '${earlier}' already: a call belongs to one group, where its outcomes are looked up.`,
          ),
        );
      else groupOf.set(call, group);
    });
  }
  return out;
}

/** The calls an `errors:` key stands for: the call itself, or the calls of the group. */
function callsOfKey(config: ErrorsConfig, key: string): readonly string[] | undefined {
  if ((callNames as readonly string[]).includes(key)) return [key];
  return config.callGroups?.[key];
}

/** What an outcome name that does not fit says. */
function unknownOutcome(outcome: string, known: string[], whose: string): { message: string; suggestion?: string | undefined } {
  const list = `${whose} can fail with: ${known.join(', ')}.`;
  if (/^\d+$/.test(outcome))
    return {
      message:
        `${outcome} is a numeric error code: failures are named by what they mean. ` +
        `No answer (codes 100, 1, 159, a 5xx) is noAnswer; any other failure without a name is default. ${list}`,
    };
  const suggestion = closest(outcome, known);
  return { message: `Unknown outcome '${outcome}'. ${list}`, suggestion };
}

/** Outcome keys of a map and its `formText:` names; `whose` words the call in messages. */
function checkMap(file: ConfigFile, at: YamlPath, map: Record<string, unknown>, known: string[], whose: string, out: Diagnostic[]) {
  for (const [outcome, notification] of Object.entries(map)) {
    if (!known.includes(outcome)) {
      const { message, suggestion } = unknownOutcome(outcome, known, whose);
      out.push(error(file.relPath, [...at, outcome], message, { at: 'key', suggestion }));
    }
    if (
      isRecord(notification) &&
      typeof notification.formText === 'string' &&
      !(paymentMessageNames as readonly string[]).includes(notification.formText)
    ) {
      const suggestion = closest(notification.formText, paymentMessageNames);
      out.push(
        error(
          file.relPath,
          [...at, outcome, 'formText'],
          `Unknown payment form text '${notification.formText}'. ` +
            `A payment form's copy group has these messages: ${paymentMessageNames.join(', ')}.`,
          { suggestion },
        ),
      );
    }
  }
}

function checkAppEntries(ctx: CheckContext): Diagnostic[] {
  const app = ctx.app;
  if (!app || !isRecord(app.data.errors)) return [];
  const config = errorsConfig(ctx);
  const out: Diagnostic[] = [];
  for (const [key, map] of Object.entries(app.data.errors)) {
    const at: YamlPath = ['app', 'errors', key];
    const calls = callsOfKey(config, key);
    if (!calls) {
      const suggestion = closest(key, [...callNames, ...Object.keys(config.callGroups ?? {})]);
      out.push(error(app.file.relPath, at, `'${key}' is neither a backend call nor a group of 'callGroups:'.`, { at: 'key', suggestion }));
      continue;
    }
    if (!isRecord(map)) continue;
    const known = [...new Set(calls.flatMap(outcomeNamesOf))];
    checkMap(app.file, at, map, known, calls.length === 1 ? key : `The calls of '${key}'`, out);
  }
  return out;
}

/** Every call and login, with the file it is in. */
function callSites(ctx: CheckContext): { file: ConfigFile; site: CallSite }[] {
  return ctx.nodes.flatMap(({ file, node }) => {
    const site = callSiteOf(node);
    return site && (callNames as readonly string[]).includes(site.call) ? [{ file, site }] : [];
  });
}

const isNotify = (node: unknown) => isRecord(node) && node.do === 'notify';

function checkCallSites(ctx: CheckContext): Diagnostic[] {
  const config = errorsConfig(ctx);
  const out: Diagnostic[] = [];
  for (const { file, site } of callSites(ctx)) {
    const known = outcomeNamesOf(site.call);
    const data = site.node.data as Record<string, unknown>;
    if (isRecord(data.errors)) checkMap(file, [...site.path, 'errors'], data.errors, known, site.call, out);
    const form = noticesAround(site.node, ctx.schemas.blockOf);
    let shows = false;
    for (const outcome of known) {
      const mapped = lookupOutcome(config, site.call, site.site, outcome);
      if (!mapped) continue;
      shows = true;
      if (form || !isRecord(mapped.notification) || mapped.notification.formText === undefined) continue;
      out.push(formTextOutsideForm(ctx, file, site, outcome, mapped.source, mapped.under));
      break;
    }
    // A notification of its own in `catch:` would be a second message after the outcome's.
    if (shows && Array.isArray(data.catch))
      data.catch.forEach((action, i) => {
        if (isNotify(action))
          out.push(
            error(
              file.relPath,
              [...site.path, 'catch', i],
              `A failure of ${site.call} already shows the message of its outcome (errors: in ${ctx.app?.file.relPath ?? 'app.yaml'}); ` +
                "'catch:' runs after it, so this would be a second message. " +
                'Change what an outcome shows with errors: on the call instead, like errors: { default: <copy key> }.',
            ),
          );
      });
  }
  return out;
}

function formTextOutsideForm(ctx: CheckContext, file: ConfigFile, site: CallSite, outcome: string, source: string, under: string) {
  const where = source === 'site' ? [...site.path, 'errors', under] : ['app', 'errors', source, under];
  const written = source === 'site' ? 'its errors:' : ctx.app ? lineOf(ctx.app.file, where, 'key') : 'app.yaml';
  return error(
    file.relPath,
    [...site.path, site.node.data && isRecord(site.node.data) && site.node.data.do === 'login' ? 'do' : 'fn'],
    `${outcome} of ${site.call} shows a text of the payment form (formText:, ${written}), ` +
      `but this ${site.call} is not in a payment form's onPay:. Say what it shows here: errors: { ${outcome}: <copy key> }.`,
  );
}

/** The call whose `catch:` (or `errors:`) a node sits in, if any. */
function enclosingCall(node: WalkNode): CallSite | undefined {
  for (let child: WalkNode = node, n = node.parent; n; child = n, n = n.parent) {
    const site = callSiteOf(n);
    const branch = child.path[n.path.length];
    if (site && (branch === 'catch' || branch === 'errors')) return site;
  }
  return undefined;
}

/** `error.code` facts and `{ error: code }` values; `error.outcome` tests against the call's outcomes. */
function checkErrorFacts(ctx: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { file, node } of ctx.nodes) {
    if (!isRecord(node.data)) continue;
    const isFact = node.roles.has('fact') && typeof node.data.fact === 'string';
    const isValue = node.roles.has('valueSource') && node.union?.branch === 'error';
    const field = isFact ? String(node.data.fact) : isValue ? `error.${String(node.data.error)}` : undefined;
    if (field !== 'error.code' && field !== 'error.outcome') continue;
    const site = enclosingCall(node);
    const known = site ? outcomeNamesOf(site.call) : undefined;
    const names = known ? `${site!.call} can fail with: ${known.join(', ')}.` : `An outcome is a message key of the call, or ${namedList}.`;
    if (field === 'error.code') {
      const use = isFact ? '{ fact: error.outcome, equals: <outcome> }' : '{ error: outcome }';
      out.push(
        error(
          file.relPath,
          [...node.path, isFact ? 'fact' : 'error'],
          `'error.code' is gone: failures are named by what they mean. Use ${use}. ${names}`,
          { suggestion: isFact ? 'error.outcome' : 'outcome' },
        ),
      );
      continue;
    }
    if (!isFact || !known) continue;
    const tested: [unknown, YamlPath][] = [];
    if (node.data.equals !== undefined) tested.push([node.data.equals, [...node.path, 'equals']]);
    if (Array.isArray(node.data.in))
      node.data.in.forEach((v, i) => {
        tested.push([v, [...node.path, 'in', i]]);
      });
    for (const [value, at] of tested) {
      if (typeof value === 'string' && known.includes(value)) continue;
      const { message, suggestion } = unknownOutcome(String(value), known, site!.call);
      out.push(error(file.relPath, at, message, { suggestion }));
    }
  }
  return out;
}
