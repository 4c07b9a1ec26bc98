/** A provider's script (Google's pay.js), added once; a failed load may be tried again. */
const loading = new Map<string, Promise<void>>();

/** How long a provider's script may take before the wallet counts as not loaded. */
export const SCRIPT_TIMEOUT_MS = 20_000;

export function loadScript(src: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  let promise = loading.get(src);
  if (promise) return promise;
  promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (why: string) => {
      clearTimeout(timer);
      script.remove();
      loading.delete(src);
      reject(new Error(`${src} ${why}`));
    };
    const timer = setTimeout(() => fail(`did not load within ${timeoutMs} ms`), timeoutMs);
    script.src = src;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail('did not load');
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
