import { useCopy, useFacts } from '../../runtime/context.tsx';
import { RichText } from '../../runtime/ui/RichText.tsx';
import { readValueMap, toCopyParams } from '../../runtime/values.ts';
import type { BlockProps } from '../types.ts';

export default function Notice({ block }: BlockProps<'notice'>) {
  const t = useCopy();
  const facts = useFacts();
  return (
    <div id={block.id} className={`notice notice--${block.level ?? 'info'}`}>
      <p>
        <RichText text={t(block.text, toCopyParams(readValueMap(block.params, facts)))} to={block.link} />
      </p>
    </div>
  );
}
