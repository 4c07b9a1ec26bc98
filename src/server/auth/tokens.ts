/**
 * Secret tokens (session tokens, password-reset tokens): 32 bytes from the CSPRNG, base64url
 * on the wire, and only their SHA-256 (hex) in the database — a copy of the database does not let
 * anyone act as a parent. SHA-256 without salt is enough here: the tokens carry 256 bits of
 * randomness, so there is nothing to guess.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
