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
        const [{ buildServer }, { readServerEnv }, { migrate }] = await Promise.all([import('./app.ts'), import('./config.ts'), import('./db/migrate.ts')]);
        const env = readServerEnv();
        await mkdir(env.dataDir, { recursive: true });
        await migrate({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
        const app = await buildServer({
          distDir: null,
          dataDir: env.dataDir,
          logger: { level: process.env.LOG_LEVEL || 'warn' },
          flagOverrides: env.flagOverrides,
          captchaProvider: env.captchaProvider,
          paymentAdapter: env.paymentAdapter,
        });
        await app.ready();
        server.httpServer?.once('close', () => void app.close());
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
