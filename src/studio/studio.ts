/**
 * What the studio's parts share: the API, the open workspace, the editor, the status line and the
 * places on the page they add to (the toolbar, the side panel beside the editor, the views' tabs).
 * src/studio/main.ts makes it; each part (files, problems, publish, and the views others add)
 * receives it.
 */
import type { OperatorRole } from '../server/db/types.ts';
import type { StudioDiagnostic } from '../server/studio/diagnostics.ts';
import type { WorkspaceSummary } from '../server/studio/service.ts';
import type { StudioApi } from './api.ts';
import type { StudioEditor } from './editor.ts';

export type { StudioDiagnostic, WorkspaceSummary };

export interface StudioView {
  id: string;
  /** The tab's name: "Texts", "Releases"… */
  label: string;
  /** Fills the view's section once, the first time it is shown. */
  render(section: HTMLElement): void | Promise<void>;
  /** Called every time the view is shown again. */
  shown?(): void | Promise<void>;
}

export interface Studio {
  readonly api: StudioApi;
  readonly role: OperatorRole;
  readonly canPublish: boolean;
  /** The workspace being edited; set once it is open (before `ready` listeners run). */
  workspace: WorkspaceSummary;
  readonly editor: StudioEditor;
  /** The status line (a polite live region). */
  say(text: string): void;
  /** Opens a file of the workspace in the editor (asks first if the open one has unsaved changes). */
  openFile(path: string): Promise<boolean>;
  /** Lists the workspace's files again (after files were added). */
  refreshTree(): Promise<void>;
  /** The server's check of the whole workspace, shown in the problems list (and as markers in the open file). */
  check(): Promise<StudioDiagnostic[] | null>;
  /** The open file has changes not saved into the workspace. */
  unsaved(): boolean;
  /** The toolbar's element (parts add their buttons) and the side panel beside the editor. */
  readonly toolbar: HTMLElement;
  readonly side: HTMLElement;
  addView(view: StudioView): void;
  /** Shows a view: 'files' is the editor's. */
  showView(id: string): Promise<void>;
  /** Runs once the workspace is open. */
  onReady(listener: () => void | Promise<void>): void;
  /** Runs after each check, with its problems (the problems list, markers, the preview…). */
  onChecked(listener: (diagnostics: StudioDiagnostic[]) => void): void;
  /** Runs after a file was opened or saved. */
  onFile(listener: (event: { path: string; kind: 'opened' | 'saved' }) => void): void;
}
