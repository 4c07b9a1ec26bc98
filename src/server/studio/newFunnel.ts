/**
 * A new funnel made from a template in the studio (docs/marketers.md, "A new funnel"): the templates of a workspace
 * with their parameters (the form the page draws), and the two files a funnel made from one needs, written into the
 * workspace: funnels/<id>.yaml (`use:` and `with:`) and copy/en/<id>.yaml with every key of that namespace the
 * expanded funnel names, each left empty for the marketer to write (the checker marks an empty text: FL103).
 * Parameters are checked by the checker's own types (src/language/schema/template.ts); the files go through the
 * save path (./service.ts saveFile: path, size, alias cap, versions, audit), both or neither.
 */
import { type Document, parseDocument, stringify } from 'yaml';
import { walk } from '../../compiler/schemaWalk.ts';
import { type TemplateParam, type TemplateParamType, templateFile, templateParamTypes } from '../../language/schema/template.ts';
import type { Db } from '../db/transaction.ts';
import { inTransaction } from '../db/transaction.ts';
import { checkFilesOnce } from '../releases/releaseFiles.ts';
import type { Actor } from '../releases/service.ts';
import type { ReleaseFiles } from '../releases/source.ts';
import { MAX_ALIASES } from './files.ts';
import { workspaceFiles } from './repository.ts';
import { type SaveResult, StudioRefusal, saveFile } from './service.ts';

export interface TemplateParamField {
  name: string;
  type: TemplateParamType;
  description: string;
  default?: string | number | boolean;
  /** Neither a default nor `optional: true`: the form cannot be sent without it. */
  required: boolean;
}

export interface TemplateChoice {
  /** The name a funnel uses it by (`use: partner`). */
  name: string;
  file: string;
  description: string;
  params: TemplateParamField[];
  /** The parameter whose value names the funnel's files (funnels/<value>.yaml): the template's first `id` parameter. */
  idParam: string;
}

const TEMPLATE_FILE = /^funnels\/templates\/[^/]+\.yaml$/;

function parsedTemplate(path: string, text: string) {
  let doc: Document;
  try {
    doc = parseDocument(text, { prettyErrors: false });
    if (doc.errors.length > 0) return undefined;
    const parsed = templateFile.safeParse(doc.toJS({ maxAliasCount: MAX_ALIASES }));
    return parsed.success ? { file: path, ...parsed.data } : undefined;
  } catch {
    return undefined; // too many aliases: the checker reports the file
  }
}

/** The templates of the files a funnel can be made from in the studio: those that parse and have an `id` parameter. */
export function templateChoices(files: ReleaseFiles): TemplateChoice[] {
  const choices: TemplateChoice[] = [];
  for (const [path, text] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!TEMPLATE_FILE.test(path)) continue;
    const template = parsedTemplate(path, text);
    const params = Object.entries(template?.params ?? {}).map(([name, p]: [string, TemplateParam]) => ({
      name,
      type: p.type,
      description: p.description,
      ...(p.default !== undefined ? { default: p.default } : {}),
      required: p.default === undefined && p.optional !== true,
    }));
    const idParam = params.find((p) => p.type === 'id' && p.required)?.name;
    if (template && idParam) choices.push({ name: template.template, file: path, description: template.description, params, idParam });
  }
  return choices;
}

export interface NewFunnelRequest {
  workspace: number;
  template: string;
  /** The form's values by parameter name; a value left out takes the template's default. */
  values: Record<string, unknown>;
  actor: Actor;
}

export interface NewFunnelAnswer {
  funnel: SaveResult;
  copy: SaveResult;
  /** The copy keys written empty in the copy file, for the marketer to write (`acmegym:landing.heading`). */
  texts: string[];
}

/** Each value checked as the checker checks a `with:` value (FL205, FL206, FL207): by parameter, what is wrong. */
function paramProblems(choice: TemplateChoice, values: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const name of Object.keys(values))
    if (!choice.params.some((p) => p.name === name)) problems[name] = `The template '${choice.name}' has no parameter '${name}'.`;
  for (const param of choice.params) {
    const value = values[param.name];
    if (value === undefined) {
      if (param.required) problems[param.name] = `Required: ${param.description}.`;
      continue;
    }
    const checked = templateParamTypes[param.type].safeParse(value);
    if (!checked.success) problems[param.name] = checked.error.issues[0]!.message;
  }
  return problems;
}

