/** Analytics events; the app is marked 'web-site'. */
export interface Analytics {
  track(event: string, props?: Record<string, unknown>): void;
}

export interface TrackedEvent {
  event: string;
  props: Record<string, unknown>;
  at: number;
}

export const APP_MARK = 'web-site';

/** Keeps events in memory and shows them on `window.__analytics` for tests. */
export class LocalAnalytics implements Analytics {
  readonly app = APP_MARK;
  readonly events: TrackedEvent[] = [];
  constructor(target?: { __analytics?: LocalAnalytics }) {
    if (target) target.__analytics = this;
  }
  track(event: string, props: Record<string, unknown> = {}): void {
    this.events.push({ event, props: { app: APP_MARK, ...props }, at: Date.now() });
  }
}
