import { attributionParams } from '../domain/sessionKeys.ts';
import { FIRST_TOUCH_KEY } from './storageKeys.ts';
import { readJson, writeJson, type KeyValueStorage } from './browserStorage.ts';

export type Attribution = Record<string, string>;
export const LAST_TOUCH_KEY = 'utmParamsObject';

/** The attribution parameters (utm_*, iterable_*) of a query string; null when it has none. */
export function attributionFrom(search: string): Attribution | null {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const name of attributionParams) {
    const v = params.get(name);
    if (v !== null && v !== '') found[name] = v;
  }
  return Object.keys(found).length ? found : null;
}

/**
 * On every load: an address with attribution parameters becomes the last touch (session
 * storage `utmParamsObject`), and the first touch (localStorage) when none is stored yet.
 */
export function captureAttribution(search: string, session: KeyValueStorage, local: KeyValueStorage): void {
  const found = attributionFrom(search);
  if (!found) return;
  writeJson(session, LAST_TOUCH_KEY, found);
  if (local.getItem(FIRST_TOUCH_KEY) === null) writeJson(local, FIRST_TOUCH_KEY, found);
}

export function readAttribution(touch: 'lastTouch' | 'firstTouch', session: KeyValueStorage, local: KeyValueStorage): Attribution | null {
  const v = touch === 'lastTouch' ? readJson(session, LAST_TOUCH_KEY) : readJson(local, FIRST_TOUCH_KEY);
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Attribution) : null;
}
