import { z } from 'zod';
import { schemaInfo } from './roles.ts';

const copyKeyFormat = () =>
  z
    .string({ error: 'Expected a copy key like login:heading.' })
    .regex(/^[a-z][A-Za-z0-9-]*:[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'Expected a copy key like login:heading (namespace:key).');

/** `namespace:key`, the namespace being a file in copy/<locale>/. Its text has no `{placeholders}`. */
export const copyKey = copyKeyFormat().register(schemaInfo, { role: 'copyKey', description: 'a copy key like login:heading' });

/**
 * A copy key whose text the block, rule or action fills itself: `filledCopyKey(['n', 'interval'])`
 * for 'FREE {n} {interval} trial'. `npm run check` holds every `{placeholder}` of the text, in
 * every language, to these names.
 */
export const filledCopyKey = (fills: readonly string[]) =>
  copyKeyFormat().register(schemaInfo, { role: 'copyKey', description: 'a copy key like login:heading', fills });

/**
 * A copy key whose `{placeholders}` the `params:` beside it fills (heading, text, notice, popup,
 * notify, widget), besides any the block fills itself (`fills`).
 */
export const paramsCopyKey = (fills: readonly string[] = []) =>
  copyKeyFormat().register(schemaInfo, { role: 'copyKey', description: 'a copy key like login:heading', fills, params: true });

/**
 * The texts a block reads from its copy group, by key, each with the placeholders the block
 * fills in it: `{ label: [], time: ['minutes', 'seconds'] }`.
 */
export type CopyGroupTexts = Readonly<Record<string, readonly string[]>>;

/**
 * A copy group, `namespace:group` (`payment:declines`): the texts under it in
 * copy/<locale>/<namespace>.yaml, used by key (`payment:declines.2001`). `npm run check` wants
 * the group in every locale, with each text of `texts` when given (their placeholders held to the
 * names given there); the group's texts travel with the screens that name it.
 */
export const copyGroup = (texts: CopyGroupTexts = {}, description = 'a copy group like payment:declines') =>
  z
    .string({ error: 'Expected a copy group like payment:declines.' })
    .regex(/^[a-z][A-Za-z0-9-]*:[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'Expected a copy group like payment:declines (namespace:group).')
    .register(schemaInfo, { role: 'copyGroup', description, keys: Object.keys(texts), texts });

/** A `{placeholder}` of a text, named without its braces (what src/compiler/checks/copyIndex.ts finds in texts). */
export const placeholderName = z
  .string({ error: 'Expected a placeholder name like n or title.' })
  .regex(/^[A-Za-z0-9_]+$/, 'Expected a placeholder name like n or title: letters, digits and underscores, without braces.');

/** An app path: starts with '/', lower-case words, dashes, and ':param' segments. */
export const routePath = z
  .string({ error: 'Expected a route path like /login.' })
  .regex(
    /^\/([a-z0-9-]+|:[a-zA-Z]+)?(\/([a-z0-9-]+|:[a-zA-Z]+))*$/,
    "Expected a route path like /login: it starts with '/' and uses lower-case letters, digits and dashes.",
  )
  .register(schemaInfo, { role: 'routePath', description: 'a path like /login' });

/** A name used as an identifier in config (screen ids, link names, form ids). */
export const identifier = z
  .string({ error: 'Expected a name.' })
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'Expected a name made of letters, digits, dashes or underscores, starting with a letter.')
  .register(schemaInfo, { description: 'a name' });

/** `version: 1`, at the top of every config file. */
export const languageVersion = z
  .literal(1, { error: 'This file is written for funnel language version 1: put `version: 1` at the top.' })
  .describe('The version of the funnel language the file is written in: 1.');

export const milliseconds = z.number({ error: 'Expected a number of milliseconds.' }).int().min(0);

export const literal = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Literal = z.infer<typeof literal>;
