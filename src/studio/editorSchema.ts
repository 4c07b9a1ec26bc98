/**
 * The editor's intelligence for the open file (docs/releases.md, "Studio editor"):
 *
 * - completion, hover and lint from the draft's JSON Schema for the file (./schemaEditing.ts, the
 *   schemas and their globs from GET …/schemas: the mapping .vscode/settings.json is written from);
 * - the server's check of the text as typed (POST …/check with the unsaved text), each problem of
 *   the open file a marker with its FL code and docs/errors.md entry, the rest in the Problems list,
 *   a pause of LINT_DELAY_MS after typing stops;
 * - the "cursor moved to screen" event (./editorScreens.ts).
 */
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { type Diagnostic, linter } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { el } from './dom.ts';
import { CURSOR_SCREEN_EVENT, type CursorScreen, screenAtLine } from './editorScreens.ts';
import { markersOf } from './problems.ts';
import { completionsAt, hoverAt, type JsonSchema, type SchemaMapping, schemaPathFor, schemaProblems } from './schemaEditing.ts';
import type { Studio } from './studio.ts';

/** The pause after typing before the text is checked: with the server's check (0.2–0.4 s), markers within 1 s. */
export const LINT_DELAY_MS = 400;

export function editorSchemas(studio: Studio) {
  let mapping: (SchemaMapping & { hash: string }) | undefined;
  const schemas = new Map<string, Promise<JsonSchema | undefined>>();
  const workspacePath = (path: string) => `/workspaces/${studio.workspace.id}${path}`;

  async function loadMapping() {
    const answer = await studio.api.call<SchemaMapping & { hash: string }>('GET', workspacePath('/schemas'));
    if (answer.ok && answer.data.hash !== mapping?.hash) {
      mapping = answer.data;
      schemas.clear();
    }
  }

  function schemaOf(file: string): Promise<JsonSchema | undefined> {
    const path = mapping ? schemaPathFor(file, mapping) : undefined;
    if (!path) return Promise.resolve(undefined);
    let schema = schemas.get(path);
    if (!schema) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      schema = studio.api
        .call<JsonSchema & Record<string, unknown>>('GET', workspacePath(`/schemas/${name}?hash=${mapping!.hash}`))
        .then((answer) => (answer.ok ? (answer.data as JsonSchema) : undefined));
      schemas.set(path, schema);
    }
    return schema;
  }

  function forFile(file: string): Extension {
    let schema: JsonSchema | undefined;
    const loaded = schemaOf(file).then((s) => {
      schema = s;
    });

    const lint = linter(
      async (view): Promise<Diagnostic[]> => {
        await loaded;
        const text = view.state.doc.toString();
        const own: Diagnostic[] = schema
          ? schemaProblems(text, schema).map((p) => ({ from: p.from, to: p.to, severity: 'error', source: 'schema', message: p.message }))
          : [];
        const checked = studio.workspace.publishedReleaseId === null ? await studio.check({ path: file, text }) : null;
        if (view.state.doc.toString() !== text) return [];
        return [...own, ...markersOf(studio, checked ?? [])];
      },
      { delay: LINT_DELAY_MS },
    );

    const complete = (context: CompletionContext): CompletionResult | null => {
      if (!schema) return null;
      const found = completionsAt(context.state.doc.toString(), context.pos, schema);
      if (!found || found.options.length === 0 || (found.from === found.to && !context.explicit)) return null;
      return {
        from: found.from,
        to: found.to,
        options: found.options.map((o) => ({ label: o.label, apply: o.apply, type: o.type, ...(o.info ? { info: o.info } : {}) })),
        validFor: /^[\w:.$-]*$/,
      };
    };

    const hover = hoverTooltip((view, pos) => {
      const found = schema ? hoverAt(view.state.doc.toString(), pos, schema) : undefined;
      if (!found) return null;
      return { pos: found.from, end: found.to, create: () => ({ dom: el('div', { class: 'studio-hover', text: found.text }) }) };
    });

    return [lint, EditorState.languageData.of(() => [{ autocomplete: complete }]), hover];
  }

  let lastScreen: string | null | undefined;
  function cursorScreen(line: number) {
    const file = studio.editor.path;
    if (!file) return;
    const screenId = file.startsWith('funnels/') ? screenAtLine(studio.editor.text(), line) : null;
    if (screenId === lastScreen) return;
    lastScreen = screenId;
    document.dispatchEvent(new CustomEvent<CursorScreen>(CURSOR_SCREEN_EVENT, { detail: { file, screenId, line } }));
  }

  studio.editor.setFileExtensions(forFile);
  studio.editor.onCursorLine(cursorScreen);
  studio.onFile(async (event) => {
    if (event.kind === 'saved') await loadMapping();
    if (event.kind === 'opened') {
      lastScreen = undefined;
      cursorScreen(studio.editor.cursorLine());
    }
  });
  studio.onReady(loadMapping);
}
