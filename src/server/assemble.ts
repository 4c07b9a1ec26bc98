/**
 * The one way a server is put together around its database, shared by `npm start`
 * (main.ts), `npm run dev` (devBackend.ts) and the bench: create DATA_DIR, open the database,
 * run migrations / import the catalog / seed demo codes, apply the deploy rule to the checkout's
 * funnels and copy (src/server/releases/deploy.ts), build the Fastify app with the
 * operators' admin routes. The database closes after the app, or at once if assembly fails.
 */
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX, adminRoutes } from './admin/routes.ts';
import { writeAdminToken } from './admin/token.ts';
import { type BuildServerOptions, buildServer } from './app.ts';
import type { ServerEnv } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { type ClosableReleaseSource, databaseReleaseSource } from './releases/databaseSource.ts';
import { deployCheckout } from './releases/deploy.ts';
import { OPERATOR_RELEASES_PREFIX, operatorReleaseRoutes } from './releases/routes.ts';

export interface AssembleOptions {
  /** The built app to serve; null when Vite serves it (dev) or nothing is served (bench). */
  distDir: string | null;
  /** Log level when LOG_LEVEL is not set. */
  defaultLogLevel: string;
  /** Where start-up messages (migrations applied, catalog imported) go. */
  log?: (message: string) => void;
  overrides?: BuildServerOptions['overrides'];
  /**
   * Where the served releases come from. Default: the database's (src/server/releases/databaseSource.ts) when the server
   * serves a build; with no build (`npm run dev`, where the Vite plugin serves the checkout's files as they are saved),
   * the checkout's (src/server/app.ts).
   */
  releases?: BuildServerOptions['releases'];
  /**
   * A checkout that does not pass the check: the start stops (default), or, in dev, where the
   * browser shows the same mistakes as files are saved, the live release stays and the log says why.
   */
  brokenCheckout?: 'stop' | 'keep-live';
}

export async function assembleServer(
  env: ServerEnv,
  options: AssembleOptions,
): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
  await mkdir(env.dataDir, { recursive: true });
  const database = await openDatabase({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    role: 'server',
    log: (message) => console.error(message),
  });
  let app: FastifyInstance | undefined;
  let ownReleases: ClosableReleaseSource | undefined;
  try {
    await prepareDatabase(database.db, {
      funnelsDir: env.funnelsDir,
      demoCodes: env.demoCodes,
      ...(options.log ? { log: options.log } : {}),
    });
    await deployCheckout(database.db, {
      funnelsDir: env.funnelsDir,
      copyDir: env.copyDir,
      log: options.log ?? ((message) => console.error(message)),
      brokenCheckout: options.brokenCheckout ?? 'stop',
    });
    if (!options.releases && options.distDir !== null)
      ownReleases = databaseReleaseSource({ db: database.db, databaseUrl: env.databaseUrl });
    const releases = options.releases ?? ownReleases;
    app = await buildServer({
      distDir: options.distDir,
      dataDir: env.dataDir,
      db: database.db,
      logger: { level: process.env.LOG_LEVEL || options.defaultLogLevel },
      backend: {
        ...env.backend,
        paymentGateway: env.paymentGateway,
        rateLimitCounters: database.kind === 'pglite' ? 'memory' : 'database',
      },
      trustProxy: env.trustProxy,
      recaptchaSiteKey: env.backend.recaptchaSiteKey,
      funnelsDir: env.funnelsDir,
      copyDir: env.copyDir,
      flagOverrides: env.flagOverrides,
      captchaProvider: env.captchaProvider,
      ...(options.overrides ? { overrides: options.overrides } : {}),
      ...(releases ? { releases } : {}),
    });
    app.addHook('onClose', async () => {
      await ownReleases?.close();
      await database.close();
    });
    const backend = app.backend;
    await app.register(adminRoutes, {
      prefix: ADMIN_PREFIX,
      db: database.db,
      token: writeAdminToken(env.dataDir),
      paymentGateway: env.paymentGateway.kind,
      reconcile: () => backend.reconcile(),
      passwords: backend.accounts.passwords,
      funnelsDir: env.funnelsDir,
    });
    await app.register(operatorReleaseRoutes, {
      prefix: OPERATOR_RELEASES_PREFIX,
      db: database.db,
      passwords: backend.accounts.passwords,
      rateLimiter: backend.rateLimiter,
    });
    return { app, database };
  } catch (error) {
    if (app) await app.close();
    else {
      await ownReleases?.close();
      await database.close();
    }
    throw error;
  }
}
