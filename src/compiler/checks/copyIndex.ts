import { closest } from '../../language/suggest.ts';
import type { CopyFile } from '../load.ts';

export interface CopyEntry {
  locale: string;
  /** 'login:errors.wrongPassword' */
  key: string;
  /** Undefined when the value is not a text (its schema error is reported). */
  text?: string;
  file: CopyFile;
  /** YAML path in the copy file: ['errors', 'wrongPassword']. */
  path: string[];
}

/** Every copy text of every locale, by full key 'namespace:a.b.c'. */
export class CopyIndex {
  /** Locale folders that hold copy, the source locale first. */
  readonly locales: string[];
  /** The locale others are compared with: app.defaultLocale, or the first folder. */
  readonly source: string;
  private readonly entries = new Map<string, Map<string, CopyEntry>>();
  private readonly files = new Map<string, Map<string, CopyFile>>();

  constructor(copyFiles: CopyFile[], defaultLocale: string) {
    for (const file of copyFiles) {
      if (!this.files.has(file.locale)) this.files.set(file.locale, new Map());
      this.files.get(file.locale)!.set(file.namespace, file);
      if (!this.entries.has(file.locale)) this.entries.set(file.locale, new Map());
      if (file.parsed)
        flatten(file.data, [], (path, value) => {
          const key = `${file.namespace}:${path.join('.')}`;
          this.entries
            .get(file.locale)!
            .set(key, { locale: file.locale, key, ...(typeof value === 'string' ? { text: value } : {}), file, path });
        });
    }
    const folders = [...this.files.keys()].sort();
    this.source = folders.includes(defaultLocale) ? defaultLocale : (folders[0] ?? defaultLocale);
    this.locales = folders.includes(this.source) ? [this.source, ...folders.filter((l) => l !== this.source)] : folders;
  }

  get(locale: string, key: string): CopyEntry | undefined {
    return this.entries.get(locale)?.get(key);
  }

  /** The file of a namespace in a locale, if there is one. */
  file(locale: string, namespace: string): CopyFile | undefined {
    return this.files.get(locale)?.get(namespace);
  }

  keys(locale: string): string[] {
    return [...(this.entries.get(locale)?.keys() ?? [])];
  }

  entriesOf(locale: string): CopyEntry[] {
    return [...(this.entries.get(locale)?.values() ?? [])];
  }

  /** Is there any key under the group 'ns:a.b' (for runtime keys written 'ns:a.b.*')? */
  hasGroup(locale: string, group: string): boolean {
    let groups = this.groups.get(locale);
    if (!groups) {
      groups = new Set();
      for (const key of this.entries.get(locale)?.keys() ?? [])
        for (let dot = key.indexOf('.'); dot >= 0; dot = key.indexOf('.', dot + 1)) groups.add(key.slice(0, dot));
      this.groups.set(locale, groups);
    }
    return groups.has(group);
  }

  /** Every group (a key's prefix before one of its dots), by locale; made on first use. */
  private readonly groups = new Map<string, Set<string>>();

  /** The text of a key in the source locale, else in the first locale that has it. */
  text(key: string): CopyEntry | undefined {
    for (const locale of this.locales) {
      const entry = this.get(locale, key);
      if (entry?.text !== undefined) return entry;
    }
    return undefined;
  }
}

function flatten(value: unknown, path: string[], leaf: (path: string[], value: unknown) => void): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, [...path, key], leaf);
  } else if (path.length > 0) leaf(path, value);
}

/** `{name}` placeholders of a copy text. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!))];
}

export const splitKey = (key: string) => {
  const colon = key.indexOf(':');
  return { namespace: key.slice(0, colon), name: key.slice(colon + 1) };
};

/**
 * A "did you mean" for a copy key: within its namespace the key names are compared (so the
 * shared 'namespace:' does not make unrelated keys look alike); with an unknown namespace,
 * whole keys.
 */
export function closestCopyKey(key: string, candidates: readonly string[]): string | undefined {
  const { namespace, name } = splitKey(key);
  const sameNamespace = candidates.filter((k) => splitKey(k).namespace === namespace);
  if (sameNamespace.length > 0) {
    const near = closest(
      name,
      sameNamespace.map((k) => splitKey(k).name),
    );
    return near === undefined ? undefined : `${namespace}:${near}`;
  }
  return closest(key, candidates);
}
