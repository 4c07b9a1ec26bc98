/**
 * Everything the server reads from the environment, read once and checked, so that a typo in
 * a variable fails at start with a sentence instead of later with a stack trace.
 */
import path from 'node:path';

export interface ServerEnv {
  port: number;
  host: string;
  /** Where the embedded database and other files live. */
  dataDir: string;
  /** The built browser app (Vite's outDir). */
  distDir: string;
  /** PostgreSQL instead of the embedded database, when set. */
  databaseUrl: string | null;
  /** Variants the remote flag provider answers: `{"unifiedLogin":"on"}`. */
  flagOverrides: Record<string, string>;
  captchaProvider: string;
  paymentAdapter: string;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readServerEnv(env: Env = process.env, cwd = process.cwd()): ServerEnv {
  return {
    port: readPort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || '.data'),
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist/client'),
    databaseUrl: env.DATABASE_URL || null,
    flagOverrides: readFlagOverrides(env.FLAG_OVERRIDES),
    captchaProvider: env.CAPTCHA_PROVIDER || 'local',
    paymentAdapter: env.PAYMENT_ADAPTER || 'sandbox',
  };
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number (0-65535); it is '${value}'.`);
  return port;
}

export function readFlagOverrides(value: string | undefined): Record<string, string> {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError(`FLAG_OVERRIDES must be JSON like {"unifiedLogin":"on"}; it is '${value}'.`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === 'string'))
    throw new ConfigError(`FLAG_OVERRIDES must map flag names to variant names, like {"unifiedLogin":"on"}; it is '${value}'.`);
  return parsed as Record<string, string>;
}
