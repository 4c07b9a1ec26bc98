/**
 * The releases as the server serves them, read from the database (./repository.ts). The live
 * release is kept in memory and read again when it changes:
 *
 * - a publish or rollback by this process: at once (./liveChanges.ts; the only way on the
 *   embedded database, which one process holds);
 * - by another instance on PostgreSQL: its NOTIFY, heard on a connection of its own that
 *   LISTENs, and a poll of the live pointer every `pollMs` in case that connection is down.
 *
 * Releases are immutable, so each one read by id is kept too.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/types.ts';
import { onLocalLiveChange } from './liveChanges.ts';
import { findRelease, LIVE_CHANNEL, readReleaseState } from './repository.ts';
import { previewDraft } from './service.ts';
import type { ReleaseSnapshot, ReleaseSource } from './source.ts';

export interface DatabaseReleaseSourceOptions {
  db: Kysely<Database>;
  /** PostgreSQL's URL: LISTEN there and poll. Null or absent: the embedded database (this process only). */
  databaseUrl?: string | null;
  /** How often the live pointer is read on PostgreSQL whatever NOTIFY says (default 2 s). */
  pollMs?: number;
  /** Hear this process's publishes at once (default true; a test of two instances in one process turns it off). */
  hearThisProcess?: boolean;
  /** LISTEN on PostgreSQL (default true; off, the poll alone tells). */
  listen?: boolean;
  log?: (message: string) => void;
}

export interface ClosableReleaseSource extends ReleaseSource {
  preview(token: string): Promise<ReleaseSnapshot | undefined>;
  isDraft(id: number): Promise<boolean>;
  /** Stops listening and polling. */
  close(): Promise<void>;
}

export class NoReleaseError extends Error {
  override name = 'NoReleaseError';
}

export function databaseReleaseSource(options: DatabaseReleaseSourceOptions): ClosableReleaseSource {
  const { db } = options;
  const listeners = new Set<() => void>();
  const byId = new Map<number, Promise<ReleaseSnapshot | undefined>>();
  /** Releases read while they were drafts: read again when any release becomes live (a published draft is one no more). */
  const drafts = new Set<number>();
  let liveId: number | null = null;
  let live: Promise<ReleaseSnapshot> | null = null;
  let closed = false;

  const read = (id: number) => {
    let found = byId.get(id);
    if (!found) {
      found = findRelease(db, id).then((row) => {
        if (!row) return undefined;
        if (row.draft) drafts.add(row.id);
        return { id: row.id, files: Object.freeze({ ...row.files }) };
      });
      found.catch(() => byId.delete(id));
      byId.set(id, found);
    }
    return found;
  };

  const becameLive = (id: number) => {
    if (id === liveId) return;
    const first = liveId === null;
    liveId = id;
    for (const draft of drafts) byId.delete(draft);
    drafts.clear();
    live = read(id).then((snapshot) => {
      if (!snapshot) throw new NoReleaseError(`The live release ${id} is missing.`);
      return snapshot;
    });
    if (!first) for (const listener of [...listeners]) listener();
  };

  const refresh = async () => {
    if (closed) return;
    const state = await readReleaseState(db);
    if (state) becameLive(state.liveId);
  };
  const refreshQuietly = () => {
    refresh().catch((error: Error) => options.log?.(`Releases: reading the live release failed (${error.message}).`));
  };

  const stopLocal = options.hearThisProcess === false ? () => {} : onLocalLiveChange(refreshQuietly);
  let poll: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  if (options.databaseUrl) {
    poll = setInterval(refreshQuietly, options.pollMs ?? 2_000);
    poll.unref();
    const listen = async () => {
      const client = new pg.Client({ connectionString: options.databaseUrl! });
      client.on('error', (error) => {
        options.log?.(`Releases: the LISTEN connection failed (${error.message}); polling until it is back.`);
        client.end().catch(() => {});
        if (listener === client) listener = undefined;
        if (!closed) setTimeout(() => void listen().catch(() => {}), 5_000).unref();
      });
      client.on('notification', (message) => {
        if (message.channel === LIVE_CHANNEL) refreshQuietly();
      });
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      if (closed) await client.end();
      else listener = client;
    };
    if (options.listen !== false)
      listen().catch((error: Error) => options.log?.(`Releases: cannot LISTEN (${error.message}); polling instead.`));
  }

  return {
    async live() {
      if (!live) await refresh();
      if (!live) throw new NoReleaseError('There is no release yet: the server makes the first from the checkout when it starts.');
      return live;
    },
    byId: (id) => read(id),
    preview: async (token) => {
      const draft = await previewDraft(db, token);
      if (!draft) return undefined;
      drafts.add(draft.id);
      return read(draft.id);
    },
    async isDraft(id) {
      if (id === liveId) return false;
      await read(id);
      return drafts.has(id);
    },
    onLiveChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      stopLocal();
      if (poll) clearInterval(poll);
      await listener?.end().catch(() => {});
      listener = undefined;
    },
  };
}
