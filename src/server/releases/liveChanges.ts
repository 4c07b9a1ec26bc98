/**
 * This process's listeners for a change of the live release: the release service calls
 * `announceLiveChange` after committing a publish or a rollback, so a source of this process
 * hears it at once (the only way on the embedded database, which one process holds). Other
 * instances hear it through PostgreSQL NOTIFY (./databaseSource.ts).
 */
const listeners = new Set<(liveId: number) => void>();

export function onLocalLiveChange(listener: (liveId: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceLiveChange(liveId: number): void {
  for (const listener of [...listeners]) listener(liveId);
}
