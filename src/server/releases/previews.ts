/**
 * Release previews (docs/releases.md, "Previews"): a draft's link `/?preview=<token>` shows the
 * draft to whoever opens it, for as long as the token works (service.ts `previewDraft`: 7 days,
 * until the draft is deleted). Everyone else sees the live release.
 *
 * - A page opened with a working `?preview=<token>` sets the preview cookie (HttpOnly,
 *   SameSite=Lax, `Path=/`, for the browser session): the whole visit, full page loads included,
 *   stays on the draft. `?preview=off`, or a token that no longer works, clears it.
 * - A request carrying a working cookie is "in preview": its page runs the draft, its calls pay on
 *   the sandbox gateway and what it makes is test data (src/server/payments/previewPayments.ts).
 * - A draft's files are served only to its preview: a guessed id finds nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies } from '../../browser/storage.ts';
import { PREVIEW_OFF, PREVIEW_PARAM } from '../../contract/releases.ts';
import type { CompiledRelease, CompiledReleases } from './compiled.ts';

export const PREVIEW_COOKIE = 'releasePreview';

export interface Previews {
  /** The draft the request's preview cookie shows; undefined when it carries none that works. */
  draftOf(request: FastifyRequest): Promise<CompiledRelease | undefined>;
  /**
   * The draft a page shows: its `?preview=` link's (setting the cookie), else the cookie's. A link
   * or cookie that does not work (and `?preview=off`) clears the cookie: undefined, the live release.
   */
  pageDraft(request: FastifyRequest, reply: FastifyReply): Promise<CompiledRelease | undefined>;
  /** The Cookie header that puts the server's own calls for a previewed page in its preview (after `pageDraft` found one). */
  callCookie(request: FastifyRequest): string | undefined;
  /** May this request be served this release's files? Any release but a draft, and a draft to its own preview. */
  mayServe(request: FastifyRequest, releaseId: number): Promise<boolean>;
}

export interface PreviewsOptions {
  releases: CompiledReleases;
  /** The cookie is Secure in production whatever the request's protocol (behind a TLS load balancer), else over https. */
  production: boolean;
}

export function releasePreviews(o: PreviewsOptions): Previews {
  const asked = new WeakMap<FastifyRequest, Promise<CompiledRelease | undefined>>();
  /** The working token of a previewed page's request: its link's, else its cookie's. */
  const pageTokens = new WeakMap<FastifyRequest, string>();
  const tokenOf = (request: FastifyRequest): string | undefined => parseCookies(request.headers.cookie ?? '')[PREVIEW_COOKIE];
  const draftOf = (request: FastifyRequest) => {
    let draft = asked.get(request);
    if (!draft) {
      const token = tokenOf(request);
      draft = token ? o.releases.preview(token) : Promise.resolve(undefined);
      asked.set(request, draft);
    }
    return draft;
  };
  const setCookie = (request: FastifyRequest, reply: FastifyReply, value: string | null) => {
    const attributes = [`${PREVIEW_COOKIE}=${encodeURIComponent(value ?? '')}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
    if (value === null) attributes.push('Max-Age=0');
    if (o.production || request.protocol === 'https') attributes.push('Secure');
    const previous = reply.getHeader('set-cookie');
    const list = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
    reply.header('set-cookie', [...list, attributes.join('; ')]);
  };

  return {
    draftOf,
    async pageDraft(request, reply) {
      const link = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_PARAM];
      if (typeof link === 'string' && link !== '') {
        const draft = link === PREVIEW_OFF ? undefined : await o.releases.preview(link);
        asked.set(request, Promise.resolve(draft));
        setCookie(request, reply, draft ? link : null);
        if (draft) pageTokens.set(request, link);
        return draft;
      }
      const draft = await draftOf(request);
      if (!draft && tokenOf(request)) setCookie(request, reply, null);
      if (draft) pageTokens.set(request, tokenOf(request)!);
      return draft;
    },
    callCookie(request) {
      const token = pageTokens.get(request);
      return token === undefined ? undefined : `${PREVIEW_COOKIE}=${encodeURIComponent(token)}`;
    },
    async mayServe(request, releaseId) {
      if (!(await o.releases.isDraft(releaseId))) return true;
      return (await draftOf(request))?.id === releaseId;
    },
  };
}
