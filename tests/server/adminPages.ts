/**
 * The operators' `/admin` pages as a browser uses them, over Fastify's inject: cookies kept
 * between requests, forms posted form-encoded, tables read back from the HTML.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { createPasswordHasher } from '../../src/server/auth/passwords.ts';
import type { Database } from '../../src/server/db/types.ts';
import { createOperator } from '../../src/server/operators/accounts.ts';
import { FAST_SCRYPT } from './backendServer.ts';

export const OPERATOR_PASSWORD = 'a-long-operator-password';

let operators = 0;
/** A new operator on the database (as `npm run operator -- create` makes one); answers the email. */
export async function newOperator(db: Kysely<Database>, password = OPERATOR_PASSWORD): Promise<string> {
  const email = `operator-${process.pid}-${++operators}@example.com`;
  await createOperator(db, createPasswordHasher(FAST_SCRYPT), { email, password });
  return email;
}

/** One browser: its cookies (name → value), updated from every answer's Set-Cookie. */
export function adminBrowser(app: () => FastifyInstance, ip = '10.9.8.7') {
  const jar = new Map<string, string>();
  const remember = (response: LightMyRequestResponse) => {
    for (const c of response.cookies as { name: string; value: string; maxAge?: number }[])
      if (c.maxAge === 0 || c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    return response;
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  return {
    jar,
    ip,
    get: async (url: string) =>
      remember(await app().inject({ method: 'GET', url, headers: { cookie: cookieHeader() }, remoteAddress: ip })),
    post: async (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      remember(
        await app().inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(), ...headers },
          payload: new URLSearchParams(fields).toString(),
          remoteAddress: ip,
        }),
      ),
    /** The hidden `csrf` field of a page's form. */
    csrfOf: (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '',
    /** Opens the login form and posts it; answers the POST's response. */
    async logIn(email: string, password: string) {
      const form = await this.get('/admin/login');
      return this.post('/admin/login', { csrf: this.csrfOf(form.body), email, password });
    },
  };
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The page's tables by caption: their body rows as cell texts. */
export function tablesOf(html: string): Record<string, string[][]> {
  const tables: Record<string, string[][]> = {};
  for (const [, caption, body] of html.matchAll(/<table><caption>(.*?)<\/caption>.*?<tbody>(.*?)<\/tbody><\/table>/gs))
    tables[textOf(caption!)] = [...body!.matchAll(/<tr>(.*?)<\/tr>/gs)].map(([, row]) =>
      [...row!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map(([, cell]) => textOf(cell!)),
    );
  return tables;
}