/** The funnel file: a line on where it came from, then `use:` and the values that differ from the template's defaults. */
function funnelText(choice: TemplateChoice, values: Record<string, unknown>): string {
  const given = Object.fromEntries(
    choice.params.filter((p) => values[p.name] !== undefined && values[p.name] !== p.default).map((p) => [p.name, values[p.name]]),
  );
  const body = stringify({ version: 1, use: choice.name, with: given });
  const texts = `copy/en/${values[choice.idParam]}.yaml`;
  return `# Made in the studio from the template ${choice.name} (${choice.file}). Its texts: ${texts}.\n${body}`;
}

/**
 * The keys of namespace `id` the funnel names, in the order it names them: found by the checker's schema walk
 * (the `copyKey` role), on the funnel as the checker expanded it from its template.
 */
function copyKeysNamed(files: ReleaseFiles, funnelPath: string, id: string): string[] {
  const check = checkFilesOnce(files);
  const funnel = check.files.find((f) => f.relPath === funnelPath);
  if (!funnel?.parsed) return [];
  const keys: string[] = [];
  walk(check.schemas.byKind.funnel, funnel.data, (node) => {
    if (!node.roles.has('copyKey') || typeof node.data !== 'string') return;
    const [namespace, key] = node.data.split(':');
    if (namespace === id && key && !key.endsWith('.*') && !keys.includes(key)) keys.push(key);
  });
  return keys;
}

/** `landing.heading` and `landing.lead` → `landing:\n  heading:\n  lead:\n`: every text empty, in the order named. */
function emptyCopyText(funnelPath: string, keys: string[]): string {
  const tree = new Map<string, unknown>();
  for (const key of keys) {
    let level = tree;
    const parts = key.split('.');
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        if (!level.has(part)) level.set(part, null);
        return;
      }
      if (!(level.get(part) instanceof Map)) level.set(part, new Map());
      level = level.get(part) as Map<string, unknown>;
    });
  }
  const lines: string[] = [];
  const write = (level: Map<string, unknown>, indent: string) => {
    for (const [name, value] of level) {
      lines.push(`${indent}${name}:`);
      if (value instanceof Map) write(value, `${indent}  `);
    }
  };
  write(tree, '');
  const header = `# The English texts of ${funnelPath}: write each one after its key. Until then the checker marks it.\n`;
  return `${header}${lines.join('\n')}\n`;
}

export async function createFunnelFromTemplate(db: Db, request: NewFunnelRequest): Promise<NewFunnelAnswer> {
  const files: ReleaseFiles = Object.fromEntries((await workspaceFiles(db, request.workspace)).map((f) => [f.path, f.text]));
  const choice = templateChoices(files).find((t) => t.name === request.template);
  if (!choice) throw new StudioRefusal(`There is no template '${request.template}' in workspace ${request.workspace}.`, 'not-found');
  const problems = paramProblems(choice, request.values);
  if (Object.keys(problems).length > 0)
    throw new StudioRefusal(
      `The funnel was not made: ${Object.entries(problems)
        .map(([name, problem]) => `${name}: ${problem}`)
        .join(' ')}`,
      'invalid-params',
      { params: problems },
    );
  const id = String(request.values[choice.idParam]);
  const funnelPath = `funnels/${id}.yaml`;
  const copyPath = `copy/en/${id}.yaml`;
  const taken = funnelPath in files ? funnelPath : Object.keys(files).find((path) => path.endsWith(`/${id}.yaml`));
  if (taken)
    throw new StudioRefusal(`There is a ${taken} already: choose another ${choice.idParam}.`, 'exists', {
      params: { [choice.idParam]: `${taken} exists already.` },
    });

  const funnel = funnelText(choice, request.values);
  const keys = copyKeysNamed({ ...files, [funnelPath]: funnel }, funnelPath, id);
  const copy = emptyCopyText(funnelPath, keys);
  return inTransaction(db, async (tx) => ({
    funnel: await saveFile(tx, { id: request.workspace, path: funnelPath, text: funnel, baseVersion: null, actor: request.actor }),
    copy: await saveFile(tx, { id: request.workspace, path: copyPath, text: copy, baseVersion: null, actor: request.actor }),
    texts: keys.map((key) => `${id}:${key}`),
  }));
}
