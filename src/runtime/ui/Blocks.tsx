import { type ComponentType, Suspense } from 'react';
import type { Block } from '../../blocks/schemas.ts';
import { evaluateCondition } from '../../language/evaluate/conditions.ts';
import { useCopy, useFacts, useRuntime } from '../context.tsx';
import { useBlockRegistry } from './blockRegistry.ts';

/**
 * A screen's blocks, top to bottom; a block whose `when:` does not hold is left out. A block
 * whose code loads on demand (the form) shows the loading text in its place meanwhile, while
 * the rest of the screen is already there.
 *
 * A block without an `id:` is keyed by its type and its rank among the blocks of that type, so
 * adding or removing a block of another type (`npm run dev`, after a save) keeps its state: a
 * form keeps what was typed.
 */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  const facts = useFacts();
  const t = useCopy();
  const rt = useRuntime();
  const registry = useBlockRegistry();
  const rankOfType = new Map<string, number>();
  return (
    <>
      {blocks.map((block) => {
        const rank = rankOfType.get(block.type) ?? 0;
        rankOfType.set(block.type, rank + 1);
        if (!evaluateCondition(block.when, facts)) return null;
        const Component = registry.components[block.type] as ComponentType<{ block: Block }>;
        const key = block.id === undefined ? `${block.type}#${rank}` : `${block.type}-${block.id}`;
        if (!registry.lazy.has(block.type)) return <Component key={key} block={block} />;
        return (
          <Suspense
            key={key}
            fallback={
              <p className="loading" role="status">
                {t(rt.config.app.loadingText)}
              </p>
            }
          >
            <Component block={block} />
          </Suspense>
        );
      })}
    </>
  );
}
