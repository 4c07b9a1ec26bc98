/**
 * `npm start`: build the app when the build is missing or older than its sources, create
 * DATA_DIR, run the migrations, then serve the app and the backend on PORT (default 3000).
 */

import { ConfigError, readServerEnv } from '../src/server/config.ts';
import { ensureBuilt } from './lib/build.ts';

function serverEnv() {
  try {
    return readServerEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
}
const env = serverEnv();

try {
  await ensureBuilt(env.distDir);
} catch (error) {
  console.error(`Cannot start: the app did not build.\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const { main } = await import('../src/server/main.ts');
await main();
