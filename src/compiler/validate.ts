import type { z } from 'zod';
import { routePath } from '../language/schema/common.ts';
import { copyTree } from '../language/schema/copy.ts';
import { closest } from '../language/suggest.ts';
import type { ConfigSchemas } from './configSchemas.ts';
import { describeSchema, describeValue, expectedTypeWords, missingKeyMessage, ownerPhrase, showValue } from './describe.ts';
import { type Diagnostic, error, type YamlPath } from './diagnostic.ts';
import type { DiagnosticCode } from './diagnosticCodes.ts';
import { defOf, schemaAt, unwrap } from './schemaWalk.ts';
import type { ConfigFile, ConfigKind, CopyFile } from './sourceFile.ts';

export interface Validation {
  diagnostics: Diagnostic[];
  /** The parsed value, when the file is valid. */
  value?: unknown;
}

/** Runs the schema of a parsed config file of known kind (`schemas`: src/compiler/configSchemas.ts). */
export function validateConfigFile(file: ConfigFile & { kind: ConfigKind }, schemas: ConfigSchemas): Validation {
  return validate(schemas.byKind[file.kind], file.data, file.relPath, file.kind);
}

/** Runs the copy schema on a parsed copy file; an empty file is an empty namespace. */
export function validateCopyFile(file: CopyFile): Validation {
  return validate(copyTree, file.data ?? {}, file.relPath, 'copy');
}

type Issue = z.core.$ZodIssue;
type Kind = ConfigKind | 'copy';

interface Context {
  file: string;
  data: unknown;
  schema: z.ZodType;
  kind: Kind;
}

function validate(schema: z.ZodType, data: unknown, file: string, kind: Kind): Validation {
  const result = schema.safeParse(data);
  if (result.success) return { diagnostics: [], value: result.data };
  const ctx: Context = { file, data, schema, kind };
  const explained = result.error.issues
    .flatMap((issue) => expandUnions(issue, []))
    .map((issue) => {
      const diagnostic = explain(issue, ctx);
      return { ...diagnostic, code: schemaIssueCode(issue, diagnostic) };
    });
  return { diagnostics: dedupe(explained) };
}

// ---------------------------------------------------------------------------------------
// Unions: report the branch that fits the input's type, not zod's "Invalid input".

type Located = Issue & { fullPath: YamlPath; mismatch?: Issue[][] };

const pathOf = (issue: Issue): YamlPath => issue.path.filter((p): p is string | number => typeof p !== 'symbol');

function expandUnions(issue: Issue, base: YamlPath): Located[] {
  const fullPath = [...base, ...pathOf(issue)];
  if (issue.code !== 'invalid_union') return [{ ...issue, fullPath }];
  const branches = issue.errors;
  // A union of literals (level: 1 | 2 | 3): one "expected one of" message.
  if (branches.length > 0 && branches.every((b) => b.length === 1 && b[0]!.code === 'invalid_value' && b[0]!.path.length === 0)) {
    const values = branches.flatMap((b) => (b[0] as z.core.$ZodIssueInvalidValue).values);
    return [{ code: 'invalid_value', values, path: issue.path, message: 'Invalid input', input: undefined, fullPath } as Located];
  }
  const fitting = branches.find((b) => !typeMismatch(b));
  if (fitting) return fitting.flatMap((i) => expandUnions(i, fullPath));
  return [{ ...issue, fullPath, mismatch: branches }];
}

/** Does this branch reject the input for being of the wrong kind (text instead of a list...)? */
function typeMismatch(issues: Issue[]): boolean {
  return issues.some(
    (i) =>
      i.path.length === 0 &&
      (i.code === 'invalid_type' ||
        (i.code === 'custom' && (i.params as { kind?: string } | undefined)?.kind === 'shape') ||
        (i.code === 'invalid_union' && i.errors.every(typeMismatch))),
  );
}

// ---------------------------------------------------------------------------------------
// Codes (src/compiler/diagnosticCodes.ts): one per kind of schema issue, whatever the message.

