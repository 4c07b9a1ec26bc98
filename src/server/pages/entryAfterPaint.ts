import { createHash } from 'node:crypto';

/**
 * What a server-rendered page has in place of its entry's module script: a script of its own, the same on every page
 * (its hash is in the Content-Security-Policy: src/server/security.ts), that adds the module script (its address in
 * `data-entry`) once the page has painted: when the browser draws its first frame (`requestAnimationFrame`) and
 * that frame is done (`setTimeout`). The page is readable from its HTML and stylesheet; the script only hydrates
 * it, and nothing else is on the network before the first paint (docs/performance.md, "As it stands"). A page
 * opened in a tab that is not shown (no frames drawn) adds it at once.
 */
export const ENTRY_AFTER_PAINT =
  "((src)=>{const add=()=>{const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=src;document.head.append(s)};" +
  "document.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(add)):add()})(document.currentScript.dataset.entry)";

/** The script's source in the Content-Security-Policy's `script-src`. */
export const ENTRY_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(ENTRY_AFTER_PAINT).digest('base64')}'`;
