/** Building the studio's DOM: text goes in as textContent only, never as HTML. */

type Props = Record<string, string | ((event: Event) => void) | undefined>;

/** An element with attributes (`text` sets its text, `on<event>` adds a listener) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** The element with this id, which the server-rendered page holds (src/server/studio/page/page.ts). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The studio page has no #${id}.`);
  return found as T;
}
