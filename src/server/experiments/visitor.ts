/** The visitor id: the `experimentId` cookie the browser keeps (src/adapters/flags/flags.ts `visitorId`). */
import { parseCookies } from '../../browser/storage.ts';
import { EXPERIMENT_ID_COOKIE } from '../../browser/storageKeys.ts';

/** A UUID or any similar id; anything else is no visitor id. */
const VISITOR_ID = /^[A-Za-z0-9_-]{8,100}$/;

export function visitorIdOf(cookieHeader: string | undefined): string | null {
  const id = parseCookies(cookieHeader ?? '')[EXPERIMENT_ID_COOKIE];
  return id && VISITOR_ID.test(id) ? id : null;
}
