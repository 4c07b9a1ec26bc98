import type { PageAssets } from '../pageAssets.ts';

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

type Prefetch = typeof import('../prefetch.ts');

export interface FetchAheadOptions {
  doc: Document;
  /** The screen a path of the app opens. */
  screenAt: (path: string) => string | undefined;
  connection: () => Connection | undefined;
  /** Runs work once the browser is idle. */
  idle: (work: () => void) => void;
  /** src/runtime/prefetch.ts, loaded then: the first screen does not wait for its code. */
  load?: () => Promise<Prefetch>;
}

/**
 * Fetching ahead (src/runtime/prefetch.ts), set up once the page is idle: its code and the page's asset map are read
 * then, the intent listeners added then. Returns what the runtime calls when a screen shows.
 */
export function fetchAhead(o: FetchAheadOptions): (screenId: string) => void {
  let ready: Promise<{ prefetch: Prefetch; assets: PageAssets } | null> | undefined;
  const load = o.load ?? (() => import('../prefetch.ts'));
  const whenIdle = (work: (prefetch: Prefetch, assets: PageAssets) => void) =>
    o.idle(() => {
      ready ??= load().then((prefetch) => {
        const assets = prefetch.readPageAssets(o.doc);
        if (assets) prefetch.prefetchOnIntent(o.doc, o.screenAt, (id) => prefetch.prefetchScreen(assets, id, o.doc, o.connection()));
        return assets && { prefetch, assets };
      });
      void ready.then((loaded) => loaded && work(loaded.prefetch, loaded.assets));
    });
  whenIdle(() => undefined);
  return (screenId) => whenIdle((prefetch, assets) => prefetch.prefetchAhead(assets, screenId, o.doc, o.connection()));
}
