import { Document, isMap, isScalar, isSeq, type Node, Pair, Scalar, visit, type YAMLMap } from 'yaml';
import { instanceFile, type TemplateParam, templateFile, templateParamTypes } from '../language/schema/template.ts';
import { closest } from '../language/suggest.ts';
import type { ConfigSchemas } from './configSchemas.ts';
import { type Diagnostic, error } from './diagnostic.ts';
import type { ConfigFile, TemplateOrigin } from './sourceFile.ts';
import { validateConfigFile } from './validate.ts';

/**
 * Funnel templates (funnels/templates/*.yaml) and the funnel files that use them.
 *
 * An instance (`use: partner`, `with: {...}`) is expanded at load time into an ordinary funnel
 * file: the template's `produces:` YAML nodes are cloned and every `${param}` is replaced, a
 * whole `${param}` value by the instance's own YAML node (so its type and its line travel with
 * it), a `${param}` inside a longer text by the text. Every node of the expanded document keeps
 * the source range of where it was written, and `expandedFrom` tells which file that was, so a
 * diagnostic in the expanded funnel points at the template line and at the line that uses it.
 */

const whole = /^\$\{([A-Za-z][A-Za-z0-9_]*)\}$/;
const inside = /\$\{([A-Za-z][A-Za-z0-9_]*)\}/g;
const IF_KEY = '$if';

export const isInstanceFile = (file: ConfigFile) => file.parsed && hasTopKey(file, 'use');

function hasTopKey(file: ConfigFile, key: string): boolean {
  const contents = file.doc.contents;
  return isMap(contents) && contents.items.some((p) => isScalar(p.key) && p.key.value === key);
}

/** Checks a template's own declarations: its header schema and every `${name}` it uses. */
export function checkTemplateFile(file: ConfigFile): Diagnostic[] {
  const parsed = templateFile.safeParse(file.data);
  if (!parsed.success) return [];
  const declared = Object.keys(parsed.data.params);
  const out: Diagnostic[] = [];
  const used = new Set<string>();
  const produces = file.doc.get('produces', true) as Node | undefined;
  if (produces)
    visit(produces, {
      Pair(_key, pair) {
        // `$if: annualPrice` names a parameter without `${...}`.
        if (!isScalar(pair.key) || pair.key.value !== IF_KEY || !isScalar(pair.value)) return;
        const name = String(pair.value.value);
        used.add(name);
        if (!declared.includes(name))
          out.push(
            error(file.relPath, [], `'$if: ${name}' names no parameter of this template. Declare it under 'params:' or fix the name.`, {
              offset: pair.value.range ? [pair.value.range[0], pair.value.range[1]] : undefined,
              suggestion: closest(name, declared),
              code: 'FL201',
            }),
          );
      },
      Scalar(_key, node) {
        for (const name of namesIn(node)) {
          used.add(name);
          if (!declared.includes(name))
            out.push(
              error(file.relPath, [], `'\${${name}}' is not a parameter of this template. Declare it under 'params:' or fix the name.`, {
                offset: node.range ? [node.range[0], node.range[1]] : undefined,
                suggestion: closest(name, declared) && `\${${closest(name, declared)}}`,
                code: 'FL201',
              }),
            );
        }
      },
    });
  for (const name of declared.filter((n) => !used.has(n)))
    out.push(
      error(file.relPath, ['params', name], `The parameter '${name}' is declared but never used in 'produces:'.`, {
        at: 'key',
        code: 'FL202',
      }),
    );
  return out;
}

function namesIn(node: Scalar): string[] {
  return typeof node.value === 'string' ? [...node.value.matchAll(inside)].map((m) => m[1]!) : [];
}

/**
 * Expands one instance file with its template. Returns the funnel file it stands for (same
 * path, the expanded document), or diagnostics at the instance's lines when its `use:` or
 * `with:` is wrong.
 */
