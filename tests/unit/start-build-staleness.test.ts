import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildInputs, repoRoot, staleReason } from '../../scripts/lib/build.ts';

const root = mkdtempSync(path.join(tmpdir(), 'stale-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

test('npm start rebuilds when the build is missing or any input is newer than it', () => {
  const out = path.join(root, 'dist');
  const funnels = path.join(root, 'funnels');
  mkdirSync(path.join(funnels, 'nested'), { recursive: true });
  const yaml = path.join(funnels, 'nested', 'home.yaml');
  writeFileSync(yaml, 'version: 1\n');
  at(yaml, 1000);
  at(path.join(funnels, 'nested'), 1000);
  at(funnels, 1000);

  expect(staleReason(out, [funnels])).toMatch(/no build/);

  mkdirSync(out);
  writeFileSync(path.join(out, 'index.html'), '<!doctype html>');
  at(path.join(out, 'index.html'), 2000);
  expect(staleReason(out, [funnels, path.join(root, 'missing.ts')])).toBeNull();

  at(yaml, 3000);
  expect(staleReason(out, [funnels])).toMatch(/funnels changed since the last build/);
});

test('a saved funnel or copy file does not make the build stale: the server serves them, the build holds none', () => {
  expect(buildInputs().map((p) => path.relative(repoRoot, p))).toEqual(['src', 'index.html', 'vite.config.ts']);
});
