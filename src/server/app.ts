/**
 * The Fastify app: the backend calls under /api and the built browser app around them.
 * `buildServer` registers plugins and wires the backend on the database it is given (or opens
 * and migrates the one of `dataDir`); tests `inject` into it and the Vite dev server mounts it
 * (without `distDir`) for `npm run dev`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_PREFIX } from '../contract/wire.ts';
import { parseRestRoutes } from './accounts/parseRest.ts';
import { adminPages } from './adminPages/routes.ts';
import { refuseUnsafeQuery } from './apiInput.ts';
import { withRedaction } from './auth/redaction.ts';
import { type Backend, type BackendOverrides, type BackendSettings, createBackend, defaultBackendSettings } from './backend.ts';
import { ConfigError, readDatabaseEnv, testProviderWarnings } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import type { Database } from './db/types.ts';
import type { EmailTexts } from './email/texts.ts';
import { answerError, newRequestId } from './errorAnswers.ts';
import { conversionRecorder } from './experiments/conversions.ts';
import { experimentRoutes } from './experiments/routes.ts';
import { functionRoutes, useParseWireFormat } from './functions.ts';
import { lazyChildLoggerFactory } from './logging.ts';
import { loadAppPages } from './pages/appPages.ts';
import { braintreeWebhookRoutes } from './payments/webhook.ts';
import { checkoutReleaseSource } from './releases/checkoutSource.ts';
import { type CompiledReleases, compiledReleases, ReleaseCheckError } from './releases/compiled.ts';
import { releaseFileRoutes } from './releases/fileRoutes.ts';
import { releasePreviews } from './releases/previews.ts';
import type { ReleaseSource } from './releases/source.ts';
import { helmetOptionsFor, securityHeaders } from './security.ts';
import { isApiPath, REVALIDATE, staticOptions, wantsAppShell } from './static.ts';
import { studioApi } from './studio/routes.ts';
import { STUDIO_API_PREFIX } from './studio/wire.ts';

export interface BuildServerOptions {
  /** The built app (Vite's outDir). Omitted in `npm run dev`, where Vite serves the app. */
  distDir?: string | null;
  /** Where the backend keeps its files (the embedded database). */
  dataDir: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * The database, opened (and prepared) by the caller, who also closes it. Without it the server
   * opens the one of `dataDir` / `databaseUrl`, prepares it (migrations, catalog import) and
   * closes it with the server.
   */
  db?: Kysely<Database>;
  /** PostgreSQL instead of the embedded database under `dataDir` (when `db` is not given). */
  databaseUrl?: string | null;
  /** Accounts, sessions, rate limits, captcha, outbox (from the environment: config.ts `readBackendEnv`). */
  backend?: Partial<BackendSettings>;
  /** Tests: cheaper password hashing, fake HTTP boundaries, single handlers replaced... */
  overrides?: BackendOverrides;
  /** Fastify's trustProxy (TRUST_PROXY): the load balancer whose X-Forwarded-For gives the client address. */
  trustProxy?: boolean | number | string[];
  /** The reCAPTCHA v3 site key the browser uses (RECAPTCHA_SITE_KEY). */
  recaptchaSiteKey?: string | null;
  /**
   * The checkout's funnel files: its release when no `releases` is given, and the report's
   * experiments (default: FUNNELS_DIR, else funnels/).
   */
  funnelsDir?: string;
  /** The checkout's copy: part of its release when no `releases` is given (default: COPY_DIR, else copy/). */
  copyDir?: string;
  /**
   * Where the releases the server serves come from (src/server/releases/source.ts): the pages, the
   * flags `GET /api/flags` evaluates, the screens events may name, the emails' texts. Default: the
   * checkout's `funnelsDir` and `copyDir` as one release (read again after a change when no
   * `distDir` is served: `npm run dev`).
   */
  releases?: ReleaseSource;
  /** Variants `GET /api/flags` forces for everyone (env FLAG_OVERRIDES; none by default). */
  flagOverrides?: Record<string, string>;
  /** What `GET /api/client-config` names (env CAPTCHA_PROVIDER; the payment adapter is `backend.paymentGateway`'s kind). */
  captchaProvider?: string;
}

