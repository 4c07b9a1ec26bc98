/**
 * A config of the app that serves screens the route table sends elsewhere by default
 * (/signup-thankyou, the partner pages, /quiz...), optionally with extra funnel and copy
 * files — the "test config". It copies funnels/ and copy/ into a temporary folder,
 * takes the given paths out of app.yaml's route rules (a rule left without paths goes), adds
 * the extra files and runs `npm run check` on the result. The server serves it as its release
 * (`useE2E({ funnelsDir, copyDir })`) with the app's one build: a build holds no config.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { parse, stringify } from 'yaml';
import { defaultOutDir, repoRoot, run } from '../../scripts/lib/build.ts';

export interface ServedBuild {
  /** The built app (the default build), for `useE2E({ distDir })`. */
  distDir: () => string;
  funnelsDir: string;
  copyDir: string;
  /** What `npm run check` said of the config. */
  checkOutput: () => string;
}

type Rule = { paths?: string[]; [key: string]: unknown };

/** Registers beforeAll (write, check, build) and afterAll (remove) in the calling test file. */
export function useServedBuild(o: { serve: readonly string[]; files?: Record<string, string> }): ServedBuild {
  const work = mkdtempSync(path.join(tmpdir(), 'e2e-served-'));
  const funnelsDir = path.join(work, 'funnels');
  const copyDir = path.join(work, 'copy');
  let checkOutput = '';

  beforeAll(async () => {
    cpSync(path.join(repoRoot, 'funnels'), funnelsDir, { recursive: true });
    cpSync(path.join(repoRoot, 'copy'), copyDir, { recursive: true });
    const appFile = path.join(funnelsDir, 'app.yaml');
    const app = parse(readFileSync(appFile, 'utf8')) as { app: { routeRules: Rule[] } };
    const served = new Set(o.serve);
    app.app.routeRules = app.app.routeRules
      .map((rule) => (rule.paths ? { ...rule, paths: rule.paths.filter((p) => !served.has(p)) } : rule))
      .filter((rule) => !rule.paths || rule.paths.length > 0);
    writeFileSync(appFile, stringify(app));
    for (const [file, text] of Object.entries(o.files ?? {})) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), text);
    }
    const check = await run(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/check.ts'], {
      env: { FUNNELS_DIR: funnelsDir, COPY_DIR: copyDir },
      quiet: true,
    });
    checkOutput = check.output;
    if (check.code !== 0) throw new Error(`npm run check refused the test config:\n${check.output}`);
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  return { distDir: () => defaultOutDir, funnelsDir, copyDir, checkOutput: () => checkOutput };
}
