/**
 * What the studio lets a browser write: the paths it may save, how large a file and a workspace
 * may grow, and YAML that the parser can expand without blowing up. Checked before anything is
 * stored (tests/server/studio-api.test.ts "safety").
 */
import { createHash } from 'node:crypto';
import { parseDocument } from 'yaml';
import { SOURCE_HASHES_FILE, sourceHashesProblem } from '../../compiler/translations/sourceHashes.ts';

/** The largest file of this repository is 24 KB; ten times that is still a file a person edits. */
export const MAX_FILE_BYTES = 256 * 1024;
/** This repository's funnels/ and copy/ together hold 0.3 MB. */
export const MAX_WORKSPACE_BYTES = 4 * 1024 * 1024;
export const MAX_WORKSPACE_FILES = 400;
/** Aliases a file may expand (the `yaml` package's maxAliasCount): a few anchors are normal, a billion laughs is not. */
export const MAX_ALIASES = 100;

const NAME = '[A-Za-z0-9][A-Za-z0-9_-]*\\.yaml';
const FINGERPRINTS = SOURCE_HASHES_FILE.replaceAll('.', '\\.');
/**
 * funnels/<name>.yaml, funnels/templates/<name>.yaml, copy/<locale>/<name>.yaml (`en`, `es`, `pt-BR`), and
 * copy/<locale>/.translated-from.json, the fingerprints of the English a language translated (docs/translators.md).
 */
const EDITABLE = new RegExp(`^(funnels/(templates/)?${NAME}|copy/[a-z]{2,3}(-[A-Z]{2})?/(${NAME}|${FINGERPRINTS}))$`);

export const isEditablePath = (path: string) => path.length <= 200 && EDITABLE.test(path);

/** A file's version: the SHA-256 (hex) of its text. */
export const versionOf = (text: string) => createHash('sha256').update(text).digest('hex');

export const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/** Why the text of `path` cannot be stored, or null: the fingerprints must be what the translators' tools read. */
export const unsafeText = (path: string, text: string): string | null =>
  path.endsWith(`/${SOURCE_HASHES_FILE}`) ? sourceHashesProblem(text) : unsafeYaml(text);

/**
 * Why the text cannot be stored, or null. A YAML syntax error is stored (a file is saved half
 * written, and the check then marks it); aliases past the cap are not: expanding them is what
 * would take the server's memory.
 */
function unsafeYaml(text: string): string | null {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) return null;
  try {
    doc.toJS({ maxAliasCount: MAX_ALIASES });
    return null;
  } catch (error) {
    return `The YAML expands too many aliases (at most ${MAX_ALIASES}): ${(error as Error).message}`;
  }
}
