/**
 * The production entry: `tsx src/server/main.ts` serves an already built app.
 * (`npm start` runs scripts/start.ts, which builds first when the build is missing or stale.)
 *
 * Order: read and check the environment → create DATA_DIR → run migrations → build the
 * Fastify app → listen on PORT. /healthz answers only once all of that is done.
 */
import { mkdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { ConfigError, readServerEnv, type ServerEnv } from './config.ts';
import { migrate } from './db/migrate.ts';

export async function startServer(env: ServerEnv = readServerEnv()): Promise<{ app: FastifyInstance; url: string }> {
  await mkdir(env.dataDir, { recursive: true });
  await migrate({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, log: (message) => console.log(message) });
  const app = await buildServer({
    distDir: env.distDir,
    dataDir: env.dataDir,
    logger: { level: process.env.LOG_LEVEL || 'info' },
    flagOverrides: env.flagOverrides,
    captchaProvider: env.captchaProvider,
    paymentAdapter: env.paymentAdapter,
  });
  await app.listen({ port: env.port, host: env.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const url = `http://localhost:${port}`;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  return { app, url };
}

export async function main() {
  try {
    const env = readServerEnv();
    const { url } = await startServer(env);
    console.log(`\nReady: ${url}  (health: ${url}/healthz, data: ${env.dataDir})\n`);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Cannot start: port ${process.env.PORT || 3000} is already in use. Stop the other server or set PORT, e.g. PORT=3001 npm start.`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
