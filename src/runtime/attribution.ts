import { type KeyValueStorage, readJson, writeJson } from '../browser/storage.ts';
import { FIRST_TOUCH_KEY } from '../browser/storageKeys.ts';
import { UTM_VALUE_MAX_LENGTH } from '../contract/limits.ts';
import { safeTextOf } from '../contract/safeText.ts';
import { attributionParams } from '../domain/sessionKeys.ts';

export type Attribution = Record<string, string>;
export const LAST_TOUCH_KEY = 'utmParamsObject';

/**
 * An attribution value as the backend takes it: links from ads and emails may carry anything
 * (`?utm_source=%00spring`), and a value the contract refuses would refuse the parent's signup
 * and purchase with it. Control characters go, and the value is cut to the contract's length.
 */
const attributionValue = (value: string) => safeTextOf(value).slice(0, UTM_VALUE_MAX_LENGTH);

/** The attribution parameters (utm_*, iterable_*) of a query string; null when it has none. */
export function attributionFrom(search: string): Attribution | null {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const name of attributionParams) {
    const v = params.get(name);
    const value = v === null ? '' : attributionValue(v);
    if (value !== '') found[name] = value;
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
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  // Stored by an earlier version, maybe with what the contract refuses.
  const stored = Object.entries(v).flatMap(([name, value]) =>
    typeof value === 'string' && attributionValue(value) !== '' ? [[name, attributionValue(value)] as const] : [],
  );
  return stored.length > 0 ? Object.fromEntries(stored) : null;
}
