import type { FormFields } from '../../language/blockDefinition.ts';
import { closest } from '../../language/suggest.ts';
import type { ConfigSchemas } from '../configSchemas.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import type { WalkNode } from '../schemaWalk.ts';
import { ancestor, type Check, type CheckContext, isRecord } from './context.ts';

/** A form block (one whose definition says `form`), as written. */
export interface Form extends FormFields {
  node: WalkNode;
}

function formOf(schemas: ConfigSchemas, node: WalkNode): Form | undefined {
  const read = schemas.blockOf(node)?.form;
  if (!read || !isRecord(node.data)) return undefined;
  return { ...read(node.data), node };
}

const under = (path: YamlPath, prefix: YamlPath) => prefix.every((p, i) => path[i] === p);

/** Every form block of every file. */
export function allForms(ctx: CheckContext): { file: ConfigFile; form: Form }[] {
  const forms: { file: ConfigFile; form: Form }[] = [];
  for (const { file, node } of ctx.nodes) {
    const form = formOf(ctx.schemas, node);
    if (form) forms.push({ file, form });
  }
  return forms;
}

/**
 * The forms a `{ form: x }` value or `form.x` fact at `node` may read: the form it sits in, or —
 * outside any form — the forms on the same screen.
 */
export function formsAround(
  schemas: ConfigSchemas,
  node: WalkNode,
  file: ConfigFile,
  forms: readonly { file: ConfigFile; form: Form }[],
): { own?: Form; onScreen: Form[] } {
  const own = ancestor(node, (n) => schemas.blockOf(n)?.form !== undefined);
  if (own) return { own: formOf(schemas, own)!, onScreen: [] };
  const screen = ancestor(node, (n) => n.schema === schemas.screen);
  const onScreen = screen ? forms.filter((f) => f.file === file && under(f.form.node.path, screen.path)).map((f) => f.form) : [];
  return { onScreen };
}

/**
 * Form field names: in a form block, `matches.field` and `checkOrder` entries name its
 * fields; `{ form: x }`, `fact: form.x` and `markFieldError` name a field of the form they sit
 * in, or — outside any form — of a form on the same screen.
 */
export const checkFormFields: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const forms = allForms(ctx);

  /** `prefix` is 'form.' for a fact, so that the suggestion is the whole fact name. */
  const report = (file: ConfigFile, path: YamlPath, name: string, form: Form | undefined, candidates: string[], prefix = '') => {
    if (candidates.includes(name)) return;
    const near = closest(name, candidates);
    const suggestion = near && prefix + near;
    const list = suggestion || candidates.length === 0 ? '' : ` Its fields are: ${candidates.join(', ')}.`;
    const message = form
      ? `Form '${form.name}' has no field '${name}'.${list}`
      : candidates.length === 0
        ? `There is no form on this screen with a field '${name}'.`
        : `No form on this screen has a field '${name}'.${list}`;
    out.push(error(file.relPath, path, message, { suggestion }));
  };

  for (const { file, form } of forms) {
    const data = form.node.data as Record<string, unknown>;
    if (Array.isArray(data.checkOrder))
      data.checkOrder.forEach((name, i) => {
        if (typeof name === 'string') report(file, [...form.node.path, 'checkOrder', i], name, form, form.fields);
      });
    if (Array.isArray(data.fields))
      data.fields.forEach((field, f) => {
        if (!isRecord(field) || !Array.isArray(field.rules)) return;
        field.rules.forEach((rule, r) => {
          if (isRecord(rule) && rule.rule === 'matches' && typeof rule.field === 'string')
            report(file, [...form.node.path, 'fields', f, 'rules', r, 'field'], rule.field, form, form.fields);
        });
      });
  }

  for (const { file, node } of ctx.nodes) {
    if (!isRecord(node.data)) continue;
    let name: string | undefined;
    let prefix = '';
    let at: YamlPath = node.path;
    if (node.roles.has('valueSource') && node.union?.branch === 'form' && typeof node.data.form === 'string') {
      name = node.data.form;
      at = [...node.path, 'form'];
    } else if (
      node.roles.has('fact') &&
      typeof node.data.fact === 'string' &&
      node.data.fact.startsWith('form.') &&
      node.data.fact.length > 5
    ) {
      name = node.data.fact.slice(5);
      prefix = 'form.';
      at = [...node.path, 'fact'];
    } else if (node.roles.has('action') && node.union?.branch === 'markFieldError' && typeof node.data.field === 'string') {
      name = node.data.field;
      at = [...node.path, 'field'];
    }
    if (name === undefined) continue;
    const { own, onScreen } = formsAround(ctx.schemas, node, file, forms);
    if (own) report(file, at, name, own, own.fields, prefix);
    else if (onScreen.length === 1) report(file, at, name, onScreen[0], onScreen[0]!.fields, prefix);
    else
      report(
        file,
        at,
        name,
        undefined,
        onScreen.flatMap((f) => f.fields),
        prefix,
      );
  }
  return out;
};
