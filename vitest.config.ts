import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - `unit`: domain rules, the checker, the server (inject) — fast, in parallel;
 * - `e2e`: Chromium against the built app — long timeouts, one file at a time
 *   (the global setup builds the app first when the build is missing or stale).
 * `npm test` runs both (scripts/test.ts); `npx vitest run --project unit` runs one.
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
