import { type Diagnostic, error } from '../diagnostic.ts';
import type { Check } from './context.ts';

/** One app file, at most one experiments file and at most one catalog file. */
export const checkFileKinds: Check = (ctx) => {
  const out: Diagnostic[] = [];
  const dir = ctx.project.funnelsDir;
  for (const [kind, key, what] of [
    ['app', 'app', 'app file'],
    ['experiments', 'flags', 'experiments file'],
    ['catalog', 'catalog', 'catalog file'],
  ] as const) {
    const files = ctx.files.filter((f) => f.kind === kind);
    for (const extra of files.slice(1))
      out.push(
        error(
          extra.relPath,
          [key],
          `There is already ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}: ${files[0]!.relPath}. Keep all of '${key}:' in that one file.`,
          { at: 'key' },
        ),
      );
  }
  const hasApp = ctx.files.some((f) => f.kind === 'app') || ctx.broken.kinds.has('app');
  if (!hasApp && ctx.project.configFiles.length > 0)
    out.push(
      error(
        dir,
        [],
        `There is no app file. Add ${dir}/app.yaml with 'version: 1' and 'app:' (the header, footer, route table and links).`,
        { at: 'file', code: 'FL023' },
      ),
    );
  return out;
};
