import type { ReactNode } from 'react';
import type { FormText, PartId } from './setup.ts';

/** The card form under its title, the other ways to pay (if any) under theirs. */
export function MethodSections({ tx, id, card, other }: { tx: FormText; id: PartId; card: ReactNode; other: ReactNode }) {
  return (
    <>
      <h2 id={id('card-title')} className="payment__title" tabIndex={-1}>
        {tx('cardTab')}
      </h2>
      {card}
      {other && (
        <>
          <h2 className="payment__title">{tx('otherTab')}</h2>
          {other}
        </>
      )}
    </>
  );
}
