/**
 * `npm run dev` is one command: this Vite plugin mounts the Fastify backend (without the
 * static app, which Vite serves with hot reload) inside the Vite dev server, answering /api/*
 * and /healthz on the same origin as in production.
 */
import { mkdir } from 'node:fs/promises';
import type { Plugin } from 'vite';
import type { FastifyInstance } from 'fastify';

export function backendInDevServer(): Plugin {
  return {
    name: 'codekids:backend-in-dev-server',
    apply: 'serve',
    configureServer(server) {
      if (process.env.VITEST) return;
      let backend: Promise<FastifyInstance> | undefined;
      const start = async () => {
        const [{ buildServer }, { readServerEnv }, { openDatabase }, { prepareDatabase }, { adminRoutes, ADMIN_PREFIX }, { writeAdminToken }] = await Promise.all([
          import('./app.ts'),
          import('./config.ts'),
          import('./db/database.ts'),
          import('./db/prepare.ts'),
          import('./admin/routes.ts'),
          import('./admin/token.ts'),
        ]);
        const env = readServerEnv();
        await mkdir(env.dataDir, { recursive: true });
        const database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, role: 'server' });
        try {
          await prepareDatabase(database.db, { funnelsDir: env.funnelsDir, demoCodes: env.demoCodes, log: (message) => server.config.logger.info(message) });
        } catch (error) {
          await database.close();
          throw error;
        }
        const app = await buildServer({
          distDir: null,
          dataDir: env.dataDir,
          db: database.db,
          logger: { level: process.env.LOG_LEVEL || 'warn' },
          backend: env.backend,
          trustProxy: env.trustProxy,
          recaptchaSiteKey: env.backend.recaptchaSiteKey,
          flagOverrides: env.flagOverrides,
          captchaProvider: env.captchaProvider,
          paymentAdapter: env.paymentAdapter,
        });
        app.addHook('onClose', async () => database.close());
        await app.register(adminRoutes, { prefix: ADMIN_PREFIX, db: database.db, token: writeAdminToken(env.dataDir) });
        await app.ready();
        server.httpServer?.once('close', () => void app.close());
        // The codes CLI reaches this backend through Vite's port (recorded in the lock file).
        const address = server.httpServer?.address();
        if (address && typeof address === 'object') database.setServerPort(address.port);
        return app;
      };
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?', 1)[0]!;
        if (pathname !== '/healthz' && !pathname.startsWith('/api/')) return next();
        backend ??= start();
        backend.then((app) => app.routing(req, res), next);
      });
    },
  };
}
