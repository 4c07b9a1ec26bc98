import { z } from 'zod';
import { schemaInfo } from './roles.ts';

/** `namespace:key`, the namespace being a file in copy/<locale>/. */
export const copyKey = z
  .string({ error: 'Expected a copy key like login:heading.' })
  .regex(/^[a-z][A-Za-z0-9-]*:[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'Expected a copy key like login:heading (namespace:key).')
  .register(schemaInfo, { role: 'copyKey', description: 'a copy key like login:heading' });

/**
 * A copy group, `namespace:group` (`payment:declines`): the texts under it in
 * copy/<locale>/<namespace>.yaml, used by key (`payment:declines.2001`). `npm run check` wants
 * the group in every locale, with each of `keys` when given; the group's texts travel with the
 * screens that name it.
 */
export const copyGroup = (keys: readonly string[] = [], description = 'a copy group like payment:declines') =>
  z
    .string({ error: 'Expected a copy group like payment:declines.' })
    .regex(/^[a-z][A-Za-z0-9-]*:[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'Expected a copy group like payment:declines (namespace:group).')
    .register(schemaInfo, { role: 'copyGroup', description, keys });

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

export const milliseconds = z.number({ error: 'Expected a number of milliseconds.' }).int().min(0);

export const literal = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Literal = z.infer<typeof literal>;
