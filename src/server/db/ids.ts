/** Ids of rows: random, URL-safe, 16 characters (96 bits). */
import { randomBytes } from 'node:crypto';

export function newId(): string {
  return randomBytes(12).toString('base64url');
}
