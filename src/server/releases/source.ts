/**
 * Where the server reads releases from: an immutable snapshot of the checkout's `funnels/` and
 * `copy/` (docs/releases.md). The database keeps them (./repository.ts); a server started on a
 * checkout alone (a test, `npm run dev`) reads the checkout as its one release.
 */

/** A release's files: path from the project root with `/` (`funnels/signup.yaml`, `copy/en/signup.yaml`) → the YAML text. */
export type ReleaseFiles = Readonly<Record<string, string>>;

/** A release as the server serves it. Ids only grow; a draft is a release that is not live yet. */
export interface ReleaseSnapshot {
  id: number;
  files: ReleaseFiles;
}

export interface ReleaseSource {
  /** The release new visits get. */
  live(): Promise<ReleaseSnapshot>;
  /** Any release kept, drafts too (previews, and tabs still on an earlier release); undefined when there is none. */
  byId(id: number): Promise<ReleaseSnapshot | undefined>;
  /** Called when another release becomes live (a publish or a rollback, by this instance or another); answers an unsubscribe. */
  onLiveChange(listener: () => void): () => void;
  /**
   * The draft a preview link's token shows (7 days after it was made, until it is deleted), or
   * undefined: then the visitor sees live. A source without drafts (the checkout's) has no previews.
   */
  preview?(token: string): Promise<ReleaseSnapshot | undefined>;
  /** Is this release a draft (never live)? Its files are served only to its preview (src/server/releases/previews.ts). */
  isDraft?(id: number): Promise<boolean>;
}
