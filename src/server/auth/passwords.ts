/**
 * Password hashing with scrypt (node:crypto), OWASP ASVS parameters by default:
 * N = 2^17, r = 8, p = 1, a 32-byte random salt, a 32-byte key.
 *
 * The stored form carries its parameters, PHC style:
 *   $scrypt$ln=17,r=8,p=1$<salt base64>$<key base64>
 * so the cost can be raised later: `verify` uses the parameters stored with each hash, and
 * `needsRehash` tells the login to store a new hash (at the current cost) once the password
 * is known to be right. Comparison is constant-time (crypto.timingSafeEqual).
 */
import { randomBytes, type ScryptOptions, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  /** log2 of N, the CPU/memory cost (17 → N = 131072). */
  log2N: number;
  r: number;
  p: number;
}

/** OWASP ASVS: N = 2^17 (128 MiB per hash), r = 8, p = 1. */
export const DEFAULT_SCRYPT: ScryptParams = { log2N: 17, r: 8, p: 1 };
const SALT_BYTES = 32;
const KEY_BYTES = 32;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.log2N;
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below the ASVS cost.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function encode(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return `$scrypt$ln=${params.log2N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function parse(stored: string): Parsed | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  const params = { log2N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.log2N < 1 || params.log2N > 22 || params.r < 1 || params.p < 1) return null;
  return { params, salt: Buffer.from(m[4]!, 'base64'), key: Buffer.from(m[5]!, 'base64') };
}

export interface PasswordHasher {
  readonly params: ScryptParams;
  hash(password: string): Promise<string>;
  /** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
  verify(password: string, stored: string | null): Promise<boolean>;
  /** True when `stored` was made with weaker parameters than the current ones. */
  needsRehash(stored: string): boolean;
}

/**
 * `params` defaults to the ASVS cost; tests pass a lower one (the parameters travel with each
 * hash, so both verify alike).
 */
export function createPasswordHasher(params: ScryptParams = DEFAULT_SCRYPT): PasswordHasher {
  let dummy: Promise<string> | undefined;
  return {
    params,
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      return encode(params, salt, await scrypt(password, salt, params));
    },
    async verify(password, stored) {
      const parsed = stored ? parse(stored) : null;
      if (!parsed) {
        // No account (or an unreadable hash): spend the same time as a real check, so the
        // answer's timing does not tell whether the account exists.
        dummy ??= this.hash('not-a-password');
        const d = parse(await dummy)!;
        await scrypt(password, d.salt, d.params);
        return false;
      }
      const key = await scrypt(password, parsed.salt, parsed.params);
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      if (!parsed) return true;
      const p = parsed.params;
      return p.log2N < params.log2N || p.r < params.r || p.p < params.p || parsed.salt.length < SALT_BYTES;
    },
  };
}
