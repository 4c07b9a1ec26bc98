import { closest } from '../../language/suggest.ts';
import { type Diagnostic, error, type YamlPath } from '../diagnostic.ts';
import type { ConfigFile } from '../load.ts';
import type { WalkNode } from '../schemaWalk.ts';
import { actionOf, type CallResult, resultBefore } from './callScope.ts';
import { type Check, isRecord } from './context.ts';
import { fixedValues, isOptional, lookupPath } from './contractTypes.ts';
import { joinAnd } from './copyKeys.ts';

/** One `result.*` fact or `{ result: ... }` value as written, with the answers it reads wherever it is used. */
interface Use {
  file: ConfigFile;
  node: WalkNode;
  name: string;
  at: YamlPath;
  /** How a suggestion is written: the whole fact (`result.`), or the value's own name. */
  prefix: string;
  /** One per place the text is used (a YAML alias uses it again); undefined where the answer is not known. */
  answers: (CallResult | undefined)[];
}

interface Finding {
  path: YamlPath;
  /** The message, given whose answer it is about ("the answer of GetUserExistsByUsername"). */
  message: (answers: string) => string;
  suggestion?: string | undefined;
}

/**
 * Every `result.*` fact and `{ result: ... }` value read after a call (in its `then:`, or later in
 * its list) against that call's output schema in src/contract/definitions.ts: the field exists,
 * and an `equals:` / `in:` on a field of fixed values (an enum, true/false) names one of them.
 * Where the answer cannot be told (a call with `when:` before it, a list a block runs) nothing is
 * said. A condition written once and used after several calls (a YAML alias, often in an `any:`
 * that fits either answer) is wrong only when it fits none of them.
 */
export const checkCallResults: Check = (ctx) => {
  const uses = new Map<unknown, Use>();
  for (const { file, node } of ctx.nodes) {
    const use = readingAt(file, node);
    if (!use) continue;
    const action = actionOf(node);
    const answer = action && resultBefore(action);
    const seen = uses.get(node.data);
    if (seen) seen.answers.push(answer);
    else uses.set(node.data, { ...use, answers: [answer] });
  }

  const out: Diagnostic[] = [];
  for (const use of uses.values()) {
    if (use.name === '' || use.answers.some((a) => a === undefined)) continue;
    const answers = use.answers as CallResult[];
    const findings = answers.map((answer) => findingsAfter(use, answer));
    // Report what is wrong after every call it follows; the first call's words.
    for (const finding of findings[0]!) {
      if (!findings.every((list) => list.some((f) => samePath(f.path, finding.path)))) continue;
      const fns = [...new Set(answers.map((a) => a.fn))];
      const whose = fns.length === 1 ? `the answer of ${fns[0]}` : `the answers of ${joinAnd(fns)}`;
      out.push(error(use.file.relPath, finding.path, finding.message(whose), { suggestion: finding.suggestion }));
    }
  }
  return out;
};

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const samePath = (a: YamlPath, b: YamlPath) => a.length === b.length && a.every((p, i) => p === b[i]);

function readingAt(file: ConfigFile, node: WalkNode): Omit<Use, 'answers'> | undefined {
  if (!isRecord(node.data)) return undefined;
  if (node.roles.has('fact') && typeof node.data.fact === 'string' && node.data.fact.startsWith('result.'))
    return { file, node, name: node.data.fact.slice('result.'.length), at: [...node.path, 'fact'], prefix: 'result.' };
  if (node.roles.has('valueSource') && node.union?.branch === 'result' && typeof node.data.result === 'string')
    return { file, node, name: node.data.result, at: [...node.path, 'result'], prefix: '' };
  return undefined;
}

/** An absent field reads as null; conditions compare as text (src/language/evaluate/conditions.ts). */
const same = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && String(a) === String(b));

function findingsAfter(use: Omit<Use, 'answers'>, answer: CallResult): Finding[] {
  const found = lookupPath(answer.output, use.name.split('.'));
  if ('missing' in found) {
    const near = closest(found.missing, found.fields);
    const inside = found.at.length > 0 ? ` in '${found.at.join('.')}'` : '';
    const list = near || found.fields.length === 0 ? '' : ` It has: ${found.fields.join(', ')}.`;
    return [
      {
        path: use.at,
        message: (whose) => `${capitalize(whose)} has no field '${found.missing}'${inside}.${list}`,
        suggestion: near && use.prefix + [...found.at, near].join('.'),
      },
    ];
  }
  if (!('found' in found) || use.prefix === '') return [];
  const fixed = fixedValues(found.found);
  if (!fixed) return [];
  const values = isOptional(found.found) && !fixed.includes(null) ? [...fixed, null] : fixed;
  const data = use.node.data as Record<string, unknown>;
  const tested: [unknown, YamlPath][] = [];
  if (data.equals !== undefined) tested.push([data.equals, [...use.node.path, 'equals']]);
  if (Array.isArray(data.in))
    data.in.forEach((v, i) => {
      tested.push([v, [...use.node.path, 'in', i]]);
    });
  return tested
    .filter(([value]) => !values.some((v) => same(v, value)))
    .map(([value, path]) => {
      const shown = typeof value === 'string' ? `'${value}'` : String(value);
      const strings = values.filter((v): v is string => typeof v === 'string');
      return {
        path,
        message: (whose: string) =>
          `In ${whose}, '${use.prefix}${use.name}' is one of: ${values.map(String).join(', ')}; ${shown} never matches.`,
        suggestion: typeof value === 'string' ? closest(value, strings) : undefined,
      };
    });
}
