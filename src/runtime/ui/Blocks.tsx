import { Suspense, type ComponentType } from 'react';
import type { Block } from '../../blocks/schemas.ts';
import { blockComponents } from '../../blocks/components.ts';
import { evaluateCondition } from '../conditions.ts';
import { useCopy, useFacts, useRuntime } from '../context.tsx';

/** A screen's blocks, top to bottom; a block whose `when:` does not hold is left out. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  const facts = useFacts();
  const t = useCopy();
  const rt = useRuntime();
  const loading = <p className="loading" role="status">{t(rt.config.app.loadingText)}</p>;
  return (
    <Suspense fallback={loading}>
      {blocks.map((block, i) => {
        if (!evaluateCondition(block.when, facts)) return null;
        const Component = blockComponents[block.type] as ComponentType<{ block: Block }>;
        return <Component key={`${block.type}-${block.id ?? i}`} block={block} />;
      })}
    </Suspense>
  );
}
