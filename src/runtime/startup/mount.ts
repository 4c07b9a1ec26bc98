import type { ReactNode } from 'react';
import type { PageState } from '../../ssr/pageState.ts';

/** The page state, if the server rendered this very address. */
export function renderedHere(state: PageState | null, location: Pick<Location, 'pathname' | 'search'>): PageState | null {
  return state && state.path === location.pathname && state.search === location.search ? state : null;
}

/** What the browser sees of the visitor once the runtime is made. */
export interface BrowserView {
  path: string;
  search: string;
  loggedIn: boolean;
  locale: string;
  flags: Record<string, string>;
  clientState: unknown;
}

/**
 * Does the browser see the visitor as the server did (no session, same language, variants and client state)? The
 * device may differ (the server guesses it): components reading it hydrate with the server's guess
 * (`mobileAsRendered`), then follow the screen.
 */
export function sameView(rendered: PageState, view: BrowserView): boolean {
  return (
    view.path === rendered.path &&
    view.search === rendered.search &&
    !view.loggedIn &&
    view.locale === rendered.locale &&
    JSON.stringify(view.flags) === JSON.stringify(rendered.flags.values) &&
    JSON.stringify(view.clientState) === JSON.stringify(rendered.clientState)
  );
}

export interface Renderers {
  startTransition(work: () => void): void;
  hydrateRoot(root: HTMLElement, tree: ReactNode, options: { onRecoverableError: (error: unknown) => void }): unknown;
  createRoot(root: HTMLElement): { render(tree: ReactNode): void };
}

/**
 * The server's HTML is kept (hydrated) when the browser sees the visitor as the server did; otherwise it is drawn
 * again here. `data-render` on the root says which (the browser tests read it). Either is a transition: React renders
 * it in slices of a few milliseconds, not in one long task (docs/performance.md).
 */
export function mount(root: HTMLElement, tree: ReactNode, hydrate: boolean, renderers: Renderers): 'hydrated' | 'browser' {
  const how = hydrate ? 'hydrated' : 'browser';
  root.dataset.render = how;
  renderers.startTransition(() => {
    if (hydrate)
      renderers.hydrateRoot(root, tree, {
        onRecoverableError: (error) => console.warn('[funnel] the page differed from the server-rendered one and was drawn again', error),
      });
    else renderers.createRoot(root).render(tree);
  });
  return how;
}
