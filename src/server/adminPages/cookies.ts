/**
 * The few cookies of the `/admin` pages, read and written by hand (no cookie plugin for two names).
 *
 * All are HttpOnly and SameSite=Strict. In production (NODE_ENV=production) each is
 * `__Host-<name>`, Secure and `Path=/` (the prefix requires both), whatever the request's
 * protocol: behind a TLS load balancer the server may see plain http (TRUST_PROXY unset), and
 * the browser still sees https. Elsewhere they keep their plain name and `Path=/admin` (never
 * sent to the parents' app), Secure only over https: browsers refuse Secure cookies over plain
 * http (but on localhost), which is how development runs (docs/decisions.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface AdminCookies {
  /** The name a cookie goes by: `__Host-<name>` in production. */
  nameOf(name: string): string;
  read(request: FastifyRequest, name: string): string | null;
  /** `maxAgeSeconds` 0 deletes the cookie. */
  set(request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAgeSeconds: number): void;
}

export function adminCookies(o: { production: boolean }): AdminCookies {
  const nameOf = (name: string) => (o.production ? `__Host-${name}` : name);
  return {
    nameOf,
    read(request, name) {
      const wanted = nameOf(name);
      for (const part of (request.headers.cookie ?? '').split(';')) {
        const at = part.indexOf('=');
        if (at < 0 || part.slice(0, at).trim() !== wanted) continue;
        try {
          return decodeURIComponent(part.slice(at + 1).trim());
        } catch {
          return null;
        }
      }
      return null;
    },
    set(request, reply, name, value, maxAgeSeconds) {
      const attributes = [
        `${nameOf(name)}=${encodeURIComponent(value)}`,
        o.production ? 'Path=/' : 'Path=/admin',
        `Max-Age=${maxAgeSeconds}`,
        'HttpOnly',
        'SameSite=Strict',
      ];
      if (o.production || request.protocol === 'https') attributes.push('Secure');
      const previous = reply.getHeader('set-cookie');
      const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
      reply.header('set-cookie', [...list, attributes.join('; ')]);
    },
  };
}
