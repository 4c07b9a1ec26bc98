/**
 * New codes: a kind's prefix followed by random characters from a CSPRNG, drawn from an
 * alphabet without look-alikes (no 0/O, 1/I/L), 16 characters in all, so every kind prints as
 * four blocks of four (`CSCP-7KQ2-M9XH-D4TA`). 12 or more random characters ≥ 59 bits: not
 * guessable, even before rate limits.
 */
import { randomInt } from 'node:crypto';
import { CODE_PREFIXES } from '../../domain/codes.ts';
import type { CodeKind } from '../db/types.ts';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 16;

/** One new canonical code of `kind` (upper case, no dashes). */
export function generateCode(kind: CodeKind): string {
  const prefix = CODE_PREFIXES[kind];
  for (;;) {
    let code = prefix;
    while (code.length < CODE_LENGTH) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    // A coupon that happened to read like a comp (CSCP…) would confuse whoever reads it.
    if (kind === 'coupon' && code.startsWith(CODE_PREFIXES.comp)) continue;
    return code;
  }
}
