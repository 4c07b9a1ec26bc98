/** The few cookies of the `/admin` pages, read and written by hand (no cookie plugin for three names). */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * HttpOnly, SameSite=Strict, Path=/admin (never sent to the parents' app), Secure when the
 * request came over https (the load balancer's X-Forwarded-Proto with TRUST_PROXY).
 * `maxAgeSeconds` 0 deletes the cookie.
 */
export function setAdminCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAgeSeconds: number): void {
  const attributes = [`${name}=${encodeURIComponent(value)}`, 'Path=/admin', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (request.protocol === 'https') attributes.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}