/** Request bodies above this are refused (413): no call needs more. */
export const BODY_LIMIT_BYTES = 32 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The backend's parts (handlers, sessions, rate limits, outbox), for tests and scripts. */
    backend: Backend;
  }
}

/** A hop count becomes Fastify's function form (its types do not take the number). */
const trustProxyOption = (value: BuildServerOptions['trustProxy']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : (value ?? false);

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const distDir = options.distDir ? path.resolve(options.distDir) : null;
  if (distDir && !existsSync(path.join(distDir, 'index.html')))
    throw new ConfigError(
      `The built app is missing: ${path.join(distDir, 'index.html')} does not exist. ` +
        `Run \`npm run build\` (or \`npm start\`, which builds when needed).`,
    );

  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    // request.log is made when something is logged (logging.ts): most requests log nothing.
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(options.trustProxy),
    genReqId: newRequestId,
    // A malformed address answers like any other unreadable request (errorAnswers.ts).
    frameworkErrors: answerError,
  });
  // Every failure of every route, plugins included: a CallError's code, 4xx for what Fastify could not read, else one generic 500.
  app.setErrorHandler(answerError);
  app.addHook('onRequest', refuseUnsafeQuery);
  const flags = options.flagOverrides ?? {};
  const funnelsDir = options.funnelsDir ?? readDatabaseEnv().funnelsDir;
  const captchaProvider = options.backend?.captcha?.provider ?? options.captchaProvider ?? 'local';
  const copyDir = options.copyDir ?? path.resolve(process.env.COPY_DIR || 'copy');
  const settings: BackendSettings = { ...defaultBackendSettings, copyDir, funnelsDir, ...options.backend };
  const releases = compiledReleases(
    options.releases ?? checkoutReleaseSource(process.cwd(), funnelsDir, copyDir, distDir ? {} : { followChangesMs: 1000 }),
    { log: app.log },
  );
  try {
    await releases.live();
  } catch (error) {
    releases.close();
    await app.close();
    if (error instanceof ReleaseCheckError) throw new ConfigError(error.message);
    throw error;
  }
  app.addHook('onClose', async () => releases.close());
  const previews = releasePreviews({ releases, production: settings.environment === 'production' });
  const previewOf = async (request: FastifyRequest) => (await previews.draftOf(request))?.id ?? null;
  const inPreview = async (request: FastifyRequest) => (await previewOf(request)) !== null;
  const clientConfig = {
    captcha: {
      provider: captchaProvider,
      ...(captchaProvider === 'recaptcha' && options.recaptchaSiteKey ? { siteKey: options.recaptchaSiteKey } : {}),
    },
    // The browser's payment adapter is the server's gateway: braintree-web for Braintree, our own fields for the sandbox.
    payments: { adapter: settings.paymentGateway.kind },
  };
  let backend: Backend;
  let ownDatabase: DatabaseHandle | null = null;
  let db: Kysely<Database>;
  try {
    if (options.db) db = options.db;
    else {
      ownDatabase = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl ?? null });
      await prepareDatabase(ownDatabase.db, { funnelsDir, demoCodes: readDatabaseEnv().demoCodes });
      db = ownDatabase.db;
    }
    backend = await createBackend(db, settings, app.log, options.overrides, { emailTexts: liveEmailTexts(releases) });
  } catch (error) {
    await ownDatabase?.close();
    await app.close();
    throw error;
  }
  app.decorate('backend', backend);
  if (settings.environment === 'production' && !options.trustProxy)
    app.log.warn(
      'TRUST_PROXY is not set: behind a load balancer every parent shares its address, ' +
        'and the per-address rate limits with it (docs/operator.md).',
    );
  // A test provider named explicitly in production (an unset one stops the start: config.ts).
  const warnings = testProviderWarnings({
    environment: settings.environment,
    paymentGateway: settings.paymentGateway.kind,
    captchaProvider: settings.captcha.provider,
  });
  for (const warning of warnings) app.log.warn(warning);
  app.addHook('onReady', async () => backend.start());
  // The backend stops (outbox loop, Redis) before a database the server opened itself closes.
  app.addHook('onClose', async () => {
    await backend.close();
    await ownDatabase?.close();
  });

  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  // @fastify/helmet's headers, worked out once (security.ts `securityHeaders`): the same on every response.
  const headers = await securityHeaders(helmetOptionsFor(settings.paymentGateway.kind));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Answers once the plugins are loaded and (through start/main) the migrations have run:
  // the server only listens after both. A production server on a test provider says so.
  const health = warnings.length > 0 ? { status: 'ok', warnings } : { status: 'ok' };
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return health;
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      // The flag service (the runtime's remote provider) and the experiments report's events.
      await api.register(experimentRoutes, {
        db,
        // The release the page named, a draft only to its own preview; else the live one.
        release: async (id, request) =>
          (id === null || !(await previews.mayServe(request, id)) ? undefined : await releases.byId(id)) ?? releases.current(),
        inPreview,
        forced: flags,
        rateLimiter: backend.rateLimiter,
      });
      // Which browser adapters to use: real captcha/payment providers or the local ones.
      // A preview's checkout runs on the sandbox whatever the live gateway (src/server/payments/previewPayments.ts).
      const previewClientConfig = { ...clientConfig, payments: { adapter: 'sandbox' } };
      api.get('/client-config', async (request) => ((await inPreview(request)) ? previewClientConfig : clientConfig));
      // Parse's wire format: the cloud functions and the legacy REST routes for users.
      await api.register(async (parse) => {
        useParseWireFormat(parse);
        await parse.register(functionRoutes, {
          handlers: backend.handlers,
          onSucceeded: conversionRecorder(db, app.log),
          previewOf,
          authenticate: backend.accounts.sessions.authenticate,
          rateLimiter: backend.rateLimiter,
          validateOutputs: settings.environment !== 'production',
        });
        await parse.register(parseRestRoutes, { services: backend.accounts, rateLimiter: backend.rateLimiter });
      });
      // Payments: Braintree's webhook notifications (src/server/payments/webhook.ts).
      await api.register(braintreeWebhookRoutes, { db, gateway: backend.gateway });
    },
    { prefix: API_PREFIX },
  );

  // The operators' login and experiments report: server-rendered pages, not the parents' app.
  await app.register(adminPages, {
    db,
    passwords: backend.accounts.passwords,
    rateLimiter: backend.rateLimiter,
    funnelsDir,
    distDir,
    production: settings.environment === 'production',
    now: backend.accounts.now,
  });

  // The studio's API (src/server/studio/routes.ts): workspaces of funnels/ and copy/, on the same operator sessions.
  await app.register(studioApi, {
    prefix: STUDIO_API_PREFIX,
    db,
    production: settings.environment === 'production',
    now: backend.accounts.now,
  });

  // Each release's screens and languages, at addresses that name it.
  await app.register(releaseFileRoutes, { releases, previews });
  if (distDir) await app.register(fastifyStatic, staticOptions(distDir));
  const pages = distDir
    ? await loadAppPages(app, {
        distDir,
        captcha: 'siteKey' in clientConfig.captcha ? 'recaptcha' : 'local',
        log: app.log,
        releaseFor: async (request, reply) => {
          const draft = await previews.pageDraft(request, reply);
          return draft
            ? { release: draft, preview: true, callCookie: previews.callCookie(request) }
            : { release: await releases.live(), preview: false };
        },
      })
    : null;
  // The static files' wildcard would answer '/' as a folder.
  if (pages) app.get('/', (request, reply) => pages.send(request, reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    if (isApiPath(pathname))
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: `Not found: ${request.method} ${pathname}` });
    // History fallback: the app's router decides what the path shows (its own not-found page included).
    if (pages && wantsAppShell(request)) return pages.send(request, reply);
    return reply.code(404).header('cache-control', REVALIDATE).type('text/plain; charset=utf-8').send('Not found');
  });
  return app;
}

/** The live release's email texts, whichever release is live when an email is written. */
function liveEmailTexts(releases: CompiledReleases): EmailTexts {
  return {
    get defaultLocale() {
      return releases.current().emailTexts.defaultLocale;
    },
    get locales() {
      return releases.current().emailTexts.locales;
    },
    render: (email, locale, values) => releases.current().emailTexts.render(email, locale, values),
  };
}
