/**
 * The production entry: `tsx src/server/main.ts` serves an already built app.
 * (`npm start` runs scripts/start.ts, which builds first when the build is missing or stale.)
 *
 * Order: read and check the environment → create DATA_DIR → open the database (PGlite under
 * DATA_DIR, or DATABASE_URL) → migrations, catalog import into an empty database, demo codes
 * into a new one → build the Fastify app (with the operators' admin endpoints) → listen on PORT.
 * /healthz answers only once all of that is done.
 */
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type AssembleOptions, assembleServer } from './assemble.ts';
import { CatalogFileError } from './catalog/catalogFileError.ts';
import { ConfigError, readServerEnv, type ServerEnv } from './config.ts';
import { DatabaseBusyError } from './db/lockFile.ts';
import { ReleaseStartError } from './releases/deploy.ts';

/**
 * Stops taking requests and lets those in flight finish; the database closes after them (its
 * onClose hook). A keep-alive connection that goes idle after the close began would hold the
 * close until its keep-alive timeout (72 s), so idle connections are closed as they appear.
 */
export async function closeGracefully(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

/** `overrides`: parts a browser test replaces (an outbox adapter that keeps the emails, say); `releases`: the releases it serves. */
export async function startServer(
  env: ServerEnv = readServerEnv(),
  overrides?: AssembleOptions['overrides'],
  releases?: AssembleOptions['releases'],
): Promise<{ app: FastifyInstance; url: string }> {
  const { app, database } = await assembleServer(env, {
    distDir: env.distDir,
    defaultLogLevel: 'info',
    log: (message) => console.log(message),
    ...(overrides ? { overrides } : {}),
    ...(releases ? { releases } : {}),
  });
  try {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const stop = () => {
        app.log.info(`${signal}: closing`);
        closeGracefully(app).then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once(signal, stop);
      app.addHook('onClose', async () => void process.off(signal, stop));
    }
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  // The codes CLI finds the server (and its port) through the embedded database's lock file.
  database.setServerPort(port);
  const url = `http://localhost:${port}`;
  return { app, url };
}

export async function main() {
  try {
    const env = readServerEnv();
    const { url } = await startServer(env);
    console.log(`\nReady: ${url}  (health: ${url}/healthz, data: ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : env.dataDir})\n`);
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof DatabaseBusyError ||
      error instanceof CatalogFileError ||
      error instanceof ReleaseStartError
    ) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Cannot start: port ${process.env.PORT || 3000} is already in use. Stop the other server or set PORT, e.g. PORT=3001 npm start.`,
      );
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
