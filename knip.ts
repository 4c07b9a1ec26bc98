import type { KnipConfig } from 'knip';
import { blocks } from './src/blocks/registry.ts';

const config: KnipConfig = {
  entry: [
    'scripts/*.ts',
    'scripts/lib/benchServer.ts',
    'tests/**/global-setup.ts',
    'tests/server/crashServer.ts',
    'tests/fixtures/braintree/*.ts',
    'src/server/db/migrations/[0-9]*.ts',
    'src/ssr/entry.ts',
    'src/studio/main.ts',
    // The blocks' components, which their definitions name by file (the build imports them: src/vitePlugin/blockCode.ts).
    ...blocks.map((b) => `src/blocks/${b.type}/${b.component.slice(2)}`),
  ],
  project: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'tests/**/*.ts'],
  ignoreExportsUsedInFile: true,
};

export default config;
