/**
 * Security headers (@fastify/helmet) with a Content-Security-Policy the built app runs under:
 * scripts, styles and calls to our own origin only. A later payment or scheduling issue adds
 * its providers' origins here (braintree-web, PayPal, the booking widgets), nowhere else —
 * and PayPal's popup flow will need `crossOriginOpenerPolicy: same-origin-allow-popups`.
 */
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
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
