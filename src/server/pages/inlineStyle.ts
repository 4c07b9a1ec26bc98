/**
 * The built app's stylesheet written into a server-rendered page instead of linked: the page
 * paints from its HTML alone, without the stylesheet's round trip (docs/performance.md, "The first
 * paint"). Its hash goes into the Content Security Policy's style-src (src/server/app.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface InlineStyle {
  /** The built index.html's stylesheet link, as written there. */
  link: string;
  /** The <style> element a server-rendered page has in its place. */
  style: string;
  /** The style-src source that allows it: 'sha256-…'. */
  source: string;
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/[\w./-]+\.css)">/;

/** Null when the build links no stylesheet, or one that cannot sit inside a <style> element. */
export function inlineStyleOf(distDir: string): InlineStyle | null {
  const index = path.join(distDir, 'index.html');
  const link = existsSync(index) ? STYLESHEET_LINK.exec(readFileSync(index, 'utf8')) : null;
  const file = link ? path.join(distDir, link[1]!) : null;
  if (!link || !file || !existsSync(file)) return null;
  const css = readFileSync(file, 'utf8');
  if (/<\/style/i.test(css)) return null;
  return { link: link[0], style: `<style>${css}</style>`, source: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}
