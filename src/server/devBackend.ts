/**
 * `npm run dev` is one command: this Vite plugin mounts the Fastify backend (without the
 * static app, which Vite serves with hot reload) inside the Vite dev server, answering /api/*
 * and /healthz on the same origin as in production.
 */

import type { FastifyInstance } from 'fastify';
import type { Plugin } from 'vite';

export function backendInDevServer(): Plugin {
  return {
    name: 'codekids:backend-in-dev-server',
    apply: 'serve',
    configureServer(server) {
      if (process.env.VITEST) return;
      let backend: Promise<FastifyInstance> | undefined;
      const start = async () => {
        const [{ readServerEnv }, { assembleServer }] = await Promise.all([import('./config.ts'), import('./assemble.ts')]);
        const { app, database } = await assembleServer(readServerEnv(), {
          distDir: null,
          defaultLogLevel: 'warn',
          log: (message) => server.config.logger.info(message),
          brokenCheckout: 'keep-live',
        });
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
