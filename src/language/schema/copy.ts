import { z } from 'zod';

/** A copy file: nested maps whose leaves are strings. Keys are letters, digits and '_'. */
export type CopyTree = { [key: string]: string | CopyTree };
export const copyTree: z.ZodType<CopyTree> = z
  .lazy(() =>
    z.record(
      z.string().regex(/^[A-Za-z0-9_]+$/, 'Copy keys use letters, digits and underscores only.'),
      z.union([z.string({ error: 'Expected a text (in quotes if it has a colon) or a group of keys.' }), copyTree]),
    ),
  )
  .register(z.globalRegistry, {
    id: 'copyTree',
    description: 'Texts by key; a key may hold a group of keys instead of a text.',
  }) as z.ZodType<CopyTree>;
