import { z } from 'zod';
import { dollars } from './catalog.ts';
import { copyKey, identifier, languageVersion, routePath } from './common.ts';
import { refersTo } from './roles.ts';
import { strictObject } from './strict.ts';

/**
 * A funnel template (funnels/templates/<name>.yaml, top key `template:`): a funnel written once
 * with `${param}` where an instance's values go. A funnel file instantiates it with
 * `use: <name>` and `with: { param: value }` (src/compiler/templates.ts expands it). Each
 * parameter is declared with a type, so a wrong or missing value is reported at the
 * instantiating line, before the expanded funnel is checked.
 */
export const templateParamTypes = {
  /** Lower-case letters and digits: it goes into paths, screen ids and the copy namespace. */
  id: z
    .string({ error: 'Expected an id like acmegym: lower-case letters and digits.' })
    .regex(/^[a-z][a-z0-9]*$/, 'Expected an id like acmegym: lower-case letters and digits, starting with a letter.'),
  text: z.string({ error: 'Expected a text.' }).min(1, 'This text must not be empty.'),
  price: dollars,
  days: z.number({ error: 'Expected a number of days, like 30.' }).int('Expected a whole number of days, like 30.').min(0),
  number: z.number({ error: 'Expected a number.' }),
  boolean: z.boolean({ error: 'Expected true or false.' }),
  path: routePath,
  copyKey,
  name: identifier,
} as const;
export type TemplateParamType = keyof typeof templateParamTypes;
const paramTypeNames = Object.keys(templateParamTypes) as [TemplateParamType, ...TemplateParamType[]];

export const templateParam = strictObject({
  type: z.enum(paramTypeNames).describe('id, text, price, days, number, boolean, path, copyKey or name.'),
  description: z.string().min(1).describe('What the parameter is for: shown in messages and on hover in the funnels using it.'),
  default: z
    .union([z.string(), z.number(), z.boolean()])
    .optional()
    .describe('The value when a funnel leaves the parameter out; without it, the parameter is required.'),
  optional: z.boolean().optional().describe('May be left out with no default: the items with $if: <parameter> are then dropped.'),
});
export type TemplateParam = z.infer<typeof templateParam>;

export const templateFile = strictObject({
  version: languageVersion,
  template: identifier.describe("The template's name: funnels use it with use: <name>."),
  description: z.string().min(1).describe('What the template makes, in a sentence.'),
  params: z.record(identifier, templateParam).describe("The parameters a funnel gives under 'with:', by name."),
  produces: z.record(z.string(), z.unknown()).describe("The funnel it makes: a funnel file's keys, with ${parameter} where a value goes."),
}).describe('A funnel template: a funnel written once, with ${parameter} where each funnel made from it gives a value.');

/** A funnel file that instantiates a template: `use: partner` and its parameters under `with:`. */
export const instanceFile = strictObject({
  version: languageVersion,
  use: refersTo('template', identifier).describe('The template this funnel is made from (funnels/templates/<name>.yaml).'),
  description: z.string().optional().describe('What the funnel is for, in a sentence (for people).'),
  with: z.record(z.string(), z.unknown()).describe("The template's parameters: name: value."),
}).describe('A funnel made from a template: use: names it, with: gives its parameters.');
