import { useCopy } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';

export default function Faq({ block }: BlockProps<'faq'>) {
  const t = useCopy();
  return (
    <section id={block.id} className="faq">
      {block.title && <h2 className="block-title">{t(block.title)}</h2>}
      {block.items.map((item) => (
        <details key={item.question} className="faq__item">
          <summary>{t(item.question)}</summary>
          <p>{t(item.answer)}</p>
        </details>
      ))}
    </section>
  );
}
