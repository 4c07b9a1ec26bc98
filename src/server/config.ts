/**
 * Everything the server reads from the environment, read once and checked, so that a typo in
 * a variable fails at start with a sentence instead of later with a stack trace.
 */
import path from 'node:path';
import type { PaymentGatewaySettings } from './payments/createGateway.ts';

export interface ServerEnv {
  port: number;
  host: string;
  /** Where the embedded database and other files live. */
  dataDir: string;
  /** The built browser app (Vite's outDir). */
  distDir: string;
  /** PostgreSQL instead of the embedded database, when set. */
  databaseUrl: string | null;
  /** Where the funnels and the plan catalog (catalog.yaml) are (FUNNELS_DIR). */
  funnelsDir: string;
  /** Where the copy is (COPY_DIR): the server reads its emails' texts there. */
  copyDir: string;
  /**
   * Demo codes (DEMO_CODES): on → seeded into a new database; off → never seeded, and unredeemed
   * ones left by an earlier run removed at start. Unset: on for the embedded database outside
   * production, off on PostgreSQL or with NODE_ENV=production.
   */
  demoCodes: boolean;
  /** Variants the remote flag provider answers: `{"unifiedLogin":"on"}`. */
  flagOverrides: Record<string, string>;
  captchaProvider: string;
  /** The payment gateway (PAYMENT_GATEWAY, BRAINTREE_*); the browser's payment adapter follows it. */
  paymentGateway: PaymentGatewaySettings;
  /** Accounts, sessions, rate limits, captcha, outbox (docs/operator.md "Accounts and security"). */
  backend: BackendEnv;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client address (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
}

export interface BackendEnv {
  /** NODE_ENV: production hides development conveniences (the reset link in the log). */
  environment: 'development' | 'test' | 'production';
  /** PUBLIC_URL: the site's address, for links in emails. */
  publicUrl: string;
  sessionIdleDays: number;
  sessionMaxDays: number;
  captcha: { provider: 'local' | 'recaptcha'; recaptchaSecret: string | null; recaptchaMinScore: number };
  /** RECAPTCHA_SITE_KEY, handed to the browser by /api/client-config. */
  recaptchaSiteKey: string | null;
  signupCaptcha: 'required' | 'optional';
  geoCountryHeader: string | null;
  redisUrl: string | null;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readServerEnv(env: Env = process.env, cwd = process.cwd()): ServerEnv {
  requireExplicitProviders(env);
  return {
    port: readPort(env.PORT),
    host: env.HOST || '0.0.0.0',
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist/client'),
    copyDir: path.resolve(cwd, env.COPY_DIR || 'copy'),
    ...readDatabaseEnv(env, cwd),
    flagOverrides: readFlagOverrides(env.FLAG_OVERRIDES),
    captchaProvider: env.CAPTCHA_PROVIDER || 'local',
    paymentGateway: readPaymentsEnv(env),
    backend: readBackendEnv(env),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
}

/** What the database and the operators' CLIs need: DATA_DIR, DATABASE_URL, FUNNELS_DIR, DEMO_CODES. */
export function readDatabaseEnv(
  env: Env = process.env,
  cwd = process.cwd(),
): Pick<ServerEnv, 'dataDir' | 'databaseUrl' | 'funnelsDir' | 'demoCodes'> {
  const databaseUrl = env.DATABASE_URL || null;
  const demo = (env.DEMO_CODES ?? '').trim().toLowerCase();
  if (!['', 'on', 'off', '1', '0', 'true', 'false'].includes(demo))
    throw new ConfigError(`DEMO_CODES must be 'on' or 'off'; it is '${env.DEMO_CODES}'.`);
  return {
    dataDir: path.resolve(cwd, env.DATA_DIR || '.data'),
    databaseUrl,
    funnelsDir: path.resolve(cwd, env.FUNNELS_DIR || 'funnels'),
    // Their values are public (README): only an explicit DEMO_CODES=on puts them in production.
    demoCodes: demo === '' ? databaseUrl === null && env.NODE_ENV !== 'production' : ['on', '1', 'true'].includes(demo),
  };
}

export function readBackendEnv(env: Env): BackendEnv {
  const provider = env.CAPTCHA_PROVIDER || 'local';
  if (provider !== 'local' && provider !== 'recaptcha')
    throw new ConfigError(`CAPTCHA_PROVIDER must be 'local' or 'recaptcha'; it is '${provider}'.`);
  const recaptchaSecret = env.RECAPTCHA_SECRET || null;
  if (provider === 'recaptcha' && !recaptchaSecret)
    throw new ConfigError('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SECRET (the reCAPTCHA v3 secret key).');
  const signupCaptcha = env.CAPTCHA_ON_SIGNUP || 'required';
  if (signupCaptcha !== 'required' && signupCaptcha !== 'optional')
    throw new ConfigError(`CAPTCHA_ON_SIGNUP must be 'required' or 'optional'; it is '${signupCaptcha}'.`);
  const environment = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const publicUrl = env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`;
  if (!/^https?:\/\/[^/]+/.test(publicUrl))
    throw new ConfigError(`PUBLIC_URL must be the site's address, like https://subscribe.example.com; it is '${publicUrl}'.`);
  return {
    environment,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    sessionIdleDays: readNumber('SESSION_IDLE_DAYS', env.SESSION_IDLE_DAYS, 30, 1, 3650),
    sessionMaxDays: readNumber('SESSION_MAX_DAYS', env.SESSION_MAX_DAYS, 365, 1, 3650),
    captcha: { provider, recaptchaSecret, recaptchaMinScore: readNumber('RECAPTCHA_MIN_SCORE', env.RECAPTCHA_MIN_SCORE, 0.5, 0, 1) },
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || null,
    signupCaptcha,
    geoCountryHeader: env.GEO_COUNTRY_HEADER?.trim().toLowerCase() || null,
    redisUrl: env.REDIS_URL || null,
  };
}

// Test providers in production (docs/operator.md "Production") ---------------------------

/** The settings whose default is a test provider, what that default lets through, and what production uses instead. */
const TEST_PROVIDERS = {
  PAYMENT_GATEWAY: { test: 'sandbox', risk: 'test cards buy plans', fix: 'PAYMENT_GATEWAY=braintree with the BRAINTREE_* keys' },
  CAPTCHA_PROVIDER: { test: 'local', risk: 'the captcha is a fixed string', fix: 'CAPTCHA_PROVIDER=recaptcha with RECAPTCHA_SECRET' },
} as const;
type ProviderSetting = keyof typeof TEST_PROVIDERS;

/**
 * With NODE_ENV=production, PAYMENT_GATEWAY and CAPTCHA_PROVIDER must be set: their defaults are
 * the test providers, which a production server must never take silently. A test provider named
 * explicitly starts, with a warning (`testProviderWarnings`).
 */
export function requireExplicitProviders(env: Env, names: readonly ProviderSetting[] = ['PAYMENT_GATEWAY', 'CAPTCHA_PROVIDER']): void {
  if (env.NODE_ENV !== 'production') return;
  const unset = names.filter((name) => !env[name]?.trim());
  if (unset.length === 0) return;
  const defaults = unset.map((name) => `${name}=${TEST_PROVIDERS[name].test}`).join(' and ');
  throw new ConfigError(
    `NODE_ENV=production needs ${unset.join(' and ')} set. Unset, the server would run on ${defaults}, ` +
      `meant for tests: ${unset.map((name) => TEST_PROVIDERS[name].risk).join(', ')}. ` +
      `Set ${unset.map((name) => TEST_PROVIDERS[name].fix).join(', and ')}; for a test deployment, name ${defaults} explicitly.`,
  );
}

/**
 * What a production server running a test provider says in its log at start and in /healthz:
 * one sentence per provider, starting with the setting (none outside production).
 */
export function testProviderWarnings(o: { environment: string; paymentGateway: string; captchaProvider: string }): string[] {
  if (o.environment !== 'production') return [];
  const warnings: string[] = [];
  if (o.paymentGateway === 'sandbox')
    warnings.push('PAYMENT_GATEWAY=sandbox: payments run on the sandbox gateway; test cards buy plans and no money moves.');
  if (o.captchaProvider === 'local')
    warnings.push("CAPTCHA_PROVIDER=local: the captcha accepts the browser's fixed local token; it stops no bot.");
  return warnings;
}

// Payments (docs/payments.md) -------------------------------------------------------------

/**
 * PAYMENT_GATEWAY: `sandbox` (the default outside production; NODE_ENV=production needs it
 * set) or `braintree`, which needs BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and
 * BRAINTREE_PRIVATE_KEY (BRAINTREE_ENVIRONMENT: `sandbox`, the default, or `production`).
 * The browser's payment adapter is the gateway's: PAYMENT_ADAPTER is gone, and a value that
 * contradicts PAYMENT_GATEWAY is refused rather than ignored.
 */
export function readPaymentsEnv(env: Env = process.env): PaymentGatewaySettings {
  requireExplicitProviders(env, ['PAYMENT_GATEWAY']);
  const kind = (env.PAYMENT_GATEWAY ?? '').trim() || 'sandbox';
  if (kind !== 'sandbox' && kind !== 'braintree')
    throw new ConfigError(`PAYMENT_GATEWAY must be 'sandbox' or 'braintree'; it is '${env.PAYMENT_GATEWAY}'.`);
  const adapter = env.PAYMENT_ADAPTER?.trim();
  if (adapter && adapter !== kind)
    throw new ConfigError(
      `PAYMENT_ADAPTER=${adapter} contradicts PAYMENT_GATEWAY=${kind}: ` +
        "the browser's payment adapter now follows PAYMENT_GATEWAY. Remove PAYMENT_ADAPTER.",
    );
  if (kind === 'sandbox') return { kind };

  const environment = (env.BRAINTREE_ENVIRONMENT ?? '').trim() || 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production')
    throw new ConfigError(`BRAINTREE_ENVIRONMENT must be 'sandbox' or 'production'; it is '${env.BRAINTREE_ENVIRONMENT}'.`);
  const names = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const;
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0)
    throw new ConfigError(
      `PAYMENT_GATEWAY=braintree needs ${missing.join(', ')} (the API keys of the Braintree control panel: Settings → API). ` +
        'Or set PAYMENT_GATEWAY=sandbox.',
    );
  return {
    kind,
    braintree: {
      environment,
      merchantId: env.BRAINTREE_MERCHANT_ID!.trim(),
      publicKey: env.BRAINTREE_PUBLIC_KEY!.trim(),
      privateKey: env.BRAINTREE_PRIVATE_KEY!.trim(),
    },
  };
}

function readNumber(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name} must be a number from ${min} to ${max}; it is '${value}'.`);
  return n;
}

/** TRUST_PROXY: unset/false → none; true; a hop count (1); or addresses/CIDRs, comma-separated. */
export function readTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
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
