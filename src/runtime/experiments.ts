/**
 * What the experiments report learns from the browser: the first time a flag a
 * visitor was split on decides something they see (a screen's or block's condition reads it),
 * an exposure to that experiment and variant; the first view of each funnel screen; the
 * visitor's UTM touches. Robots and QA overrides are not visitors of an experiment: a flag
 * forced by `?variantOverride=` or given to a robot is never SPLIT, so it is never exposed.
 */
import type { EventSink } from '../adapters/events/events.ts';
import type { ResolvedFlags } from '../adapters/flags/flags.ts';
import { type KeyValueStorage, readJson, writeJson } from '../browser/storage.ts';
import type { ExperimentEvent } from '../contract/events.ts';

export interface ExperimentTracking {
  /** A condition read `flag.<name>`. */
  flagRead(name: string): void;
  /** A screen of a funnel was shown; `step` is its place in the funnel. */
  screenShown(funnel: string, screen: string, step: number): void;
}

/** Session storage: the exposures and screen views already sent in this tab. */
export const SENT_EVENTS_KEY = 'ck.experimentEvents';

export interface ExperimentTrackingOptions {
  flags: ResolvedFlags;
  sink: EventSink;
  session: KeyValueStorage;
  isRobot: boolean;
  /** The analytics adapter: an exposure is forwarded to it too, as 'Experiment Viewed'. */
  track: (event: string, props: Record<string, unknown>) => void;
}

export const EXPERIMENT_VIEWED_EVENT = 'Experiment Viewed';

export function createExperimentTracking(o: ExperimentTrackingOptions): ExperimentTracking {
  const stored = readJson(o.session, SENT_EVENTS_KEY);
  const sent = new Set<string>(Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : []);
  /** Answers whether it was sent (not by a robot, not sent before in this tab). */
  const sendOnce = (key: string, event: ExperimentEvent): boolean => {
    if (o.isRobot || sent.has(key)) return false;
    sent.add(key);
    writeJson(o.session, SENT_EVENTS_KEY, [...sent]);
    o.sink.send(event);
    return true;
  };
  return {
    flagRead(name) {
      if (o.flags.reasons[name] !== 'SPLIT') return;
      const variant = o.flags.values[name]!;
      if (sendOnce(`exposure:${name}:${variant}`, { type: 'exposure', experiment: name, variant }))
        o.track(EXPERIMENT_VIEWED_EVENT, { experiment: name, variant });
    },
    screenShown(funnel, screen, step) {
      sendOnce(`step:${funnel}:${screen}`, { type: 'step', funnel, screen, step });
    },
  };
}
