import { unionInfo } from '../language/schema/roles.ts';
import type { YamlPath } from './diagnostic.ts';
import { defOf, type Resolved, unwrap } from './schemaWalk.ts';
import type { ConfigKind } from './sourceFile.ts';

/** Words for messages read by marketers: no "object", "string" or "undefined". */

export const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

/** "text 'abc'", "the number 5", "true", "a list", "nothing"... */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (typeof value === 'string') return value === '' ? 'an empty text' : `text '${value}'`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  return 'a group of fields';
}

/** How a literal or enum value is shown in "Expected one of: ...". */
export const showValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  record: 'a group of fields',
  null: 'nothing',
};

export const expectedTypeWords = (expected: string) => typeWords[expected] ?? expected;

/** What a schema accepts, in a few words ("a path like /login", "one of: primary, secondary"). */
export function describeSchema(resolved: Resolved, depth = 0): string | undefined {
  if (resolved.description) return resolved.description;
  const union = unionInfo.get(resolved.schema);
  if (union) return union.kind === 'tagged' ? article(union.what) : union.what;
  const def = defOf(resolved.schema);
  switch (def.type) {
    case 'string':
      return 'a text';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'literal':
      return (def.values ?? []).map(showValue).join(' or ');
    case 'enum':
      return `one of: ${Object.values(def.entries ?? {})
        .map(showValue)
        .join(', ')}`;
    case 'array':
      return 'a list';
    case 'union': {
      if (depth > 2) return undefined;
      const parts = (def.options ?? [])
        .map((o) => describeSchema({ ...unwrap(o), typed: true }, depth + 1))
        .filter((p): p is string => p !== undefined)
        .map((p) => (p === 'true or false' ? 'true/false' : p));
      const literals = parts.every((p) => /^[\w.-]+$/.test(p));
      return literals ? `one of: ${parts.join(', ')}` : parts.join(' or ');
    }
    default:
      return undefined;
  }
}

/** Some keys read better with a word or two ('submit' → 'submit button'). */
const keyWords: Record<string, string> = {
  submit: 'submit button',
  submitting: 'submit button while it works',
  ok: "'Ok' button",
  closeLabel: 'close button',
  productName: 'product name',
  loadingText: 'loading placeholder',
  popup: 'popup text',
  fieldName: 'field name',
};

/**
 * "Missing 'text:' — a heading block needs the copy key of its text."
 * `what` is undefined for groups of fields, which read better as "Missing 'header:' in ...".
 */
export function missingKeyMessage(key: string, owner: string, expected: Resolved | undefined): string {
  if (expected === undefined) return `Missing '${key}:' in ${owner}.`;
  let what: string | undefined;
  if (expected.roles.has('copyKey')) what = `the copy key of its ${keyWords[key] ?? key}`;
  else if (defOf(expected.schema).type === 'array') what = `a list of ${key}`;
  else what = describeSchema(expected);
  return what === undefined ? `Missing '${key}:' in ${owner}.` : `Missing '${key}:' — ${owner} needs ${what}.`;
}

const listOwners: Record<string, string> = {
  screens: 'a screen',
  fields: 'a form field',
  redirects: 'a redirect',
  routeRules: 'a route rule',
  links: 'a link',
  layoutGroups: 'a layout group',
  variants: 'a variant',
  items: 'an item',
};

const fileOwners: Record<ConfigKind, string> = {
  app: 'the app file',
  experiments: 'the experiments file',
  funnel: 'a funnel file',
  catalog: 'the catalog file',
  template: 'a template file',
};

/** Who owns the mapping at `path`: "a heading block", "a 'go' action", "a screen"... */
export function ownerPhrase(path: YamlPath, value: unknown, kind: ConfigKind | 'copy'): string {
  if (path.length === 0) return kind === 'copy' ? 'this copy file' : fileOwners[kind];
  const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const last = path[path.length - 1];
  const before = path[path.length - 2];
  if (typeof record.type === 'string' && (before === 'blocks' || (typeof last === 'number' && path.includes('blocks'))))
    return `${article(record.type)} block`;
  if (typeof record.do === 'string') return `a '${record.do}' action`;
  if (typeof record.rule === 'string') return `a '${record.rule}' rule`;
  if (before === 'flags' && kind === 'experiments') return `flag '${String(last)}'`;
  if (typeof last === 'number' && typeof before === 'string') return listOwners[before] ?? `an item of '${before}:'`;
  if (typeof last === 'string') return `'${last}:'`;
  return 'this item';
}
