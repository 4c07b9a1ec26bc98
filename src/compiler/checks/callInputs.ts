import type { z } from 'zod';
import { contract } from '../../contract/definitions.ts';
import { value as valueSchema } from '../../language/schema/values.ts';
import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error } from '../diagnostic.ts';
import { defOf } from '../schemaWalk.ts';
import { isCallName, resultBefore } from './callScope.ts';
import { type Check, isRecord } from './context.ts';
import { fieldsOf, fixedValues, isOptional, kindOfValue, kindsInWords, kindsOf } from './contractTypes.ts';
import { joinAnd } from './copyKeys.ts';
import { allForms } from './forms.ts';
import { type ValueSite, valueKinds } from './valueKinds.ts';

/**
 * Every `input:` of a `do: call` against the call's input schema in src/contract/definitions.ts:
 * no key the call does not take (the server drops it, and a misspelt one leaves the real one
 * out), every key it needs, and values of a kind it takes — literals exactly, value sources where
 * their kind is known (a checkbox gives true or false, a query parameter text...).
 */
export const checkCallInputs: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const forms = allForms(ctx);
  for (const { file, node } of ctx.nodes) {
    if (!node.roles.has('action') || node.union?.branch !== 'call' || !isRecord(node.data) || !isCallName(node.data.fn)) continue;
    const fn = node.data.fn;
    const fields = fieldsOf(contract[fn].input, 'input');
    if (!fields) continue;
    const actionKeys = Object.keys(defOf(node.schema).shape ?? {});
    // A malformed `input:` already has its error.
    if (node.data.input !== undefined && !isRecord(node.data.input)) continue;
    const input = node.data.input ?? {};
    const inputPath = [...node.path, 'input'];
    const site: ValueSite = { file, node, forms, schemas: ctx.schemas, result: resultBefore(node) };
    const misspelt = new Set<string>();

    for (const [key, value] of Object.entries(input)) {
      const field = fields[key];
      if (field) {
        const problem = isRecord(value) ? sourceProblem(fn, key, field, value, site) : literalProblem(fn, key, field, value);
        if (problem) out.push(error(file.relPath, [...inputPath, key], problem.message, { suggestion: problem.suggestion }));
        continue;
      }
      // An action key whose value is no value at all already has its error (src/compiler/validate.ts).
      if (actionKeys.includes(key)) {
        if (valueSchema.safeParse(value).success)
          out.push(
            error(
              file.relPath,
              [...inputPath, key],
              `'${key}' is not an input of ${fn}: it looks like a key of the 'call' action indented too far. ` +
                "Move it left to line up with 'input:'.",
              { at: 'key' },
            ),
          );
        continue;
      }
      const suggestion = closest(
        key,
        Object.keys(fields).filter((f) => !(f in input)),
      );
      if (suggestion) misspelt.add(suggestion);
      const names = Object.keys(fields);
      const list = suggestion ? '' : names.length === 0 ? ' It takes none.' : ` Its inputs are: ${names.join(', ')}.`;
      out.push(error(file.relPath, [...inputPath, key], `'${key}' is not an input of ${fn}.${list}`, { at: 'key', suggestion }));
    }

    const missing = Object.entries(fields)
      .filter(([key, schema]) => !isOptional(schema) && !(key in input) && !misspelt.has(key))
      .map(([key]) => `'${key}:'`);
    if (missing.length > 0)
      out.push(
        isRecord(node.data.input)
          ? error(file.relPath, inputPath, `${fn} needs ${joinAnd(missing)} in its 'input:'.`, { at: 'key' })
          : error(file.relPath, [...node.path, 'fn'], `${fn} needs an 'input:' with ${joinAnd(missing)}.`),
      );
  }
  return out;
};

interface Problem {
  message: string;
  suggestion?: string | undefined;
}

const shownLiteral = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));

/** A literal the call would refuse: of the wrong kind, not one of its values, or out of its bounds. */
function literalProblem(fn: string, key: string, field: z.ZodType, value: unknown): Problem | undefined {
  if (field.safeParse(value).success) return undefined;
  const what = `${fn}'s input '${key}'`;
  const kinds = kindsOf(field, 'input');
  const kind = kindOfValue(value);
  if (kinds && !kinds.has(kind)) return { message: `${what} takes ${kindsInWords(kinds)}, not ${wordsOfLiteral(value)}.` };
  const values = fixedValues(field, 'input');
  if (values)
    return {
      message:
        values.length === 1
          ? `${what} takes only ${shownLiteral(values[0])}, not ${shownLiteral(value)}.`
          : `${what} takes one of: ${values.map(String).join(', ')}; ${shownLiteral(value)} is not one of them.`,
      suggestion:
        typeof value === 'string'
          ? closest(
              value,
              values.filter((v): v is string => typeof v === 'string'),
            )
          : undefined,
    };
  const issue = field.safeParse(value).error?.issues[0];
  return { message: `${what} does not accept ${shownLiteral(value)}${issue ? `: ${issueWords(issue)}` : ''}.` };
}

function wordsOfLiteral(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'an empty text' : `the text '${value}'`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return 'nothing';
}

function issueWords(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email' ? 'it is not an email address' : `it is not a valid ${issue.format}`;
    case 'too_small':
      return issue.origin === 'string' ? `it needs at least ${String(issue.minimum)} characters` : `the least is ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string' ? `it can have at most ${String(issue.maximum)} characters` : `the most is ${String(issue.maximum)}`;
    default:
      return 'the server would refuse it';
  }
}

/** A value source of a known kind that the input does not take ({ form: offers }, a checkbox, into a text input). */
function sourceProblem(fn: string, key: string, field: z.ZodType, value: Record<string, unknown>, site: ValueSite): Problem | undefined {
  const wanted = kindsOf(field, 'input');
  const given = valueKinds(value, site);
  if (!wanted || !given) return undefined;
  const present = [...given.kinds].filter((k) => k !== 'nothing');
  if (present.length === 0 || present.some((k) => wanted.has(k))) return undefined;
  return { message: `${fn}'s input '${key}' takes ${kindsInWords(wanted)}, but ${given.shown} gives ${kindsInWords(given.kinds)}.` };
}
