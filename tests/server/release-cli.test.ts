/**
 * `npm run release` as an operator runs it on this machine: against the running server on the
 * embedded database (its admin token), then on the database itself once the server is stopped.
 * Exit codes: 0 done, 1 refused (nothing changed), 2 wrong command line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliEnv, runScript, startQuietServer, useCliFolder } from './cliHarness.ts';
import { makeCheckout, REPOSITORY_FILES, withAcmeGym, withHomeHeading, withMistake } from './releaseFixtures.ts';

type Ran = { code: number; stdout: string; stderr: string };

describe('npm run release', () => {
  const folder = useCliFolder('release-cli-');
  let checkout: ReturnType<typeof makeCheckout>;
  beforeAll(() => {
    checkout = makeCheckout(REPOSITORY_FILES);
  });
  afterAll(() => checkout.remove());

  const script = (name: string, ...args: string[]): Promise<Ran> =>
    runScript(name, args, cliEnv(folder.dataDir(), { FUNNELS_DIR: checkout.funnelsDir, COPY_DIR: checkout.copyDir })).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  const release = (...args: string[]) => script('release.ts', ...args);

  test('a wrong command line exits 2 with the usage', async () => {
    const wrong = await release('publsh');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Unknown command 'publsh'.");
    expect(wrong.stderr).toContain('Usage: npm run release -- <command> [options]');
    expect((await release('rollback', 'two')).code).toBe(2);
    expect((await release('list', '--draft')).code).toBe(2);
  });

  describe('with the server running on the embedded database', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await startQuietServer(folder); // its deploy: the repository's files are release 1
    }, 120_000);
    afterAll(() => app?.close());

    test('a checkout with a mistake: the check report, exit 1, nothing published', { timeout: 120_000 }, async () => {
      checkout.write(withMistake(REPOSITORY_FILES));
      const refused = await release('publish', '--message', 'broken');
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/funnels\/home\.yaml:\d+:1: error FL101: Unknown field 'bogusKey'\./);
      // The server checked the files; what is printed is npm run check's own report of this checkout.
      const check = await script('check.ts');
      expect(check.code).toBe(1);
      expect(refused.stdout).toBe(check.stdout);
      expect(refused.stderr).toContain('Nothing was published');
      const list = await release('list');
      expect(list.code).toBe(0);
      expect(list.stdout.trim().split('\n')).toHaveLength(1);
      expect(list.stdout).toMatch(/^ {3}1 {2}live {5}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}deploy {2}deploy {2}63 files: /);
    });

    test('publish makes the checkout live; list, diff and rollback', { timeout: 180_000 }, async () => {
      checkout.write(withAcmeGym(withHomeHeading(REPOSITORY_FILES, 'Try it free for 30 days!')));
      const published = await release('publish', '--message', 'AcmeGym');
      expect(published).toMatchObject({ code: 0 });
      expect(published.stdout).toBe('Release 2 is live (3 files: copy/en/acmegym.yaml, copy/en/home.yaml, funnels/acmegym.yaml).\n');

      const list = await release('list');
      expect(list.stdout.split('\n')[0]).toMatch(/^ {3}2 {2}live {5}.* UTC {2}cli:\S+ {2}cli {2}3 files: .* — AcmeGym$/);
      expect(list.stdout.split('\n')[1]).toMatch(/^ {3}1 {2}earlier /);

      const diff = await release('diff', '1', '2');
      expect(diff.stdout).toContain('--- /dev/null\n+++ b/funnels/acmegym.yaml\n@@ -0,0 +1,9 @@\n');
      expect(diff.stdout).toContain('-heading: Start your free trial today!\n+heading: Try it free for 30 days!\n');
      expect((await release('diff')).stderr).toBe('No difference between release 2 and this checkout.\n');

      const back = await release('rollback');
      expect(back).toMatchObject({ code: 0, stdout: 'Release 1 is live again (it replaces release 2).\n' });
      expect((await release('rollback')).code).toBe(1);
    });
  });

  describe('with no server: on the embedded database itself', () => {
    test('pull writes a release into the checkout; a rollback to an unknown release exits 1', { timeout: 180_000 }, async () => {
      checkout.write(REPOSITORY_FILES);
      const pulled = await release('pull', '2');
      expect(pulled.code).toBe(0);
      expect(pulled.stdout).toContain('Wrote release 2 into this checkout (3 files:');
      expect(existsSync(path.join(checkout.funnelsDir, 'acmegym.yaml'))).toBe(true);
      expect(readFileSync(path.join(checkout.copyDir, 'en/home.yaml'), 'utf8')).toContain('heading: Try it free for 30 days!');

      const unknown = await release('rollback', '99');
      expect(unknown).toMatchObject({ code: 1, stderr: 'There is no release 99.\n' });
      const again = await release('rollback', '2');
      expect(again).toMatchObject({ code: 0, stdout: 'Release 2 is live again (it replaces release 1).\n' });

      checkout.write(withMistake(REPOSITORY_FILES));
      const refused = await release('publish', '--message', 'broken');
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe((await script('check.ts')).stdout);
      expect(refused.stdout).toContain("error FL101: Unknown field 'bogusKey'.");
      expect(refused.stderr).toContain('Nothing was published');
      expect((await release('list')).stdout.split('\n')[0]).toMatch(/^ {3}2 {2}live /);
    });
  });
});
