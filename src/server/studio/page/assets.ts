/**
 * The studio's browser code, as the build left it in `<dist>/.studio/` (./build.ts): its entry
 * and stylesheets from Vite's manifest, and every file under `assets/`, served at
 * /admin/studio/assets/<file> with a year's caching (their names carry a hash of their content).
 * Only the studio page refers to them, so no parent's page loads the studio's code.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from '../../static.ts';
import { STUDIO_DIR, STUDIO_ENTRY } from './build.ts';

export const STUDIO_ASSETS_PREFIX = '/admin/studio/assets/';

export interface StudioBundle {
  /** The entry module's address. */
  script: string;
  /** Its stylesheets' addresses. */
  stylesheets: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The built studio in `distDir`, or null when that build has none (`npm run dev` serves no studio). */
export function readStudioBundle(distDir: string | null): StudioBundle | null {
  if (!distDir) return null;
  const manifestFile = path.join(distDir, STUDIO_DIR, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[STUDIO_ENTRY];
  if (!entry) throw new Error(`${manifestFile} has no entry for ${STUDIO_ENTRY}: rebuild with npm run build.`);
  const address = (file: string) => STUDIO_ASSETS_PREFIX + file.replace(/^assets\//, '');
  return { script: address(entry.file), stylesheets: (entry.css ?? []).map(address) };
}

/** GET /admin/studio/assets/<file>: a file of the studio's build, or 404. */
export async function studioAssetRoutes(app: FastifyInstance, o: { distDir: string }) {
  const folder = path.join(o.distDir, STUDIO_DIR, 'assets');
  app.get(`${STUDIO_ASSETS_PREFIX}:file`, async (request, reply) => {
    const name = (request.params as { file: string }).file;
    const type = CONTENT_TYPES[path.extname(name)];
    const file = path.join(folder, name);
    if (!type || !/^[\w.-]+$/.test(name) || !existsSync(file)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('cache-control', IMMUTABLE).type(type).send(readFileSync(file));
  });
}
