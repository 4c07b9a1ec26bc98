import { useCopy, useFacts } from '../../runtime/context.tsx';
import { readValueMap, toCopyParams } from '../../runtime/values.ts';
import type { BlockProps } from '../types.ts';

export default function Heading({ block }: BlockProps<'heading'>) {
  const t = useCopy();
  const facts = useFacts();
  const Tag = `h${block.level ?? 1}` as 'h1' | 'h2' | 'h3';
  return (
    <Tag id={block.id} className="heading" tabIndex={Tag === 'h1' ? -1 : undefined}>
      {t(block.text, toCopyParams(readValueMap(block.params, facts)))}
    </Tag>
  );
}
