/**
 * The studio's text editor: CodeMirror 6 with YAML, line numbers, search, undo and lint markers,
 * in the page's #editor. Others listen to its changes and cursor (the check as you type, the
 * preview, the funnel map) and move its cursor (the problems list, the map).
 */
import { yaml } from '@codemirror/lang-yaml';
import { type Diagnostic, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';

export interface StudioEditor {
  readonly view: EditorView;
  /** The file shown, or null before one is opened. */
  readonly path: string | null;
  /** Shows a file's text: a new document, with its own undo history. */
  show(path: string, text: string): void;
  text(): string;
  /** Puts the cursor at a line (1-based) and column, scrolled into view, and focuses the editor. */
  goTo(line: number, column?: number): void;
  /** The cursor's line (1-based). */
  cursorLine(): number;
  focus(): void;
  setReadOnly(readOnly: boolean): void;
  /** Markers from outside the editor (the server's check), replacing the earlier ones. */
  mark(diagnostics: Diagnostic[]): void;
  /** Called after every change of the text (typing, not `show`). */
  onChange(listener: (text: string) => void): void;
  /** Called when the cursor moves to another line. */
  onCursorLine(listener: (line: number) => void): void;
  /** Extensions for the open file (schema completion, hover and lint), replaced on every `show`. */
  setFileExtensions(forPath: (path: string) => Extension): void;
}

export function createEditor(parent: HTMLElement, o: { onSave: () => void }): StudioEditor {
  const readOnly = new Compartment();
  const fileExtensions = new Compartment();
  const changeListeners: ((text: string) => void)[] = [];
  const cursorListeners: ((line: number) => void)[] = [];
  let extensionsFor: (path: string) => Extension = () => [];
  let path: string | null = null;
  let lastLine = 1;
  let showing = false;

  const extensions = (forPath: string | null): Extension[] => [
    basicSetup,
    yaml(),
    // Copy files hold long texts and the editor shares the width with the preview: lines wrap rather than scroll sideways.
    EditorView.lineWrapping,
    // A tab stop axe recognises (a contenteditable alone is not one to it), so the scrolled text is reachable by keyboard.
    EditorView.contentAttributes.of({ 'aria-label': 'File text', tabindex: '0' }),
    keymap.of([
      {
        key: 'Mod-s',
        preventDefault: true,
        run: () => {
          o.onSave();
          return true;
        },
      },
    ]),
    readOnly.of(EditorState.readOnly.of(forPath === null)),
    fileExtensions.of(forPath === null ? [] : extensionsFor(forPath)),
    EditorView.updateListener.of((update) => {
      if (update.docChanged && !showing) for (const listener of changeListeners) listener(update.state.doc.toString());
      if (update.selectionSet || update.docChanged) {
        const line = update.state.doc.lineAt(update.state.selection.main.head).number;
        if (line !== lastLine) {
          lastLine = line;
          for (const listener of cursorListeners) listener(line);
        }
      }
    }),
  ];

  const view = new EditorView({ parent, state: EditorState.create({ doc: '', extensions: extensions(null) }) });

  return {
    view,
    get path() {
      return path;
    },
    show(newPath, text) {
      path = newPath;
      showing = true;
      view.setState(EditorState.create({ doc: text, extensions: extensions(newPath) }));
      showing = false;
      lastLine = 1;
    },
    text: () => view.state.doc.toString(),
    goTo(line, column = 1) {
      const at = offsetOf(view, line, column);
      view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      view.focus();
    },
    cursorLine: () => view.state.doc.lineAt(view.state.selection.main.head).number,
    focus: () => view.focus(),
    setReadOnly(value) {
      view.dispatch({ effects: readOnly.reconfigure(EditorState.readOnly.of(value)) });
    },
    mark(diagnostics) {
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    onChange: (listener) => void changeListeners.push(listener),
    onCursorLine: (listener) => void cursorListeners.push(listener),
    setFileExtensions(forPath) {
      extensionsFor = forPath;
      if (path !== null) view.dispatch({ effects: fileExtensions.reconfigure(extensionsFor(path)) });
    },
  };
}

/** The document offset of a 1-based line and column, clamped to the document. */
export function offsetOf(view: EditorView, line: number, column = 1): number {
  const doc = view.state.doc;
  const target = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(target.from + Math.max(0, column - 1), target.to);
}
