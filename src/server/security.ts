/**
 * Security headers (@fastify/helmet) with a Content-Security-Policy the built app runs under:
 * scripts, styles and calls to our own origin only. A later payment or scheduling issue adds
 * its providers' origins here (braintree-web, PayPal, the booking widgets), nowhere else —
 * and PayPal's popup flow will need `crossOriginOpenerPolicy: same-origin-allow-popups`.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

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
