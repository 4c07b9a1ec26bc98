/**
 * The `server` project's global setup: on PGlite, migrate one template database and dump it to
 * a file that every test file loads (tests/server/db.ts). Nothing to do on PostgreSQL, where
 * each file migrates its own schema.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makePGliteTemplate, testDatabaseUrl } from './dbTemplate.ts';

export default async function setup(project: TestProject) {
  if (testDatabaseUrl()) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await makePGliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
