import { createHash } from 'node:crypto';

/**
 * What a server-rendered page has in place of its entry's module script: a script of its own, the same on every page
 * (its hash is in the Content-Security-Policy: src/server/security.ts), that adds the module script (its address in
 * `data-entry`) once the browser reports the page's first contentful paint (a `paint` PerformanceObserver: the
 * moment the frame was shown, later than the main thread's part of it, which `requestAnimationFrame` would follow).
 * The page is readable from its HTML and stylesheet, the script only hydrates it: nothing else is on the network
 * before the first paint (docs/performance.md, "As it stands"). A tab that is not shown draws nothing: there, and
 * in a browser without paint timing, the script is added at once.
 */
export const ENTRY_AFTER_PAINT =
  "((src)=>{let added=false;const add=()=>{if(added)return;added=true;const s=document.createElement('script');" +
  "s.type='module';s.crossOrigin='';s.src=src;document.head.append(s)};" +
  "if(document.visibilityState!=='visible'||!PerformanceObserver.supportedEntryTypes?.includes('paint'))return add();" +
  "document.addEventListener('visibilitychange',add,{once:true});" +
  "new PerformanceObserver((list)=>{if(list.getEntriesByName('first-contentful-paint').length)add()})" +
  ".observe({type:'paint',buffered:true})" +
  '})(document.currentScript.dataset.entry)';

/** The script's source in the Content-Security-Policy's `script-src`. */
export const ENTRY_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(ENTRY_AFTER_PAINT).digest('base64')}'`;
