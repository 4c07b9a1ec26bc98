/**
 * The Fastify app: the backend calls under /api and the built browser app around them.
 * `buildServer` does no I/O beyond registering plugins, so tests `inject` into it and the
 * Vite dev server mounts it (without `distDir`) for `npm run dev`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { ConfigError } from './config.ts';
import { functionRoutes, type Handlers } from './functions.ts';
import { helmetOptions } from './security.ts';
import { isApiPath, REVALIDATE, staticOptions, wantsAppShell } from './static.ts';

export interface BuildServerOptions {
  /** The built app (Vite's outDir). Omitted in `npm run dev`, where Vite serves the app. */
  distDir?: string | null;
  /** Where the backend keeps its files (the embedded database, from the next issue on). */
  dataDir: string;
  logger?: FastifyServerOptions['logger'];
  /** Backend call handlers (the next issue provides the full set). */
  handlers?: Handlers;
  /** Variants `GET /api/flags` forces for everyone (env FLAG_OVERRIDES; none by default). */
  flagOverrides?: Record<string, string>;
  /** What `GET /api/client-config` names (env CAPTCHA_PROVIDER, PAYMENT_ADAPTER). */
  captchaProvider?: string;
  paymentAdapter?: string;
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const flags = options.flagOverrides ?? {};
  const clientConfig = {
    captcha: { provider: options.captchaProvider ?? 'local' },
    payments: { adapter: options.paymentAdapter ?? 'sandbox' },
  };

  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(fastifyHelmet, helmetOptions);

  // Answers once the plugins are loaded and (through start/main) the migrations have run:
  // the server only listens after both.
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      // Remote flag provider of the runtime: the variants forced for every visitor.
      api.get('/flags', async () => ({ flags }));
      // Which browser adapters to use: real captcha/payment providers or the local ones.
      api.get('/client-config', async () => clientConfig);
      await api.register(functionRoutes, { handlers: options.handlers ?? {} });
    },
    { prefix: '/api' },
  );

  const distDir = options.distDir ? path.resolve(options.distDir) : null;
  if (distDir) {
    if (!existsSync(path.join(distDir, 'index.html'))) throw new ConfigError(`The built app is missing: ${path.join(distDir, 'index.html')} does not exist. Run \`npm run build\` (or \`npm start\`, which builds when needed).`);
    await app.register(fastifyStatic, staticOptions(distDir));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0]!;
    if (isApiPath(pathname)) return reply.code(404).header('cache-control', 'no-store').send({ error: `Not found: ${request.method} ${pathname}` });
    // History fallback: the app's router decides what the path shows (its own not-found page included).
    if (distDir && wantsAppShell(request)) return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    return reply.code(404).header('cache-control', REVALIDATE).type('text/plain; charset=utf-8').send('Not found');
  });
  return app;
}
