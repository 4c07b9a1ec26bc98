import { useCopy } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';

export default function List({ block }: BlockProps<'list'>) {
  const t = useCopy();
  const marker = block.marker ?? 'bullet';
  const Tag = marker === 'number' ? 'ol' : 'ul';
  const titleId = block.title ? `${block.id ?? block.items[0]}-title`.replace(/[^A-Za-z0-9_-]/g, '-') : undefined;
  return (
    <section id={block.id} className="list-block" aria-labelledby={titleId}>
      {block.title && (
        <h2 id={titleId} className="block-title">
          {t(block.title)}
        </h2>
      )}
      <Tag className={`list list--${marker}`}>
        {block.items.map((item) => (
          <li key={item}>{t(item)}</li>
        ))}
      </Tag>
    </section>
  );
}
