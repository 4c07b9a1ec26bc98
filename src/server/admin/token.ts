/**
 * The admin token: a random secret the server writes to `$DATA_DIR/admin-token` (mode 0600) at
 * every start. The codes and catalog CLIs read it to call the server's admin endpoints on
 * loopback; whoever can read the data folder can already open the database.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const adminTokenPath = (dataDir: string) => path.join(dataDir, 'admin-token');

export function writeAdminToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  writeFileSync(adminTokenPath(dataDir), `${token}\n`, { mode: 0o600 });
  return token;
}

export function readAdminToken(dataDir: string): string | null {
  try {
    return readFileSync(adminTokenPath(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Constant-time comparison (of digests, so lengths never leak either). */
export function tokensMatch(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
