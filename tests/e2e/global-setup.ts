/**
 * Before the browser tests: Chromium must be there, and the app built from the current
 * sources (`npm test` has just built it; a lone `vitest run --project e2e` builds when stale).
 */
import { existsSync } from 'node:fs';
import { ensureBuilt } from '../../scripts/lib/build.ts';
import { CHROMIUM_PATH } from './chromium.ts';

export default async function setup() {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `${CHROMIUM_PATH} is missing. \`npm test\` installs Debian's chromium package; or run: sudo apt-get install -y chromium`,
    );
  await ensureBuilt();
}
