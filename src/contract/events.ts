/**
 * `POST /api/events`: what the browser tells the backend for the experiments report (issue
 * 15). The visitor is the `experimentId` cookie of the request, never the body. The server
 * keeps the first of each: an exposure per experiment and visitor, a view per funnel screen
 * and visitor, the visitor's first and latest UTM touches. A step names a funnel and a screen
 * of the running config; its place in the funnel is the server's (`step` is kept for older
 * pages, and not read).
 */
import { z } from 'zod';
import { utmParams } from './entities.ts';
import { withSafeText } from './safeText.ts';

export { EVENTS_PATH } from './wire.ts';
/** At most this many events in one request (the browser sends a page's few at a time). */
export const MAX_EVENTS_PER_REQUEST = 50;

const name = z.string().min(1).max(100);

export const exposureEvent = z.strictObject({ type: z.literal('exposure'), experiment: name, variant: name });
export const stepEvent = z.strictObject({
  type: z.literal('step'),
  funnel: name,
  screen: name,
  step: z.number().int().min(0).max(1000),
});
export const touchEvent = z.strictObject({ type: z.literal('touch'), firstTouch: utmParams, lastTouch: utmParams });

export const experimentEvent = z.discriminatedUnion('type', [exposureEvent, stepEvent, touchEvent]);
/** No control characters or lone surrogates in any text, as in every call's params (./safeText.ts). */
export const eventsRequest = withSafeText(z.strictObject({ events: z.array(experimentEvent).min(1).max(MAX_EVENTS_PER_REQUEST) }));

export type ExperimentEvent = z.infer<typeof experimentEvent>;