export function expandInstance(
  instance: ConfigFile,
  templates: ReadonlyMap<string, ConfigFile>,
): { file?: ConfigFile & { origin: TemplateOrigin }; diagnostics: Diagnostic[] } {
  const header = instanceFile.safeParse(instance.data);
  if (!header.success)
    return { diagnostics: [error(instance.relPath, [], headerProblem(instance.data), { at: 'firstKey', code: 'FL203' })] };
  const name = header.data.use;
  const template = templates.get(name);
  if (!template) {
    const known = [...templates.keys()];
    const suggestion = closest(name, known);
    const list = suggestion
      ? ''
      : known.length === 0
        ? ' There are no templates in funnels/templates/.'
        : ` The templates are: ${known.join(', ')}.`;
    return {
      diagnostics: [
        error(instance.relPath, ['use'], `There is no template '${name}'.${list}`, {
          suggestion,
          code: 'FL204',
        }),
      ],
    };
  }
  const declared = (templateFile.safeParse(template.data).data?.params ?? {}) as Record<string, TemplateParam>;
  const given = header.data.with;
  const diagnostics = checkParams(instance, name, declared, given);
  if (diagnostics.length > 0) return { diagnostics };

  const instanceNodes = new WeakSet<Node>();
  const values = new Map<string, Node | undefined>();
  const fromInstance = new Set<Node>();
  const withNode = instance.doc.get('with', true);
  for (const [param, spec] of Object.entries(declared)) {
    const node = isMap(withNode) ? (withNode.get(param, true) as Node | undefined) : undefined;
    // A default is written in the template: its node (and line) is the template's.
    const fallback = spec.default !== undefined ? (template.doc.getIn(['params', param, 'default'], true) as Node) : undefined;
    values.set(param, node ?? fallback);
    if (node) fromInstance.add(node);
  }

  const produces = template.doc.get('produces', true);
  if (!isMap(produces)) return { diagnostics: [] };
  const body = produces.clone() as YAMLMap;
  const substitute = (node: Scalar): Node | undefined => {
    if (typeof node.value !== 'string') return undefined;
    const single = whole.exec(node.value);
    if (single) {
      const value = values.get(single[1]!);
      if (!value) return new Scalar(null);
      const copy = value.clone() as Node;
      if (fromInstance.has(value)) markAll(copy, instanceNodes);
      return copy;
    }
    if (!node.value.includes('${')) return undefined;
    const text = node.value.replace(inside, (_, param: string) => String(plainValue(values.get(param)) ?? ''));
    const replaced = new Scalar(text);
    replaced.range = node.range;
    return replaced;
  };
  visit(body, {
    Seq(_key, seq) {
      seq.items = seq.items.filter((item) => {
        if (!isMap(item) || !item.has(IF_KEY)) return true;
        const condition = item.get(IF_KEY);
        item.delete(IF_KEY);
        const param = typeof condition === 'string' ? condition : '';
        const value = plainValue(values.get(param));
        return value !== undefined && value !== null && value !== false;
      });
    },
    Scalar(key, node) {
      return key === 'key' ? undefined : substitute(node);
    },
  });

  const useNode = instance.doc.get('use', true) as Node | undefined;
  const doc = new Document();
  const versionNode = instance.doc.get('version', true) as Node;
  markAll(versionNode, instanceNodes);
  body.items.unshift(new Pair(new Scalar('version'), versionNode));
  doc.contents = body;
  const file: ConfigFile & { origin: TemplateOrigin } = {
    ...instance,
    doc,
    data: doc.toJS(),
    kind: 'funnel',
    origin: { template, instanceNodes, ...(useNode?.range ? { usedAt: [useNode.range[0], useNode.range[1]] as const } : {}) },
  };
  return { file, diagnostics: [] };
}

function markAll(node: Node, into: WeakSet<Node>): void {
  into.add(node);
  visit(node, {
    Node(_key, n) {
      into.add(n);
    },
  });
}

function plainValue(node: Node | undefined): unknown {
  if (!node) return undefined;
  return isScalar(node) ? node.value : isSeq(node) || isMap(node) ? node.toJSON() : undefined;
}

