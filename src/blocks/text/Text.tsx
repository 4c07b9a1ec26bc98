import { useCopy, useFacts } from '../../runtime/context.tsx';
import { RichText } from '../../runtime/ui/RichText.tsx';
import { readValueMap, toCopyParams } from '../../runtime/values.ts';
import type { BlockProps } from '../types.ts';

export default function Text({ block }: BlockProps<'text'>) {
  const t = useCopy();
  const facts = useFacts();
  return (
    <p id={block.id} className={`text text--${block.style ?? 'body'}`}>
      <RichText text={t(block.text, toCopyParams(readValueMap(block.params, facts)))} to={block.link} />
    </p>
  );
}