function schemaIssueCode(issue: Located, explained: Explained): DiagnosticCode {
  if (explained.missingKey !== undefined) return 'FL102';
  if (explained.slippedFrom !== undefined) return 'FL411';
  const kind = issue.code === 'custom' ? (issue.params as { kind?: string } | undefined)?.kind : undefined;
  if (kind === 'keyed-union') return explained.at === 'key' ? 'FL101' : 'FL108';
  const byKind: Record<string, DiagnosticCode> = { 'unknown-key': 'FL101', 'unknown-tag': 'FL104', 'missing-tag': 'FL102', shape: 'FL103' };
  if (kind !== undefined && Object.hasOwn(byKind, kind)) return byKind[kind]!;
  switch (issue.code) {
    case 'invalid_union':
    case 'invalid_type':
      return 'FL103';
    case 'invalid_value':
      return 'FL104';
    case 'invalid_format':
      return 'FL105';
    case 'too_small':
    case 'too_big':
      return 'FL106';
    case 'invalid_key':
      return 'FL107';
    default:
      return 'FL108';
  }
}

// ---------------------------------------------------------------------------------------
// Messages

/** zod's own English messages; anything else was written for this project in a schema. */
const isZodDefault = (message: string) => /^(Invalid|Too (small|big)|Unrecognized key)/.test(message);
const withoutPeriod = (s: string) => s.replace(/\.$/, '');
const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);
const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function lookup(data: unknown, path: YamlPath): { found: boolean; value: unknown } {
  let value = data;
  for (const key of path) {
    if (!(isRecord(value) || Array.isArray(value)) || !(key in (value as object))) return { found: false, value: undefined };
    value = (value as Record<string | number, unknown>)[key];
  }
  return { found: true, value };
}

type Explained = Diagnostic & {
  missingKey?: string;
  owner?: string;
  unknownKeySuggestion?: string;
  /** A key indented too far: the object it belongs to (its "missing" twin there is dropped). */
  slippedFrom?: { path: YamlPath; key: string };
};

/**
 * A key indented one level too deep lands in the wrong place: in an open map (`input:`,
 * `query:`, `params:`) or in the object just under a key (the last action of `then:`). When the
 * object one level up has that key and lacks it, that is what happened, and the fix is to move
 * the key left.
 */
function slippedKey(ctx: Context, path: YamlPath, unknownKey: boolean): Explained | undefined {
  // Into an open map: the entry `key` of `via:`, anywhere on the issue's path.
  for (let i = path.length - 1; i >= 1; i--) {
    const [via, key] = [path[i - 1], path[i]];
    if (typeof via !== 'string' || typeof key !== 'string') continue;
    const owner = belongsTo(ctx, path.slice(0, i - 1), key);
    const viaSchema = owner?.shape[via];
    if (!owner || !viaSchema || defOf(unwrap(viaSchema).schema).type !== 'record') continue;
    const what =
      via === 'input' && typeof owner.data.fn === 'string'
        ? `'${key}' is not an input of ${owner.data.fn}`
        : `'${key}' is not an entry of '${via}:'`;
    return slipped(ctx, path.slice(0, i + 1), owner, key, via, what);
  }
  // An unknown key of the object under `via:` (or under an item of its list).
  const key = path[path.length - 1];
  if (!unknownKey || typeof key !== 'string') return undefined;
  let at = path.length - 2;
  while (at >= 0 && typeof path[at] === 'number') at--;
  const via = path[at];
  const owner = typeof via === 'string' ? belongsTo(ctx, path.slice(0, at), key) : undefined;
  return owner && slipped(ctx, path, owner, key, via as string, `Unknown field '${key}'`);
}

interface Owner {
  path: YamlPath;
  data: Record<string, unknown>;
  shape: Record<string, z.ZodType>;
}

/** The object at `path` when its schema has `key` and the object lacks it. */
function belongsTo(ctx: Context, path: YamlPath, key: string): Owner | undefined {
  const data = lookup(ctx.data, path).value;
  const resolved = schemaAt(ctx.schema, ctx.data, path);
  const shape = resolved && defOf(resolved.schema).type === 'object' ? defOf(resolved.schema).shape : undefined;
  if (!isRecord(data) || !shape || !(key in shape) || key in data) return undefined;
  return { path, data, shape };
}

