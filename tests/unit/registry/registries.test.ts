/**
 * Each kind of thing the funnel language names (blocks, actions, validation rules, facts, value
 * sources) has one registry; these tests check that every list derived from it agrees with it,
 * the parts the compiler cannot see (the funnel-language docs) included.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { blockSchemas } from '../../../src/blocks/schemas.ts';
import { derivedTexts as derivedTextsOf } from '../../../src/compiler/runtimeTexts.ts';
import { unwrap } from '../../../src/compiler/schemaWalk.ts';
import { createFacts, type FactSources } from '../../../src/language/evaluate/facts.ts';
import { factFamilyRegistry, fixedFactRegistry } from '../../../src/language/factRegistry.ts';
import { actionBranches } from '../../../src/language/schema/actions.ts';
import { factFamilies, fixedFacts } from '../../../src/language/schema/conditions.ts';
import { fieldTypes, rule } from '../../../src/language/schema/fields.ts';
import { unionInfo } from '../../../src/language/schema/roles.ts';
import { valueSource } from '../../../src/language/schema/values.ts';
import { defaultRuleMessages, validationRules } from '../../../src/language/validationRules.ts';

const derivedTexts = derivedTextsOf(blocks);

const docs = readFileSync(join(import.meta.dirname, '../../../docs/funnel-language.md'), 'utf8');
const sorted = (names: Iterable<string>) => [...names].sort();

/** The text of a `## ` section of the docs. */
function section(title: string): string {
  const start = docs.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/funnel-language.md has no section '## ${title}'`);
  const end = docs.indexOf('\n## ', start + 1);
  return docs.slice(start, end < 0 ? undefined : end);
}

/** The paragraph of a section that starts with `lead` ('Rules:', 'Facts:'). */
const paragraph = (title: string, lead: string) =>
  section(title)
    .split('\n\n')
    .find((p) => p.trimStart().startsWith(lead)) ?? '';

const branchesOf = (schema: Parameters<typeof unwrap>[0]) => Object.keys(unionInfo.get(unwrap(schema).schema)?.branches ?? {});

describe('blocks', () => {
  const types = Object.keys(blockSchemas);

  // Their code in the browser, eager or on demand: tests/unit/blocks/registry.test.ts.
  it('are each a row of the docs’ table of blocks, and nothing else is', () => {
    const rows = [...section('Blocks').matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!);
    expect(sorted(rows)).toEqual(sorted(types));
  });
});

describe('actions', () => {
  it('are each a row of the docs’ table of actions, and nothing else is', () => {
    const rows = [...section('Actions').matchAll(/^\| `(\w+)`(?: \/ `(\w+)`)? \|/gm)].flatMap((m) => [m[1]!, ...(m[2] ? [m[2]] : [])]);
    expect(sorted(rows)).toEqual(sorted(Object.keys(actionBranches)));
  });
});

describe('validation rules', () => {
  const names = Object.keys(validationRules);

  it('the schema has a branch for every rule of the registry, and only those', () => {
    expect(sorted(branchesOf(rule))).toEqual(sorted(names));
  });

  it('each default message is a text derived from the rules (src/compiler/runtimeTexts.ts), and fills {field}', () => {
    for (const name of names) {
      const message = defaultRuleMessages[name as keyof typeof defaultRuleMessages];
      expect(Object.keys(derivedTexts)).toContain(message);
      expect(validationRules[name as keyof typeof validationRules].fills).toContain('field');
    }
  });

  it('are each named in the docs’ list of rules, and nothing else is', () => {
    // 'Rules: `required`, ..., `length` (`min`, `max`), ...`numeric`.': the names outside the parentheses, in the first sentence.
    const listed = paragraph('Form fields and validation rules', 'Rules:')
      .replace(/\([^)]*\)/g, '')
      .split('. ')[0]!
      .matchAll(/`(\w+)`/g);
    expect(sorted([...listed].map((m) => m[1]!))).toEqual(sorted(names));
  });
});

describe('form fields', () => {
  it('the docs name every field type, and nothing else', () => {
    // `type: email            # email, password, text, checkbox, promoCode, captcha, hidden`
    const listed = /^\s+type: \w+\s+# (.+)$/m.exec(section('Form fields and validation rules'))?.[1]?.split(', ') ?? [];
    expect(sorted(listed)).toEqual(sorted(fieldTypes));
  });
});

describe('facts', () => {
  const fixed = Object.keys(fixedFactRegistry);
  const families = Object.keys(factFamilyRegistry);

  it('the condition schema knows the registry’s fixed facts and the families a condition may test', () => {
    expect(sorted(fixedFacts)).toEqual(sorted(fixed));
    expect(sorted(factFamilies)).toEqual(
      sorted(families.filter((f) => factFamilyRegistry[f as keyof typeof factFamilyRegistry].inConditions)),
    );
  });

  it('the runtime reads every fixed fact from what it is told (a customer record, the session...)', () => {
    const sources: FactSources = {
      user: { objectId: 'u1', email: 'parent@example.com' },
      path: '/here',
      search: '',
      from: '/before',
      reload: true,
      mobile: true,
      customer: {
        expired: true,
        hasPlan: true,
        gifted: true,
        lifetime: true,
        trialActive: true,
        usedAppTrial: true,
        usedClassesTrial: true,
      },
      state: {},
      storage: () => undefined,
      cookie: () => undefined,
      flags: {},
      utm: () => null,
    };
    const facts = createFacts(sources);
    const read = Object.fromEntries(fixed.map((name) => [name, facts.get(name)]));
    expect(read).toEqual({
      'session.loggedIn': true,
      'navigation.path': '/here',
      'navigation.from': '/before',
      'navigation.reload': true,
      'device.mobile': true,
      'customer.expired': true,
      'customer.hasPlan': true,
      'customer.gifted': true,
      'customer.lifetime': true,
      'customer.trialActive': true,
      'customer.usedAppTrial': true,
      'customer.usedClassesTrial': true,
    });
  });

  it('every value source reads the fact family of its name (the captcha’s token aside)', () => {
    expect(branchesOf(valueSource).filter((s) => s !== 'captcha' && !families.includes(s))).toEqual([]);
  });

  it('are each named in the docs’ list of facts, and the families a condition may test too', () => {
    const listed = [...paragraph('Conditions', 'Facts:').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    // `session.loggedIn`; `state.<client-state key>` (other words in backticks are not facts: `call`, `catch:`).
    expect(sorted(listed.filter((f) => /^[a-z]+\.[A-Za-z]+$/.test(f)))).toEqual(sorted(fixed));
    expect(sorted(listed.filter((f) => /^[a-z]+\.</.test(f)).map((f) => f.slice(0, f.indexOf('.'))))).toEqual(sorted(factFamilies));
  });

  it('value sources are each named in the docs, and nothing else is', () => {
    const listed = [...paragraph('Actions', 'Values are').matchAll(/`\{ (\w+):/g)].map((m) => m[1]!);
    expect(sorted(new Set(listed))).toEqual(sorted(branchesOf(valueSource)));
  });
});