function headerProblem(data: unknown): string {
  const keys = data !== null && typeof data === 'object' ? Object.keys(data) : [];
  const extra = keys.filter((k) => !['version', 'use', 'with', 'description'].includes(k));
  if (extra.length > 0)
    return (
      `A funnel that uses a template has only 'version:', 'use:', 'description:' and 'with:'; ` +
      `this one also has ${extra.map((k) => `'${k}:'`).join(', ')}. Put the values under 'with:'.`
    );
  return "A funnel that uses a template needs 'version: 1', 'use: <template>' and 'with:' (the template's parameters).";
}

function checkParams(instance: ConfigFile, name: string, declared: Record<string, TemplateParam>, given: Record<string, unknown>) {
  const out: Diagnostic[] = [];
  const names = Object.keys(declared);
  for (const [param, value] of Object.entries(given)) {
    const spec = declared[param];
    if (!spec) {
      const suggestion = closest(
        param,
        names.filter((n) => !(n in given)),
      );
      out.push(
        error(
          instance.relPath,
          ['with', param],
          `The template '${name}' has no parameter '${param}'.${suggestion ? '' : ` Its parameters are: ${names.join(', ')}.`}`,
          { at: 'key', suggestion, code: 'FL205' },
        ),
      );
      continue;
    }
    const result = templateParamTypes[spec.type].safeParse(value);
    if (!result.success)
      out.push(
        error(instance.relPath, ['with', param], `'${param}' (${spec.description}): ${result.error.issues[0]!.message}`, { code: 'FL206' }),
      );
  }
  const missing = names.filter((n) => !(n in given) && declared[n]!.default === undefined && declared[n]!.optional !== true);
  const misspelt = new Set(Object.keys(given).map((g) => closest(g, missing)));
  for (const param of missing.filter((m) => !misspelt.has(m)))
    out.push(
      error(instance.relPath, ['with'], `The template '${name}' needs '${param}:' under 'with:': ${declared[param]!.description}.`, {
        at: 'key',
        code: 'FL207',
      }),
    );
  return out;
}

const sampleValues: Record<TemplateParam['type'], unknown> = {
  id: 'sample',
  text: 'Sample',
  price: 9.99,
  days: 7,
  number: 1,
  boolean: true,
  path: '/sample',
  copyKey: 'common:productName',
  name: 'sample',
};

/**
 * A template no funnel uses is expanded with a sample value for each parameter and the result
 * checked against the funnel schema, so its mistakes show before a marketer first uses it.
 * Reported at the template's own lines.
 */
export function checkUnusedTemplate(
  template: ConfigFile,
  templates: ReadonlyMap<string, ConfigFile>,
  schemas: ConfigSchemas,
): Diagnostic[] {
  const parsed = templateFile.safeParse(template.data);
  if (!parsed.success) return [];
  const samples = Object.fromEntries(Object.entries(parsed.data.params).map(([name, p]) => [name, p.default ?? sampleValues[p.type]]));
  const data = { version: 1, use: parsed.data.template, with: samples };
  const sample: ConfigFile = { ...template, doc: new Document(data), data, kind: 'funnel' };
  const expanded = expandInstance(sample, templates).file;
  if (!expanded) return [];
  const { origin: _origin, ...asTemplate } = expanded;
  if (schemas.funnelFile.safeParse(asTemplate.data).success) return [];
  // The expanded funnel is the template's `produces:` (plus `version:`): its paths are found there.
  return validateConfigFile({ ...asTemplate, kind: 'funnel' }, schemas).diagnostics.map((d) => ({
    ...d,
    path: ['produces', ...d.path],
    message: `${d.message} (No funnel uses this template yet; it was checked with sample values.)`,
  }));
}

/** Where a node of an expanded funnel was written: the instance file itself, or its template. */
export function originOf(file: ConfigFile, node: Node | undefined): { file: ConfigFile; fromTemplate: boolean } {
  const origin = (file as { origin?: TemplateOrigin }).origin;
  if (!origin || !node || origin.instanceNodes.has(node)) return { file, fromTemplate: false };
  return { file: origin.template, fromTemplate: true };
}
