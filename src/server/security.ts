/**
 * Security headers (@fastify/helmet) with a Content-Security-Policy the built app runs under:
 * scripts, styles and calls to our own origin only — plus, with the Braintree gateway, the
 * origins braintree-web, PayPal and Google Pay load from and talk to (`helmetOptionsFor`).
 * Third-party origins are added here, nowhere else.
 */
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { ENTRY_AFTER_PAINT_SOURCE } from './pages/entryAfterPaint.ts';

export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  // A server-rendered page's one inline script: it adds the entry after the first paint (src/server/pages/entryAfterPaint.ts).
  'script-src': ["'self'", ENTRY_AFTER_PAINT_SOURCE],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * The studio page's policy (/admin/studio): the same, but for style attributes, which its editor
 * (CodeMirror) sets on the lines and gutters it draws. Scripts stay our own origin's only, and the
 * studio puts text into the page as text (src/studio/dom.ts).
 */
export const studioContentSecurityPolicy = Object.entries({ ...contentSecurityPolicy, 'style-src': ["'self'", "'unsafe-inline'"] })
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join('; ');

export const helmetOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    // No upgrade-insecure-requests: `npm start` serves plain http://localhost; TLS is the
    // load balancer's business, which also sets HSTS for the real host.
    directives: contentSecurityPolicy,
  },
  // Helmet's default is no-referrer; the runtime reads the same-origin referrer as the page a
  // parent came from (`navigation.from`), and cross-origin requests still get the origin only.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * What braintree-web's hosted fields (iframes on assets.braintreegateway.com, calls to the client
 * API), PayPal's SDK and window, and Google Pay's pay.js need. Apple Pay runs in Safari itself.
 */
export const braintreeSources = {
  'script-src': [
    'https://js.braintreegateway.com',
    'https://assets.braintreegateway.com',
    'https://www.paypal.com',
    'https://*.paypalobjects.com',
    'https://c.paypal.com',
    'https://pay.google.com',
  ],
  'frame-src': ['https://assets.braintreegateway.com', 'https://*.paypal.com', 'https://pay.google.com'],
  'connect-src': [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://payments.braintree-api.com',
    'https://payments.sandbox.braintree-api.com',
    'https://www.paypal.com',
    'https://*.paypal.com',
    'https://pay.google.com',
  ],
  'img-src': ['https://assets.braintreegateway.com', 'https://*.paypal.com', 'https://*.paypalobjects.com', 'https://www.gstatic.com'],
  // PayPal's button script inserts <style> elements (PayPal's CSP guide asks for this).
  'style-src': ["'unsafe-inline'"],
} as const;

/**
 * The class funnels' scheduling and booking widgets (the `widget` blocks' `url:` in funnels/,
 * src/adapters/widgets): shown in a frame, and asked first whether they answer.
 * tests/unit/class-widgets.test.ts checks every widget address of the funnels is allowed here.
 */
export const widgetSources = {
  'frame-src': ['https://book.codeling.example'],
  'connect-src': ['https://book.codeling.example'],
} as const;

const withSources = (base: Record<string, readonly string[]>, ...extra: Record<string, readonly string[]>[]) => {
  const directives: Record<string, string[]> = Object.fromEntries(Object.entries(base).map(([name, sources]) => [name, [...sources]]));
  for (const more of extra)
    for (const [name, sources] of Object.entries(more)) directives[name] = [...(directives[name] ?? []), ...sources];
  return directives;
};

/** The headers' options for the payment gateway in use: PayPal's window needs `same-origin-allow-popups`. */
export function helmetOptionsFor(gateway: 'sandbox' | 'braintree'): FastifyHelmetOptions {
  if (gateway === 'sandbox')
    return {
      ...helmetOptions,
      contentSecurityPolicy: { useDefaults: false, directives: withSources(contentSecurityPolicy, widgetSources) },
    };
  const directives = withSources(contentSecurityPolicy, braintreeSources, widgetSources);
  return {
    ...helmetOptions,
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/**
 * The headers @fastify/helmet sets with `options`, worked out once at start: they are the same
 * on every response (no CSP nonces), while the plugin builds helmet's middleware again for
 * every request (a tenth of a cached call's time in `npm run bench`). buildServer sets these
 * in an onRequest hook instead of registering the plugin.
 */
export async function securityHeaders(options: FastifyHelmetOptions = helmetOptions): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify({ logger: false });
    if (withHelmet) await app.register(fastifyHelmet, options);
    app.get('/', async () => 'probe');
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return response.headers;
  };
  const [plain, secured] = await Promise.all([probe(false), probe(true)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) if (plain[name] === undefined && typeof value === 'string') headers[name] = value;
  return headers;
}
