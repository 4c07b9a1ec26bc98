import { type Document, isAlias, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { YamlPath } from './diagnostic.ts';

export type Range = readonly [start: number, end: number];

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

function rangeOf(node: unknown): Range | undefined {
  const range = (node as Node | null)?.range;
  return range ? [range[0], range[1]] : undefined;
}

/**
 * The source range of the YAML node at `path` (keys and list indexes), following aliases.
 * When the path goes deeper than the document (a missing key), the deepest node that exists
 * is used, so a diagnostic always lands somewhere sensible.
 *
 * `at: 'key'` gives the range of the last key itself; `at: 'firstKey'` the first key of the
 * mapping at `path` (where "Missing 'text:'" is shown).
 */
export function locate(doc: Document, path: YamlPath, at: 'value' | 'key' | 'firstKey' = 'value'): Range | undefined {
  return locateNode(doc, path, at)?.range;
}

/** Like `locate`, with the node whose range it is (to tell which file an expanded template's node came from). */
export function locateNode(
  doc: Document,
  path: YamlPath,
  at: 'value' | 'key' | 'firstKey' = 'value',
): { range: Range; node: Node } | undefined {
  const found = (node: unknown) => {
    const range = rangeOf(node);
    return range ? { range, node: node as Node } : undefined;
  };
  let node: unknown = doc.contents;
  let keyNode: unknown;
  let lastFound: unknown = node;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyText(p.key) === String(segment));
      if (!pair) return found(lastFound);
      keyNode = pair.key;
      // `key:` with nothing after it: point at the key.
      node =
        pair.value === null || (isScalar(pair.value) && pair.value.value === null && rangeOf(pair.value)?.[0] === rangeOf(pair.value)?.[1])
          ? pair.key
          : pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) return found(lastFound);
      keyNode = undefined;
      node = item;
    } else {
      return found(lastFound);
    }
    lastFound = node;
  }
  if (at === 'key' && keyNode) return found(keyNode);
  if (at === 'firstKey') {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node) && node.items[0]) return found(node.items[0].key);
  }
  return found(node);
}
