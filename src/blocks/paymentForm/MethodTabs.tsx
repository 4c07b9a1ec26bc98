import type { ReactNode } from 'react';
import type { FormText, PartId } from './setup.ts';
import type { MethodTab, MethodTabs as Tabs } from './useMethodTabs.ts';

const tabs: readonly MethodTab[] = ['card', 'other'];

/** 'Pay by Credit Card' / 'Other Payment Options' as tabs, each with its panel. */
export function MethodTabs({ state, tx, id, card, other }: { state: Tabs; tx: FormText; id: PartId; card: ReactNode; other: ReactNode }) {
  return (
    <>
      <div role="tablist" className="payment__tabs">
        {tabs.map((which) => (
          <button
            key={which}
            id={id(`tab-${which}`)}
            type="button"
            role="tab"
            className="payment__tab"
            aria-selected={state.tab === which}
            aria-controls={id(`panel-${which}`)}
            tabIndex={state.tab === which ? 0 : -1}
            onClick={() => state.select(which)}
            onKeyDown={state.onKeyDown}
          >
            {tx(which === 'card' ? 'cardTab' : 'otherTab')}
          </button>
        ))}
      </div>
      <div id={id('panel-card')} role="tabpanel" aria-labelledby={id('tab-card')} hidden={state.tab !== 'card'} className="payment__panel">
        {card}
      </div>
      <div
        id={id('panel-other')}
        role="tabpanel"
        aria-labelledby={id('tab-other')}
        hidden={state.tab !== 'other'}
        className="payment__panel"
      >
        {other}
      </div>
    </>
  );
}