function slipped(ctx: Context, at: YamlPath, owner: Owner, key: string, via: string, what: string): Explained {
  const ownerWords = ownerPhrase(owner.path, owner.data, ctx.kind).replace(/^an? /, 'the ');
  return {
    ...error(ctx.file, at, `${what}: it looks like a key of ${ownerWords} indented too far. Move it left to line up with '${via}:'.`, {
      at: 'key',
    }),
    slippedFrom: { path: owner.path, key },
  };
}

function explain(issue: Located, ctx: Context): Explained {
  const path = issue.fullPath;
  const { found, value } = lookup(ctx.data, path);
  const params = (issue.code === 'custom' ? issue.params : undefined) as
    | { kind?: string; key?: string; suggestion?: string; known?: string[]; badKey?: string }
    | undefined;
  const slipped = slippedKey(ctx, path, params?.kind === 'unknown-key');
  if (slipped) return slipped;

  // A required key that is not there: point at the first key of the mapping that lacks it.
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1];
  const parent = lookup(ctx.data, parentPath);
  if (!found && typeof key === 'string' && parent.found && isRecord(parent.value) && params?.kind !== 'unknown-key') {
    const owner = ownerPhrase(parentPath, parent.value, ctx.kind);
    // The schema's own words for the file version ("put `version: 1` at the top").
    const message =
      key === 'version' && parentPath.length === 0 ? issue.message : missingKeyMessage(key, owner, schemaAt(ctx.schema, ctx.data, path));
    return { ...error(ctx.file, parentPath, message, { at: 'firstKey' }), missingKey: key, owner };
  }

  switch (params?.kind) {
    case 'unknown-key': {
      const object = isRecord(parent.value) ? parent.value : {};
      const suggestion = params.suggestion !== undefined && !(params.suggestion in object) ? params.suggestion : undefined;
      const message =
        suggestion !== undefined
          ? `Unknown field '${params.key}'.`
          : `Unknown field '${params.key}'. ` +
            `${capitalize(ownerPhrase(parentPath, object, ctx.kind))} can have: ${(params.known ?? []).join(', ')}.`;
      return { ...error(ctx.file, path, message, { at: 'key', suggestion }), unknownKeySuggestion: suggestion };
    }
    case 'keyed-union':
      if (params.badKey !== undefined)
        return error(ctx.file, [...path, params.badKey], `Unknown field '${params.badKey}': ${lowerFirst(issue.message)}`, {
          at: 'key',
          suggestion: params.suggestion,
        });
      return error(ctx.file, path, issue.message, { suggestion: params.suggestion });
    case 'unknown-tag': {
      const list = params.suggestion === undefined && params.known ? ` Expected one of: ${params.known.join(', ')}.` : '';
      return error(ctx.file, path, `${issue.message}${list}`, { suggestion: params.suggestion });
    }
    case undefined:
      break;
  }

  switch (issue.code) {
    case 'invalid_union': {
      // What to expect: the schema's own description, else a message a branch was given, else
      // one built from the branches' kinds.
      const resolved = schemaAt(ctx.schema, ctx.data, path);
      const custom = issue.mismatch?.flat().find((i) => i.path.length === 0 && !isZodDefault(i.message))?.message;
      const described = resolved?.description ?? (custom === undefined && resolved ? describeSchema(resolved) : undefined);
      const expected =
        described !== undefined ? `Expected ${described}` : custom !== undefined ? withoutPeriod(custom) : 'Unexpected value';
      return error(ctx.file, path, `${expected}, got ${describeValue(value)}.`);
    }
    case 'invalid_type': {
      if (issue.expected === 'int') return error(ctx.file, path, `Expected a whole number, got ${describeValue(value)}.`);
      const expected = isZodDefault(issue.message) ? `Expected ${expectedTypeWords(issue.expected)}` : withoutPeriod(issue.message);
      return error(ctx.file, path, `${expected}, got ${describeValue(value)}.`);
    }
    case 'invalid_value': {
      if (!isZodDefault(issue.message)) return error(ctx.file, path, issue.message);
      if (issue.values.length === 1) return error(ctx.file, path, `Expected ${showValue(issue.values[0])}, got ${describeValue(value)}.`);
      const shown =
        typeof value === 'string' ? `'${value}'` : value !== null && typeof value === 'object' ? describeValue(value) : showValue(value);
      const suggestion =
        typeof value === 'string'
          ? closest(
              value,
              issue.values.filter((v): v is string => typeof v === 'string'),
            )
          : undefined;
      return error(ctx.file, path, `Unknown value ${shown}. Expected one of: ${issue.values.map(showValue).join(', ')}.`, { suggestion });
    }
    case 'invalid_format': {
      const message = isZodDefault(issue.message) ? `'${String(value)}' is not a valid ${issue.format}.` : issue.message;
      const isRoute = schemaAt(ctx.schema, ctx.data, path)?.roles.has('routePath') === true;
      return error(ctx.file, path, message, { suggestion: isRoute && typeof value === 'string' ? tidyRoutePath(value) : undefined });
    }
    case 'too_small':
    case 'too_big':
      return error(ctx.file, path, isZodDefault(issue.message) ? sizeMessage(issue, value) : issue.message);
    case 'invalid_key': {
      const inner = issue.issues[0]?.message ?? '';
      const what = ctx.kind === 'copy' ? 'a copy key' : 'a name here';
      const reason = inner && !isZodDefault(inner) ? `: ${lowerFirst(inner)}` : '.';
      return error(ctx.file, path, `'${String(key)}' cannot be used as ${what}${reason}`, { at: 'key' });
    }
    default:
      return error(ctx.file, path, issue.message, { suggestion: params?.suggestion });
  }
}

