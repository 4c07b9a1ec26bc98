/**
 * `npm test`: every test, browser tests included, in stages that stop at the first failure.
 *   1. Chromium: install Debian's `chromium` when /usr/bin/chromium is missing
 *   2. `npm run check`     funnels and copy
 *   3. `tsc -p .`          types
 *   4. `npm run layers`    imports point one way, no import circle (type imports counted), SQL in repositories (docs/layers.md)
 *   5. `npm run lint`      Biome's lint rules and format, lines of at most 140 characters, no unused export (knip)
 *   6. unit tests (vitest project "unit")
 *   7. server tests on PGlite (vitest project "server", DATABASE_URL and TEST_DATABASE_URL unset), and at the
 *      same time the same tests on PostgreSQL when DATABASE_URL is set (as TEST_DATABASE_URL): the PostgreSQL run
 *      mostly waits for its database, so the two together take little more than one; its output follows PGlite's
 *   8. `vite build`        the app the browser tests open
 *   9. browser tests (vitest project "e2e", two files at a time: most of their time is waiting for pages)
 */
import { existsSync } from 'node:fs';
import { bin, run, viteBuild } from './lib/build.ts';

const CHROMIUM = '/usr/bin/chromium';

interface Stage {
  name: string;
  run: () => Promise<number>;
}

const exitCode = async (command: string, args: string[], env?: Record<string, string | undefined>) =>
  (await run(command, args, { env })).code;
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

async function ensureChromium(): Promise<number> {
  if (existsSync(CHROMIUM)) {
    console.log(`${CHROMIUM} is installed.`);
    return 0;
  }
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package.`);
  const asRoot = process.getuid?.() === 0;
  const sudo = (args: string[]): [string, string[]] => (asRoot ? [args[0]!, args.slice(1)] : ['sudo', ['-E', ...args]]);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', 'chromium'],
  ]) {
    const [command, rest] = sudo(args);
    const code = await exitCode(command, rest, env);
    if (code !== 0) return code;
  }
  return existsSync(CHROMIUM) ? 0 : 1;
}

const serverTests = ['run', '--project', 'server'];
const serverTestsOnPglite = () => exitCode(bin('vitest'), serverTests, { DATABASE_URL: undefined, TEST_DATABASE_URL: undefined });

async function serverTestsOnBoth(postgresUrl: string): Promise<number> {
  const onPostgres = run(bin('vitest'), serverTests, { env: { TEST_DATABASE_URL: postgresUrl }, quiet: true });
  console.log('The server tests on PostgreSQL run at the same time; their output follows.');
  const pglite = await serverTestsOnPglite();
  const postgres = await onPostgres;
  console.log(`\n━━ server tests on PostgreSQL (DATABASE_URL)\n${postgres.output}`);
  if (pglite !== 0) console.error("✗ server tests on PGlite failed (their output is above PostgreSQL's).");
  return pglite !== 0 ? pglite : postgres.code;
}

const stages: Stage[] = [
  { name: 'Chromium for the browser tests', run: ensureChromium },
  { name: 'npm run check (funnels and copy)', run: () => exitCode('npm', ['run', '--silent', 'check']) },
  { name: 'tsc -p . (types)', run: () => exitCode(bin('tsc'), ['-p', '.']) },
  { name: 'npm run layers (import rules, circles, SQL)', run: () => exitCode('npm', ['run', '--silent', 'layers']) },
  { name: 'npm run lint (Biome, line length, knip)', run: () => exitCode('npm', ['run', '--silent', 'lint']) },
  { name: 'unit tests', run: () => exitCode(bin('vitest'), ['run', '--project', 'unit']) },
  postgresUrl
    ? { name: 'server tests on PGlite and on PostgreSQL (DATABASE_URL)', run: () => serverTestsOnBoth(postgresUrl) }
    : { name: 'server tests on PGlite', run: serverTestsOnPglite },
  {
    name: 'vite build',
    run: () =>
      viteBuild().then(
        () => 0,
        (error: unknown) => {
          console.error(error instanceof Error ? error.message : error);
          return 1;
        },
      ),
  },
  { name: 'browser tests', run: () => exitCode(bin('vitest'), ['run', '--project', 'e2e']) },
];

const started = Date.now();
for (const [index, stage] of stages.entries()) {
  const label = `[${index + 1}/${stages.length}] ${stage.name}`;
  console.log(`\n━━ ${label}`);
  const stageStart = Date.now();
  let code: number;
  try {
    code = await stage.run();
  } catch (error) {
    console.error(error);
    code = 1;
  }
  if (code !== 0) {
    console.error(`\n✗ npm test stopped: stage ${label} failed (exit ${code}). The stages after it did not run.`);
    process.exit(code);
  }
  console.log(`✓ ${stage.name} (${((Date.now() - stageStart) / 1000).toFixed(1)} s)`);
}
console.log(`\n✓ All ${stages.length} stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
