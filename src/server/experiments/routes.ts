/**
 * The flag service and the report's events, under /api:
 *
 *   GET  /api/flags?experimentId=…&isRobotE2E=…&audience={json}&…  → { flags: { name: variant }, reasons: { name: reason } }
 *   POST /api/events  body: { events: [...] } (src/contract/events.ts)  → 204
 *
 * The flag service evaluates with the browser's own evaluator (src/experiments/assign.ts), so
 * `VITE_FLAG_PROVIDER=remote` shows a visitor what the local provider would; variants forced
 * by FLAG_OVERRIDES win. Events come from the visitor of the `experimentId` cookie, at most
 * the `events` rate limit's per address (src/server/auth/rateLimits.ts); an exposure must name
 * a running experiment and one of its variants, a step a funnel and screen of the running
 * config (./funnelScreens.ts), or the request is refused (400, `{code: 142, error}`) and
 * nothing of it is kept. Both read the release the page was on (its X-Release header: a tab
 * keeps the release it started on), else the live one; what is kept names that release.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { EVENTS_PATH, type ExperimentEvent, eventsRequest } from '../../contract/events.ts';
import { CallError, ErrorCode } from '../../contract/index.ts';
import { assignVariants } from '../../experiments/assign.ts';
import { audienceMayRead } from '../../experiments/audience.ts';
import { unsafeTextIn } from '../apiInput.ts';
import type { RateLimiter } from '../auth/rateLimits.ts';
import type { Database } from '../db/types.ts';
import { releaseIdOf } from '../releases/requestRelease.ts';
import type { FlagDefinitions } from './definitions.ts';
import type { FunnelScreens } from './funnelScreens.ts';
import { insertExposure, insertStepView, recordTouches } from './repository.ts';
import { visitorIdOf } from './visitor.ts';

export interface ExperimentRoutesOptions {
  db: Kysely<Database>;
  /**
   * A release's flags and the funnels and screens a step may name (./funnelScreens.ts): the
   * release the request's page was on (`releaseId`, when the server has it), else the live one.
   */
  release: (
    releaseId: number | null,
    request: FastifyRequest,
  ) => Promise<{ id: number; flags: FlagDefinitions; funnelScreens: FunnelScreens }>;
  /** Is the request a release preview's (src/server/releases/previews.ts)? Its events are checked, not kept: test visits do not count. */
  inPreview: (request: FastifyRequest) => Promise<boolean>;
  /** Variants forced for everyone (FLAG_OVERRIDES). */
  forced: Record<string, string>;
  rateLimiter: RateLimiter;
}

const MAX_AUDIENCE_LENGTH = 4096;

const flagQuery = z.object({
  experimentId: z.string().max(100).default(''),
  isRobotE2E: z.enum(['true', 'false']).default('false'),
  audience: z.string().max(MAX_AUDIENCE_LENGTH).default('{}'),
});

/** The audience facts sent, those an audience may read; anything that is not a JSON object is none. */
function audienceFacts(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([name]) => audienceMayRead(name)));
  } catch {
    return {};
  }
}

export async function experimentRoutes(app: FastifyInstance, o: ExperimentRoutesOptions) {
  app.get('/flags', async (request) => {
    const query = flagQuery.safeParse(request.query);
    if (!query.success) throw invalid(`Invalid flag context: ${query.error.issues[0]?.message}`);
    const { experimentId, isRobotE2E, audience } = query.data;
    const facts = audienceFacts(audience);
    const unsafe = unsafeTextIn('audience', facts);
    if (unsafe) throw unsafe;
    const { flags: definitions } = await o.release(releaseIdOf(request.headers), request);
    const assignments = assignVariants(definitions, {
      id: experimentId,
      // Without a visitor id there is nothing to split on: the defaults, as for a robot.
      isRobot: isRobotE2E === 'true' || experimentId === '',
      audienceFacts: facts,
    });
    const flags: Record<string, string> = {};
    const reasons: Record<string, string> = {};
    for (const [name, a] of Object.entries(assignments)) {
      const forced = o.forced[name];
      flags[name] = forced ?? a.variant;
      reasons[name] = forced === undefined ? a.reason : 'STATIC';
    }
    // Forced variants of flags this file does not declare are still answered (the runtime ignores unknown ones).
    for (const [name, variant] of Object.entries(o.forced)) flags[name] ??= variant;
    return { flags, reasons };
  });

  const recordEvents = async (request: FastifyRequest) => {
    const visitorId = visitorIdOf(request.headers.cookie);
    if (!visitorId) throw invalid('No visitor id: the experimentId cookie is missing or malformed.');
    const body = eventsRequest.safeParse(request.body);
    if (!body.success) {
      const issue = body.error.issues[0];
      throw invalid(`Invalid events: ${issue?.path.join('.') || 'body'}: ${issue?.message}`);
    }
    const named = releaseIdOf(request.headers);
    const release = await o.release(named, request);
    const screens = release.funnelScreens;
    const refused = body.data.events.map((e) => refusal(e, release.flags, screens)).find((r) => r !== null);
    if (refused) throw invalid(refused);
    if (await o.inPreview(request)) return;
    // Counted on the release the page named when the server knows it.
    const releaseId = named === release.id ? named : null;
    for (const event of body.data.events) {
      if (event.type === 'exposure') await insertExposure(o.db, { ...event, visitorId, releaseId });
      else if (event.type === 'step') {
        const step = screens.get(event.funnel)!.get(event.screen)!;
        await insertStepView(o.db, { funnel: event.funnel, screen: event.screen, step, visitorId, releaseId });
      } else await recordTouches(o.db, { visitorId, firstTouch: event.firstTouch ?? null, lastTouch: event.lastTouch ?? null });
    }
  };

  app.post(EVENTS_PATH, async (request, reply) => {
    await o.rateLimiter.guard('events', { ip: request.ip, account: null }, () => recordEvents(request));
    return reply.code(204).send();
  });
}

const invalid = (message: string) => new CallError(ErrorCode.VALIDATION_ERROR, message);

/** Why an event cannot be kept, or null. */
function refusal(event: ExperimentEvent, definitions: FlagDefinitions, screens: FunnelScreens): string | null {
  if (event.type === 'touch') return null;
  if (event.type === 'step') {
    const funnel = screens.get(event.funnel);
    if (!funnel) return `'${event.funnel}' is not a funnel of this site.`;
    if (!funnel.has(event.screen)) return `'${event.screen}' is not a screen of the ${event.funnel} funnel.`;
    return null;
  }
  const flag = Object.hasOwn(definitions, event.experiment) ? definitions[event.experiment] : undefined;
  if (flag?.experiment?.state !== 'running') return `'${event.experiment}' is not a running experiment.`;
  if (!flag.variants.includes(event.variant)) return `'${event.variant}' is not a variant of ${event.experiment}.`;
  return null;
}
