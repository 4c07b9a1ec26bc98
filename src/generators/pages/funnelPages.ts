import type { CompiledProject } from '../../compiler/compile.ts';
import type { ConfigSchemas } from '../../compiler/configSchemas.ts';
import type { SourceFile } from '../../compiler/load.ts';
import { blockTypesIn } from '../../language/blockTypesIn.ts';
import { nextScreens } from '../map/next.ts';
import { mapSource } from '../map/source.ts';

/** Written by the build beside Vite's manifest (never served: the static server ignores dot folders). */
export const FUNNEL_PAGES_FILE = '.vite/funnel-pages.json';

/** What the server needs to know of each screen to write its page (src/server/pages/assets.ts). */
export interface FunnelPages {
  screens: Record<
    string,
    {
      /** The `type:` of every block the screen (or a variant of it) shows. */
      blockTypes: string[];
      /** Where it can lead (src/generators/map/next.ts). */
      next: string[];
    }
  >;
}

export function funnelPages(compiled: CompiledProject, files: readonly SourceFile[], schemas: ConfigSchemas): FunnelPages {
  const next = nextScreens(mapSource(compiled, files, schemas));
  const screens: FunnelPages['screens'] = {};
  for (const [id, screen] of Object.entries(compiled.screens)) {
    const blockTypes = [...blockTypesIn(screen)].sort();
    screens[id] = { blockTypes, next: next[id] ?? [] };
  }
  return { screens };
}
