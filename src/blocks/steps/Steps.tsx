import { useCopy } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';

export default function Steps({ block }: BlockProps<'steps'>) {
  const t = useCopy();
  return (
    <section id={block.id} className="steps-block">
      {block.title && <h2 className="block-title">{t(block.title)}</h2>}
      <ol className="steps">
        {block.items.map((item) => (
          <li key={item.title} className="steps__item">
            <strong className="steps__title">{t(item.title)}</strong>
            {item.text && <span className="steps__text">{t(item.text)}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
