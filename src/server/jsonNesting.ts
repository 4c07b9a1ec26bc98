/**
 * How deeply a JSON text nests, found before it is parsed: deep nesting costs recursion in
 * everything that walks the parsed value later (validation, serialisation, jsonb), so a body
 * nested past a limit is refused up front.
 */
import { CallError, ErrorCode } from '../contract/index.ts';

/** Arrays and objects inside one another that a request body may have. */
export const MAX_JSON_NESTING = 32;

/** True when the text opens more than `limit` arrays or objects inside one another. One pass; brackets inside strings do not count. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/** The answer to such a body: 400, code 107 like malformed JSON. */
export const nestedTooDeeply = () =>
  new CallError(ErrorCode.INVALID_JSON, `Request body is nested too deeply: at most ${MAX_JSON_NESTING} levels of arrays and objects.`);
