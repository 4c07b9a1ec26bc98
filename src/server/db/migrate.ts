/**
 * Database migrations, run by `npm start` (scripts/start.ts) and src/server/main.ts before the
 * server listens.
 *
 * THIS IS A NO-OP HOOK FOR NOW: there is no database yet. The next issue (the reference
 * backend) fills it in — open the embedded PGlite database under `dataDir`, or PostgreSQL when
 * `databaseUrl` is set, and apply the versioned Kysely migrations. Callers already await it
 * at the right moment, so nothing else has to change.
 */
export interface MigrateOptions {
  dataDir: string;
  databaseUrl: string | null;
  log?: (message: string) => void;
}

export async function migrate(_options: MigrateOptions): Promise<void> {
  // Nothing to migrate yet.
}
