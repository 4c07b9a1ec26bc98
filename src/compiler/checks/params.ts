import type { z } from 'zod';
import { rule } from '../../language/schema/fields.ts';
import { schemaInfo, unionInfo } from '../../language/schema/roles.ts';
import { closest } from '../../language/suggest.ts';
import { type RuleName, validationRules } from '../../language/validationRules.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import { defOf, unwrap, type WalkNode } from '../schemaWalk.ts';
import { locate } from '../yamlPath.ts';
import { type Check, type CheckContext, type FileNode, isCopyKey, isRecord } from './context.ts';
import { type CopyEntry, placeholders, splitKey } from './copyIndex.ts';
import { joinAnd } from './copyKeys.ts';

/**
 * Every `{placeholder}` of a text shown by config is filled by what shows it:
 *
 * - where a copy key sits beside `params:` (heading, text, notice, popup, notify, widget: a
 *   `paramsCopyKey` in its schema), `params:` gives a value for each placeholder the block does not
 *   fill itself, and nothing else; a notification's `textFrom.into` gives one too;
 * - elsewhere, the block, rule or action fills the placeholders its schema declares
 *   (`filledCopyKey(['n', 'interval'])`, a copy group's texts, a rule's message in
 *   src/language/validationRules.ts), and the text, in every language, may use only those: a
 *   misspelt `{intervall}` is reported at the text, with the block that fills the others.
 *
 * Texts nested with `$t(ns:key)` are filled by the same values (i18next passes them on), and a
 * key's plural forms (`key_one`, `key_other`...) are texts of the key.
 */
export const checkParams: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const reported = new Map<CopyEntry, Set<string>>();
  for (const fileNode of ctx.nodes) {
    checkParamsSites(ctx, fileNode, out);
    for (const site of fillSites(fileNode)) checkFilled(ctx, site, reported, out);
  }
  for (const site of runtimeSites(ctx)) checkFilled(ctx, site, reported, out);
  return out;
};

const list = (names: readonly string[]) => joinAnd(names.map((n) => `{${n}}`));
const hasText = (needed: string[]) => (needed.length === 0 ? 'has no placeholders' : `has ${list(needed)}`);

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const NESTING = /\$t\(\s*([^,)\s]+)\s*(?:,\s*(\{[^)]*\}))?\s*\)/g;

/** A text reached from a copy key: the key's own (or a plural form), or one it nests. */
interface Reached {
  entry: CopyEntry;
  /** The key named in config, when this text is nested in its text. */
  nestedIn?: string;
  /** Names the nesting gives the nested text itself (`$t(ns:key, { "count": 2 })`). */
  given: readonly string[];
}

