/**
 * Third-party widgets (the class funnels' scheduling and booking calendars):
 * a page of the widget provider shown in a frame. The URL of each widget is config (the
 * `widget` block's `url:`); the provider's origin must be allowed as a frame and a connection
 * in the server's Content-Security-Policy (src/server/security.ts).
 *
 * Whether the provider answers is asked first (a no-cors request: an opaque answer is enough,
 * a network failure, a blocked request or no answer within `timeoutMs` is not); only then is
 * the frame drawn, and the frame itself must load within `timeoutMs`. Otherwise the block
 * shows its fallback (a link to the widget's page and the support contact), never an empty box.
 */

export type WidgetStatus = 'loading' | 'ready' | 'failed';

export interface WidgetProbeOptions {
  /** How long the provider may take to answer (default 8000 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export const WIDGET_TIMEOUT_MS = 8000;

/** Only https addresses (and http on this machine, for local providers) are embedded. */
export function embeddableUrl(url: string, pageOrigin?: string): boolean {
  try {
    const u = new URL(url);
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.origin === pageOrigin);
  } catch {
    return false;
  }
}

/** Resolves true when the widget's provider answered, false when it cannot be reached in time. */
export async function probeWidget(url: string, o: WidgetProbeOptions = {}): Promise<boolean> {
  if (!embeddableUrl(url)) return false;
  const controller = new AbortController();
  const abort = () => controller.abort();
  o.signal?.addEventListener('abort', abort);
  const timer = setTimeout(abort, o.timeoutMs ?? WIDGET_TIMEOUT_MS);
  try {
    await (o.fetch ?? fetch)(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', abort);
  }
}

/**
 * The frame's own loading: resolves 'ready' on its load event, 'failed' when it does not load
 * within `timeoutMs`. Answers a function that stops watching.
 */
export function watchFrame(
  frame: Pick<HTMLIFrameElement, 'addEventListener' | 'removeEventListener'>,
  onStatus: (s: Exclude<WidgetStatus, 'loading'>) => void,
  timeoutMs = WIDGET_TIMEOUT_MS,
): () => void {
  let done = false;
  const finish = (s: Exclude<WidgetStatus, 'loading'>) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    frame.removeEventListener('load', onLoad);
    onStatus(s);
  };
  const onLoad = () => finish('ready');
  const timer = setTimeout(() => finish('failed'), timeoutMs);
  frame.addEventListener('load', onLoad);
  return () => {
    done = true;
    clearTimeout(timer);
    frame.removeEventListener('load', onLoad);
  };
}
