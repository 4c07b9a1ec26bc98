/**
 * The server `npm run bench` measures, in a process of its own (the load generator must not
 * share its event loop): the start-up path of `npm start` (src/server/main.ts) — open the
 * database, migrations, catalog import — then `buildServer` as in production, listening on
 * 127.0.0.1 and a free port, which it tells its parent over IPC: `{ port }`.
 *
 * Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), as for `npm start`.
 * What differs from a default `npm start`, on purpose:
 *   - NODE_ENV=production (set by the parent): no output-schema checks, as in production;
 *   - LOG_LEVEL=warn (set by the parent): no per-request log lines on the terminal;
 *   - BENCH_RATE_LIMIT: the `existence` policy (GetUserExistsByUsername) with limits raised to
 *     that many attempts per window, so that the bench measures the limiter's real work (both
 *     counters are still written on every request) without being refused after 60 requests.
 */
import type { RateLimitPolicy } from '../../src/server/auth/rateLimits.ts';
import { defaultRateLimitPolicies } from '../../src/server/auth/rateLimits.ts';
import { assembleServer } from '../../src/server/assemble.ts';
import { readServerEnv } from '../../src/server/config.ts';

const env = readServerEnv();
const limit = Number(process.env.BENCH_RATE_LIMIT);
if (!Number.isInteger(limit) || limit < 1) throw new Error('BENCH_RATE_LIMIT must be a whole number of attempts per window.');
const existence = defaultRateLimitPolicies.existence;
const benchExistence: RateLimitPolicy = {
  perIp: { ...existence.perIp, limit },
  ...(existence.perAccount ? { perAccount: { ...existence.perAccount, limit } } : {}),
};

const { app } = await assembleServer(env, { distDir: null, defaultLogLevel: 'warn', overrides: { rateLimitPolicies: { existence: benchExistence } } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('The bench server has no port.');

process.on('message', (message) => {
  if (message === 'stop') void app.close().then(() => process.exit(0), () => process.exit(1));
});
process.send?.({ port: address.port });