/** '/Sign Up' → '/sign-up', 'login' → '/login': a "did you mean" for a malformed path. */
function tidyRoutePath(value: string): string | undefined {
  const tidy = `/${value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')}`;
  return routePath.safeParse(tidy).success && tidy !== value ? tidy : undefined;
}

function sizeMessage(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, value: unknown): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum);
  switch (issue.origin) {
    case 'array':
      if (small) return limit === 1 ? 'This list needs at least one item.' : `This list needs at least ${limit} items.`;
      return `This list can have at most ${limit} item${limit === 1 ? '' : 's'}.`;
    case 'string':
      if (small) return limit === 1 ? 'This text must not be empty.' : `This text needs at least ${limit} characters.`;
      return `This text can have at most ${limit} characters.`;
    default:
      return `Expected ${small ? 'at least' : 'at most'} ${limit}, got ${describeValue(value)}.`;
  }
}

/**
 * A misspelt key ('txt') makes the right key ('text') missing too; the unknown-key message
 * with its "Did you mean 'text'?" says it all, so the "Missing 'text:'" is dropped. Three or
 * more keys missing from one mapping (a section just started) make one message.
 */
function dedupe(diagnostics: Explained[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  const missing = diagnostics.filter((d) => {
    if (d.missingKey === undefined) return false;
    const objectPath = JSON.stringify(d.path);
    return !diagnostics.some(
      (o) =>
        (o.unknownKeySuggestion === d.missingKey && JSON.stringify(o.path.slice(0, -1)) === objectPath) ||
        (o.slippedFrom !== undefined && o.slippedFrom.key === d.missingKey && JSON.stringify(o.slippedFrom.path) === objectPath),
    );
  });
  const missingAt = (d: Explained) => missing.filter((m) => JSON.stringify(m.path) === JSON.stringify(d.path));
  for (const d of diagnostics) {
    if (d.missingKey !== undefined) {
      if (!missing.includes(d)) continue;
      const together = missingAt(d);
      if (together.length >= 3) {
        if (together[0] !== d) continue;
        const keys = together.map((m) => `'${m.missingKey}:'`);
        out.push(
          error(
            d.file,
            d.path,
            `${capitalize(d.owner!)} is missing ${keys.length} fields: ${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}.`,
            { at: 'firstKey', code: d.code },
          ),
        );
        continue;
      }
    }
    const { missingKey: _m, owner: _o, unknownKeySuggestion: _u, slippedFrom: _s, ...plain } = d;
    const id = JSON.stringify([plain.path, plain.at, plain.message]);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(plain);
  }
  return out;
}
