import { z } from 'zod';
import { dollars } from './catalog.ts';
import { copyKey, identifier, routePath } from './common.ts';
import { refersTo } from './roles.ts';
import { strictObject } from './strict.ts';

/**
 * A funnel template (funnels/templates/<name>.yaml, top key `template:`): a funnel written once
 * with `${param}` where an instance's values go. A funnel file instantiates it with
 * `use: <name>` and `with: { param: value }` (src/config/templates.ts expands it). Each
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
  type: z.enum(paramTypeNames),
  /** What the parameter is for, shown in the marketers' docs and in messages. */
  description: z.string().min(1),
  /** Used when the instance leaves the parameter out; without it the parameter is required. */
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  /** May be left out with no default: `$if: <param>` items are then dropped. */
  optional: z.boolean().optional(),
});
export type TemplateParam = z.infer<typeof templateParam>;

export const templateFile = strictObject({
  version: z.literal(1, { error: 'This file is written for funnel language version 1: put `version: 1` at the top.' }),
  template: identifier,
  description: z.string().min(1),
  params: z.record(identifier, templateParam),
  /** The funnel it produces (a funnel file's keys, with `${param}` in values); checked once expanded. */
  produces: z.record(z.string(), z.unknown()),
});

/** A funnel file that instantiates a template: `use: partner` and its parameters under `with:`. */
export const instanceFile = strictObject({
  version: z.literal(1, { error: 'This file is written for funnel language version 1: put `version: 1` at the top.' }),
  use: refersTo('template', identifier),
  description: z.string().optional(),
  with: z.record(z.string(), z.unknown()),
});
