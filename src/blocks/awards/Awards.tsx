import { useCopy } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';
import '../widget/classes.css';

/** Stars for a rating out of 5: full, half and empty (drawn, the text says the number). */
export function stars(rating: number): string {
  const full = Math.floor(rating);
  const half = rating - full >= 0.5 ? 1 : 0;
  return '★'.repeat(full) + (half ? '⯪' : '') + '☆'.repeat(Math.max(0, 5 - full - half));
}

/** The awards block: award, stats, rating; media logos on the free-class landing. */
export default function Awards({ block }: BlockProps<'awards'>) {
  const t = useCopy();
  return (
    <section id={block.id} className="awards">
      <h2 className="block-title">{t(block.title)}</h2>
      {block.award && <p className="awards__award">{t(block.award)}</p>}
      {block.stats && (
        <ul className="awards__stats">
          {block.stats.map((s) => (
            <li key={s.value} className="awards__stat">
              <strong className="awards__value">{t(s.value)}</strong> <span>{t(s.text)}</span>
            </li>
          ))}
        </ul>
      )}
      {block.rating && (
        <p className="awards__rating">
          <span className="awards__stars" aria-hidden="true">
            {stars(block.rating.value)}
          </span>{' '}
          <span>{t(block.rating.text, { rating: String(block.rating.value) })}</span>
        </p>
      )}
      {block.media && (
        <div className="awards__media">
          <h3 className="awards__media-title">{t(block.media.title)}</h3>
          <ul className="awards__logos">
            {block.media.names.map((n) => (
              <li key={n} className="awards__logo">
                {t(n)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
