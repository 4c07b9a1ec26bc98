import type { EventSink } from '../../adapters/events/events.ts';
import type { KeyValueStorage } from '../../browser/storage.ts';
import type { Facts } from '../../language/evaluate/facts.ts';

/** Session storage: this tab has told the backend the visitor's UTM touches. */
export const TOUCH_SENT_KEY = 'ck.touchSent';

export interface TouchOptions {
  isRobot: boolean;
  search: string;
  session: KeyValueStorage;
  sink: EventSink;
  facts: Facts;
}

/** The visitor's first and last UTM touches, told once per tab, and again whenever the address carries a UTM parameter. */
export function reportTouch(o: TouchOptions): boolean {
  if (o.isRobot || (!o.search.includes('utm_') && o.session.getItem(TOUCH_SENT_KEY))) return false;
  o.session.setItem(TOUCH_SENT_KEY, '1');
  o.sink.send({ type: 'touch', firstTouch: o.facts.get('utm.firstTouch') as never, lastTouch: o.facts.get('utm.lastTouch') as never });
  return true;
}
