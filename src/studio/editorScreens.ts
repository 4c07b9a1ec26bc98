/**
 * Which screen of a funnel file a line is in (the `screens:` item holding it), and the event the
 * studio sends when the editor's cursor moves into another screen: the preview shows it
 * (./preview.ts), the funnel map can follow it. Listen with
 * `document.addEventListener(CURSOR_SCREEN_EVENT, (e) => (e as CustomEvent<CursorScreen>).detail)`.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';

export const CURSOR_SCREEN_EVENT = 'studio:cursor-screen';

export interface CursorScreen {
  file: string;
  /** The screen's `id:`; null when the cursor is in no screen of the file (its header, a template's instance). */
  screenId: string | null;
  line: number;
}

/** The id of the screen whose `screens:` item holds the 1-based line, or null. */
export function screenAtLine(text: string, line: number): string | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  const screens = isMap(doc.contents) ? doc.contents.get('screens', true) : undefined;
  if (!isSeq(screens)) return null;
  for (const item of screens.items) {
    if (!isMap(item) || !item.range) continue;
    const first = lines.linePos(item.range[0]).line;
    const last = lines.linePos(Math.max(item.range[0], item.range[2] - 1)).line;
    const id = item.get('id', true);
    // An item starts on its `- ` line: the line of its first key.
    if (line >= first && line <= last && isScalar(id)) return String(id.value);
  }
  return null;
}
