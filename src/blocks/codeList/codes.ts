/** The codes in a value: a list, a list written as JSON, or one code; anything else is none. */
export function codesOf(raw: unknown): string[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text);
      } catch {
        return [];
      }
    } else list = text ? [text] : [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter((c): c is string => typeof c === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(c));
}
