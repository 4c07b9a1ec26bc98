/**
 * The schemas of the config files, built from the blocks the compiler is handed (the registry,
 * src/blocks/registry.ts, which the compiler never imports: the caller passes it). Built once per
 * registry: the Vite plugin checks again at every save, and zod's registry keeps the union's id.
 */
import { z } from 'zod';
import type { BlockDefinition } from '../language/blockDefinition.ts';
import { catalogFile } from '../language/schema/catalog.ts';
import { experimentsFile } from '../language/schema/experiments.ts';
import { taggedUnion } from '../language/schema/strict.ts';
import { templateFile } from '../language/schema/template.ts';
import { appFile } from './schema/app.ts';
import { funnelFileSchema } from './schema/funnel.ts';
import { type BlockValue, screenSchema } from './schema/screen.ts';
import type { WalkNode } from './schemaWalk.ts';
import type { ConfigKind } from './sourceFile.ts';

/** Every block type, once, in the order the schemas list them: what the compiler is handed. */
export type BlockRegistry = readonly BlockDefinition[];

export interface ConfigSchemas {
  /** The registry they were built from. */
  blocks: BlockRegistry;
  /** Any one block: `type:` says which. */
  block: z.ZodType<BlockValue>;
  screen: ReturnType<typeof screenSchema>;
  funnelFile: ReturnType<typeof funnelFileSchema>;
  byKind: Readonly<Record<ConfigKind, z.ZodType>>;
  /** The block definition a walked node is the props of, if it is a block. */
  blockOf(node: WalkNode): BlockDefinition | undefined;
}

const built = new WeakMap<BlockRegistry, ConfigSchemas>();

export function configSchemas(blocks: BlockRegistry): ConfigSchemas {
  const known = built.get(blocks);
  if (known) return known;
  const anyBlock = z.lazy((): z.ZodType<BlockValue> => block);
  // A block that holds blocks (the account page's sections) builds its schema from the union of every block.
  const blockSchemas: Record<string, z.ZodType> = Object.fromEntries(
    blocks.map((b) => [b.type, typeof b.schema === 'function' ? b.schema(anyBlock) : b.schema]),
  );
  const block = taggedUnion('type', blockSchemas, 'block').register(z.globalRegistry, {
    id: 'block',
    description: 'A block of the screen: type: says which.',
  }) as z.ZodType<BlockValue>;
  const bySchema = new Map<z.ZodType, BlockDefinition>(blocks.map((b) => [blockSchemas[b.type]!, b]));
  const screen = screenSchema(block);
  const funnelFile = funnelFileSchema(screen);
  const schemas: ConfigSchemas = {
    blocks,
    block,
    screen,
    funnelFile,
    byKind: { app: appFile, experiments: experimentsFile, funnel: funnelFile, catalog: catalogFile, template: templateFile },
    blockOf: (node) => bySchema.get(node.schema),
  };
  built.set(blocks, schemas);
  return schemas;
}
