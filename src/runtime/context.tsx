import { createContext, useContext, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { Observable } from '../browser/store.ts';
import { intlLocale } from '../domain/locale.ts';
import type { Facts } from '../language/evaluate/facts.ts';
import type { ActionScope } from './actions.ts';
import type { Translate } from './copy.ts';
import type { Runtime } from './runtime.ts';

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const rt = useContext(RuntimeContext);
  if (!rt) throw new Error('useRuntime outside <RuntimeContext>');
  return rt;
}

export function useObservable<T>(o: Observable<T>): T {
  return useSyncExternalStore(o.subscribe, o.get, o.get);
}

/** The copy of the current language; components re-render when it changes. */
export function useCopy(): Translate {
  return useObservable(useRuntime().copy.t);
}

/** The locale for Intl's number and date formats in the current language (src/domain/locale.ts). */
export function useIntlLocale(): string {
  useCopy();
  return intlLocale(useRuntime().copy.locale());
}

/** Is the page in the language the catalog's offer titles are written in (the source language, en)? */
export function useCatalogLanguage(): boolean {
  useCopy();
  const rt = useRuntime();
  return rt.copy.locale() === rt.config.app.defaultLocale;
}

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and while the browser hydrates a server-rendered page, true once the page
 * is the app's: a control whose click needs the app's code (a form's submit) stays disabled until
 * then, so a parent who is quicker than the scripts is not lost (no native submit of the form).
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** The screen a block belongs to: its actions are dropped when the parent leaves it. */
export const ScreenSignal = createContext<AbortSignal | undefined>(undefined);

/** Facts as of now; re-renders when client state, the session, customer details or the location change. */
export function useFacts(scope?: ActionScope): Facts {
  const rt = useRuntime();
  useObservable(rt.state);
  useObservable(rt.auth.session);
  useObservable(rt.customer);
  useLocation();
  return rt.facts(scope);
}
