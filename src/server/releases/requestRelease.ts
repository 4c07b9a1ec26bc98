import type { IncomingHttpHeaders } from 'node:http';
import { RELEASE_HEADER } from '../../contract/releases.ts';

const RELEASE_ID = /^[1-9][0-9]{0,15}$/;

/** The release a request's page was on (its X-Release header), or null when it names none (or not a release id). */
export function releaseIdOf(headers: IncomingHttpHeaders): number | null {
  const value = headers[RELEASE_HEADER.toLowerCase()];
  return typeof value === 'string' && RELEASE_ID.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}
