/**
 * What a marketer sees in VS Code: yaml-language-server (the YAML extension's server), started
 * over stdio with the committed schemas/ and the `yaml.schemas` mapping of .vscode/settings.json,
 * is handed real files of funnels/ and copy/ with mistakes planted in them. Each mistake's line
 * carries the diagnostics it must get as a comment, `# ✗ <message>` (a message ending in `…`
 * is matched by its beginning); every other line must get none, so a correct `type:` flagged
 * beside a misspelt key fails here. The table of lines, messages and results is printed.
 */

import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_SETTINGS } from '../../../src/generators/jsonSchema/files.ts';
import { SCHEMAS_DIR } from '../../../src/generators/jsonSchema/schemaFiles.ts';
import { projectRoot } from '../checker/helpers.ts';
import { compare, expectedOf, plant, planted, type Row, table } from './plantedMistakes.ts';
import { YamlLanguageServer } from './yamlLanguageServer.ts';

describe('yaml-language-server with the committed schemas, as in VS Code', () => {
  let workspace: string;
  let server: YamlLanguageServer;
  const rows: Row[] = [];

  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'yaml-ls-'));
    cpSync(join(projectRoot, SCHEMAS_DIR), join(workspace, SCHEMAS_DIR), { recursive: true });
    const settings = JSON.parse(readFileSync(join(projectRoot, EDITOR_SETTINGS), 'utf8')) as Record<string, unknown>;
    server = await YamlLanguageServer.start(workspace, {
      schemas: settings['yaml.schemas'],
      validate: true,
      // Offline, and nothing but the project's own schemas.
      schemaStore: { enable: false },
      kubernetesCRDStore: { enable: false },
    });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
    if (rows.length > 0) console.log(`The language server's table of mistakes:\n${table(rows)}`);
  });

  for (const p of planted)
    it(`${p.file}: ${p.mistakes.map((m) => m.what).join(', ')}`, async () => {
      const text = plant(p);
      const found = compare(
        p.file,
        text,
        (await server.diagnostics(join(workspace, p.file), text)).map((d) => ({ line: d.range.start.line + 1, message: d.message })),
      );
      rows.push(...found);
      expect(found.filter((r) => !r.pass)).toEqual([]);
      expect(found.length).toBe(expectedOf(text).length);
    }, 30_000);
});
