/**
 * The `type:` of every block a screen shows, in its blocks or its variants' (and, harmlessly,
 * any other `type:` in it, a field's say: callers look up block types). Read off the screen's
 * JSON, so it holds for blocks nested in any block.
 */
export const blockTypesIn = (screen: unknown): Set<string> =>
  new Set([...JSON.stringify(screen ?? null).matchAll(/"type":"(\w+)"/g)].map((m) => m[1]!));
