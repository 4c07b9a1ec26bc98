import { defineConfig } from 'vitest/config';

/**
 * Three projects:
 * - `unit`: domain rules, the checker, the runtime — fast, in parallel;
 * - `server`: the backend (Fastify inject, repositories) on a fresh migrated database per file:
 *   PGlite by default, PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set
 *   (tests/server/db.ts); the global setup migrates the PGlite template once;
 * - `e2e`: Chromium against the built app — long timeouts, two files at a time (each its own server and browser)
 *   (the global setup builds the app first when the build is missing or stale).
 * `npm test` runs them all, the server project on PGlite and again on PostgreSQL when
 * DATABASE_URL is set (scripts/test.ts); `npx vitest run --project unit` runs one.
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
