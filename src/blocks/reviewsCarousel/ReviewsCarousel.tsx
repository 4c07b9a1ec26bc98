import { useEffect, useId, useState } from 'react';
import { useCopy } from '../../runtime/context.tsx';
import type { BlockProps } from '../types.ts';
import '../widget/classes.css';

export const DEFAULT_AUTOPLAY_MS = 2000;

/** The reviews carousel: autoplay every 2000 ms, pause / play, previous / next. */
export default function ReviewsCarousel({ block }: BlockProps<'reviewsCarousel'>) {
  const t = useCopy();
  const uid = useId();
  const count = block.items.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const every = block.autoplayMs ?? DEFAULT_AUTOPLAY_MS;

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), every);
    return () => clearInterval(timer);
  }, [playing, held, count, every]);

  const item = block.items[index]!;
  const titleId = `${uid}-title`;
  return (
    <section
      id={block.id}
      className="reviews"
      aria-roledescription="carousel"
      aria-labelledby={titleId}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <h2 id={titleId} className="block-title">
        {t(block.title)}
      </h2>
      <div className="reviews__controls">
        <button type="button" className="button button--secondary reviews__toggle" onClick={() => setPlaying((p) => !p)}>
          {t(playing ? block.controls.pause : block.controls.play)}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setIndex((i) => (i - 1 + count) % count)}>
          {t(block.controls.previous)}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setIndex((i) => (i + 1) % count)}>
          {t(block.controls.next)}
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel slide is a role group div (ARIA carousel pattern), not a fieldset */}
      <div
        className="reviews__slide"
        role="group"
        aria-roledescription="slide"
        aria-label={t(block.controls.position, { n: String(index + 1), count: String(count) })}
        aria-live={playing && !held ? 'off' : 'polite'}
      >
        <blockquote className="reviews__quote">
          <p>{t(item.quote)}</p>
          <footer className="reviews__author">{t(item.author)}</footer>
        </blockquote>
      </div>
    </section>
  );
}