/** The texts a copy key shows in `locale`: its own or its plural forms, and, transitively, the texts they nest. */
function textsOf(ctx: CheckContext, locale: string, key: string): Reached[] {
  const out: Reached[] = [];
  const seen = new Set<string>();
  const visit = (k: string, given: readonly string[], nestedIn: string | undefined) => {
    if (seen.has(k)) return;
    seen.add(k);
    const own = ctx.copy.get(locale, k);
    const forms = own ? [own] : PLURAL_FORMS.map((f) => ctx.copy.get(locale, `${k}_${f}`)).filter((e) => e !== undefined);
    for (const entry of forms) {
      if (entry.text === undefined) continue;
      out.push({ entry, given, ...(nestedIn !== undefined ? { nestedIn } : {}) });
      const namespace = k.slice(0, k.indexOf(':'));
      for (const m of entry.text.matchAll(NESTING)) {
        const nested = m[1]!.includes(':') ? m[1]! : `${namespace}:${m[1]}`;
        const options = m[2] ? [...m[2].matchAll(/["']?([A-Za-z0-9_]+)["']?\s*:/g)].map((o) => o[1]!) : [];
        visit(nested, options, nestedIn ?? key);
      }
    }
  };
  visit(key, [], undefined);
  return out;
}

/** The placeholders a key's text (the source locale's, else the first that has it) and the texts it nests need filled. */
function needed(ctx: CheckContext, key: string): string[] {
  const locale = ctx.copy.text(key)?.locale ?? ctx.copy.source;
  const names = textsOf(ctx, locale, key).flatMap(({ entry, given }) => placeholders(entry.text!).filter((p) => !given.includes(p)));
  return [...new Set(names)];
}

/** A node's schema metadata, looked up once per schema (every node of every file asks). */
const infoOf = (node: WalkNode) => {
  if (!infos.has(node.schema)) infos.set(node.schema, schemaInfo.get(node.schema));
  return infos.get(node.schema);
};
const infos = new WeakMap<z.ZodType, ReturnType<typeof schemaInfo.get>>();

/** The keys of an object schema that `params:` fills, with what the block fills itself; once per schema. */
const paramsSitesOf = (shape: Record<string, z.ZodType>) => {
  let sites = paramsSites.get(shape);
  if (!sites) {
    const infos = Object.keys(shape).map((k) => [k, schemaInfo.get(unwrap(shape[k]!).schema)] as const);
    sites = infos.filter(([, info]) => info?.params).map(([k, info]) => ({ key: k, fills: info?.fills ?? [] }));
    paramsSites.set(shape, sites);
  }
  return sites;
};
const paramsSites = new WeakMap<Record<string, z.ZodType>, { key: string; fills: readonly string[] }[]>();

/**
 * Copy keys that `params:` fills, by the object holding them: `params:` must give a value for each
 * placeholder their texts have (besides those the block fills), and only for those.
 */
function checkParamsSites(ctx: CheckContext, { file, node }: FileNode, out: Diagnostic[]): void {
  if (!isRecord(node.data) || node.typed === false) return;
  const data = node.data;
  const shape = defOf(node.schema).shape;
  if (!shape) return;
  const sites = paramsSitesOf(shape).filter(({ key }) => isCopyKey(data[key]) && ctx.copy.text(data[key] as string)?.text !== undefined);
  if (sites.length === 0) return;
  const shown = sites.map(({ key }) => key);
  const params = isRecord(data.params) ? data.params : undefined;
  const into = isRecord(data.textFrom) && typeof data.textFrom.into === 'string' ? data.textFrom.into : undefined;
  const needs = new Map(sites.map(({ key, fills }) => [key, needed(ctx, data[key] as string).filter((p) => !fills.includes(p))]));
  const allNeeded = [...new Set([...needs.values()].flat())];
  const given = [...(params ? Object.keys(params) : []), ...(into !== undefined ? [into] : [])];
  /** "the text of 'k' has {a}" / "the texts of 'k' and 'l' have {a} and {b}", of the given sites. */
  const theTexts = (of: string[]) => {
    const keys = of.map((k) => `'${data[k] as string}'`);
    const names = [...new Set(of.flatMap((k) => needs.get(k) ?? []))];
    return keys.length === 1
      ? `the text of ${keys[0]} ${hasText(names)}`
      : `the texts of ${joinAnd(keys)} have ${names.length === 0 ? 'no placeholders' : list(names)}`;
  };
  const suggested = new Set<string>();
  const unknown = (name: string, of: string[], path: (string | number)[], at?: 'key') => {
    const suggestion = closest(
      name,
      [...new Set(of.flatMap((k) => needs.get(k) ?? []))].filter((n) => !given.includes(n)),
    );
    if (suggestion) suggested.add(suggestion);
    out.push(
      error(file.relPath, [...node.path, ...path], `Unknown param '${name}': ${theTexts(of)}.`, { suggestion, ...(at ? { at } : {}) }),
    );
  };
  // `into:` fills the notification's `text`.
  if (into !== undefined && needs.has('text') && !needs.get('text')!.includes(into)) unknown(into, ['text'], ['textFrom', 'into']);
  for (const name of params ? Object.keys(params) : []) if (!allNeeded.includes(name)) unknown(name, shown, ['params', name], 'key');
  for (const [site, siteNeeds] of needs) {
    const fromInto = site === 'text' && into !== undefined ? [into] : [];
    const missing = siteNeeds.filter((n) => !(params && n in params) && !fromInto.includes(n) && !suggested.has(n));
    if (missing.length === 0) continue;
    const key = data[site] as string;
    const shownNames = list(missing);
    const names = joinAnd(missing.map((n) => `'${n}:'`));
    out.push(
      params
        ? error(
            file.relPath,
            [...node.path, 'params'],
            `The text of '${key}' has ${shownNames}, but 'params:' gives no value for ${missing.length === 1 ? 'it' : 'them'}. ` +
              `Add ${names} under 'params:'.`,
            { at: 'key' },
          )
        : error(
            file.relPath,
            [...node.path, site],
            `The text of '${key}' has ${shownNames}: add 'params:' with ${names} to say what goes there.`,
          ),
    );
  }
}

/** A text shown with the placeholders its block, rule or action fills, and nothing else. */
interface FillSite {
  key: string;
  fills: readonly string[];
  /** What shows it, and where: "the trialHeading block on funnels/signup.yaml:12". */
  shownBy: () => string;
}

const ruleUnion = unionInfo.get(unwrap(rule).schema);

/** The texts a node shows with placeholders its block fills: a copy key, a copy group's texts, a rule's default message. */
function fillSites(fileNode: FileNode): FillSite[] {
  const { file, node } = fileNode;
  const info = infoOf(node);
  const shownBy = () => `${describe(node)} on ${placeOf(file, node.path)}`;
  if (node.roles.has('copyKey') && isCopyKey(node.data) && !info?.params) return [{ key: node.data, fills: info?.fills ?? [], shownBy }];
  if (node.roles.has('copyGroup') && isCopyKey(node.data) && info?.texts)
    return Object.entries(info.texts).map(([name, fills]) => ({ key: `${node.data as string}.${name}`, fills, shownBy }));
  if (ruleUnion && node.union?.info === ruleUnion && isRecord(node.data) && node.data.message === undefined) {
    const registered = validationRules[node.union.branch as RuleName];
    if (registered) return [{ key: registered.message, fills: registered.fills, shownBy }];
  }
  return [];
}

/**
 * The keys the app shows by itself: the shell's (app.yaml's `shellTexts:`, with the placeholders
 * listed there) and the blocks' and rules' own; a group `ns:group.*` stands for each text under it.
 */
function runtimeSites(ctx: CheckContext): FillSite[] {
  const app = ctx.app;
  return Object.entries(ctx.runtimeTexts).flatMap(([key, fills]) => {
    const shownBy =
      app && Object.hasOwn(ctx.shellTexts, key)
        ? () => `the app shell (shellTexts: on ${placeOf(app.file, ['app', 'shellTexts', key])})`
        : Object.hasOwn(ctx.code.requiredShell, key)
          ? () => 'the app shell'
          : Object.hasOwn(ctx.code.emails, key)
            ? () => `the server's email '${splitKey(key).name.split('.')[0]}'`
            : () => "the app itself (on the plan cards or as a form's message)";
    if (!key.endsWith('.*')) return [{ key, fills, shownBy }];
    const prefix = key.slice(0, -1);
    const keys = new Set(ctx.copy.locales.flatMap((locale) => ctx.copy.keys(locale).filter((k) => k.startsWith(prefix))));
    return [...keys].map((k) => ({ key: k, fills, shownBy }));
  });
}

/** "funnels/signup.yaml:12": where a place of a config file is. */
function placeOf(file: ConfigFile, path: WalkNode['path']): string {
  const range = locate(file.doc, path);
  return range ? `${file.relPath}:${file.lineCounter.linePos(range[0]).line}` : file.relPath;
}

/** "the trialHeading block", "the notify action", "the length rule", else "'title:'". */
function describe(node: WalkNode): string {
  for (let n: WalkNode | undefined = node; n; n = n.parent) {
    if (!n.union) continue;
    const what = n.union.info.what;
    if (what === 'block' || what === 'action') return `the ${n.union.branch} ${what}`;
    if (what === 'validation rule') return `the ${n.union.branch} rule`;
  }
  const last = [...node.path].reverse().find((p) => typeof p === 'string');
  return last === undefined ? 'it' : `'${last}:'`;
}

function checkFilled(ctx: CheckContext, site: FillSite, reported: Map<CopyEntry, Set<string>>, out: Diagnostic[]): void {
  const source = ctx.copy.source;
  for (const locale of ctx.copy.locales) {
    for (const { entry, nestedIn, given } of textsOf(ctx, locale, site.key)) {
      const have = placeholders(entry.text!);
      // Another language's placeholders that its source text lacks are ./placeholders.ts's to report.
      const sourceHas = locale === source ? undefined : ctx.copy.get(source, entry.key)?.text;
      const unfilled = have.filter(
        (p) => !site.fills.includes(p) && !given.includes(p) && (sourceHas === undefined || placeholders(sourceHas).includes(p)),
      );
      const done = reported.get(entry) ?? new Set<string>();
      const fresh = unfilled.filter((p) => !done.has(p));
      if (fresh.length === 0) continue;
      for (const p of fresh) done.add(p);
      reported.set(entry, done);
      const whose = `The ${locale === source ? '' : `${locale} `}text of '${entry.key}'${nestedIn ? ` (in '${nestedIn}')` : ''}`;
      const fills = site.fills.length === 0 ? 'fills no placeholders' : `fills ${list(site.fills)}`;
      const suggestion =
        fresh.length === 1
          ? closest(
              fresh[0]!,
              site.fills.filter((f) => !have.includes(f)),
            )
          : undefined;
      out.push(
        error(entry.file.relPath, entry.path, `${whose} has ${list(fresh)}, but ${site.shownBy()} ${fills}.`, {
          suggestion: suggestion && `{${suggestion}}`,
        }),
      );
    }
  }
}
