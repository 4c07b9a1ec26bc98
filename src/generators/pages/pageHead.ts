import type { CompiledProject } from '../../compiler/compile.ts';
import { escapeHtml } from '../../domain/html.ts';
import { createCopy } from '../../runtime/copy.ts';

/** What a page's `<head>` says of the app: its language, title and app.yaml's `head:`. */
export interface PageHead {
  lang: string;
  title: string;
  description: string | null;
  themeColor: string | null;
  icon: string | null;
}

/** The head of a page in the default language, before any screen (the shell's). */
export function defaultPageHead(compiled: CompiledProject): PageHead {
  const { head, defaultLocale } = compiled;
  // The texts as the app reads them (i18next: `$t(common:productName)` nested).
  const text = createCopy(defaultLocale, compiled.copy[defaultLocale] ?? {}, async () => ({})).t.get();
  return {
    lang: defaultLocale,
    title: text(compiled.config.app.productName),
    description: head ? text(head.description) : null,
    themeColor: head?.themeColor ?? null,
    icon: head?.icon ?? null,
  };
}

/** index.html (`<html lang>`, an empty `<title>`) with the page's head written in. */
export function withPageHead(html: string, head: PageHead): string {
  const tags = [
    ...(head.description !== null ? [`<meta name="description" content="${escapeHtml(head.description)}" />`] : []),
    ...(head.themeColor !== null ? [`<meta name="theme-color" content="${escapeHtml(head.themeColor)}" />`] : []),
    ...(head.icon !== null
      ? [`<link rel="icon" href="${escapeHtml(head.icon)}"${head.icon.endsWith('.svg') ? ' type="image/svg+xml"' : ''} />`]
      : []),
  ];
  // Replacements are functions: a text with `$&` or `$'` in it is written as it is.
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(head.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `${tags.map((t) => `${t}\n    `).join('')}<title>${escapeHtml(head.title)}</title>`);
}
