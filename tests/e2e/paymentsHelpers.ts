/**
 * What the payment browser tests share: a parent the real backend knows, a payment page whose
 * messages and analytics events are recorded, the card form filled as a parent fills it, and
 * a message's text and how long it stays, read off the page's own clock.
 */

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/types.ts';
import { createParent, type E2E, newParentEmail, type OpenPageOptions, type TestPage, UI_TIMEOUT, visible } from './harness.ts';

export interface Session {
  objectId: string;
  email: string;
  sessionToken: string;
}

/** A parent with an account on the test server, logged in (for `openPage({ session })`). */
export async function newParent(e2e: E2E, label: string): Promise<Session> {
  const email = newParentEmail(label);
  const { id, sessionToken } = await createParent(e2e.url, email, 'secret12');
  return { objectId: id, email, sessionToken };
}

export interface RecordedEvent {
  event: string;
  props: Record<string, unknown>;
}

export interface PaymentPage extends TestPage {
  /** Analytics events, in order, across page loads. */
  events: RecordedEvent[];
  /** Every request to our server: method, URL, headers and body. */
  sentToServer: { method: string; url: string; headers: Record<string, string>; body: string }[];
}

/**
 * In the page before the app: toasts are noted with the page clock's time when they appear,
 * and every analytics event (LocalAnalytics on `window.__analytics`) is passed to the test.
 */
const PAGE_PROBES = `
  window.__toasts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes)
      if (n.nodeType === 1 && n.classList.contains('toast')) window.__toasts.push({ text: n.textContent, at: Date.now() });
  }).observe(document, { childList: true, subtree: true });
  let analytics;
  Object.defineProperty(window, '__analytics', {
    configurable: true,
    get() { return analytics; },
    set(value) {
      analytics = value;
      const track = value.track.bind(value);
      value.track = (event, props) => { track(event, props); window.__recordEvent({ event, props: props || {} }); };
    },
  });
`;

/**
 * Opens a payment screen as `session`'s parent, with the page clock installed (time flows as
 * usual until a test pauses it to measure how long a message stays).
 */
export async function openPaymentPage(
  e2e: E2E,
  path: string,
  session: Session | null,
  options: Omit<OpenPageOptions, 'session' | 'before'> & { before?: (page: Page) => Promise<void> } = {},
): Promise<PaymentPage> {
  const events: RecordedEvent[] = [];
  const sentToServer: PaymentPage['sentToServer'] = [];
  const origin = new URL(e2e.url).origin;
  const page = (await e2e.openPage(path, {
    ...options,
    ...(session ? { session } : {}),
    before: async (p) => {
      await p.clock.install();
      await p.exposeBinding('__recordEvent', (_source, e: RecordedEvent) => void events.push(e));
      await p.addInitScript(PAGE_PROBES);
      p.on('request', (r: Request) => {
        if (new URL(r.url()).origin === origin)
          sentToServer.push({ method: r.method(), url: r.url(), headers: r.headers(), body: r.postData() ?? '' });
      });
      await options.before?.(p);
    },
  })) as PaymentPage;
  page.events = events;
  page.sentToServer = sentToServer;
  return page;
}

export interface Card {
  number: string;
  expiration: string;
  cvv: string;
  postalCode?: string;
  name?: string;
}

/** The card form's labels, as the spec names them in English unless given (another language, the class funnels' wording). */
export interface CardLabels {
  cardNumber?: string;
  expiration?: string;
  postalCode?: string;
  cvv?: string;
  name?: string;
}

/** Types a card into the payment form, field by field, as a parent does. */
export async function fillCard(page: Page, card: Card, labels: CardLabels = {}): Promise<void> {
  await (await visible(page.getByLabel(labels.cardNumber ?? 'Card number'), 'the card number field')).fill(card.number);
  await page.getByLabel(labels.expiration ?? 'Expiration date').fill(card.expiration);
  if (card.postalCode !== undefined) await page.getByLabel(labels.postalCode ?? 'Postal code').fill(card.postalCode);
  await page.getByLabel(labels.cvv ?? 'Security code').fill(card.cvv);
  if (card.name !== undefined) await page.getByLabel(labels.name ?? 'Name on Card').fill(card.name);
}

/** A checkout's order summary as the parent reads it, line by line: what is bought, then what is charged today. */
export async function orderSummary(page: Page): Promise<string[]> {
  const summary = await visible(page.locator('.payment__summary'), 'the order summary');
  return (await summary.locator('p').allInnerTexts()).map((line) => line.trim());
}

/** Waits until the order summary says exactly `lines` (it follows the plan chosen). */
export async function expectOrderSummary(page: Page, lines: string[]): Promise<void> {
  await visible(page.locator('.payment__summary'), 'the order summary');
  await expect.poll(() => orderSummary(page), { timeout: UI_TIMEOUT, message: `the order summary of ${page.url()}` }).toEqual(lines);
}

/** The notification showing `text`. */
export const toast = (page: Page, text: string): Locator => page.locator('.toast', { hasText: text });

/**
 * A message shows with exactly `text` (then its `link`, when it has one) and stays `ms` (0: until
 * the parent closes it). Read on the page's clock: when it appeared, the clock is paused and run
 * to just before and just after its time — no waiting, and a leeway of 60 ms either side unless
 * `leewayMs` says more.
 */
export async function expectMessage(
  page: Page,
  text: string,
  ms: number,
  o: { role?: 'alert' | 'status'; leewayMs?: number; link?: string } = {},
): Promise<void> {
  const leeway = o.leewayMs ?? 60;
  const shown = page.getByRole(o.role ?? 'alert').locator('.toast', { hasText: text });
  await visible(shown, `the message '${text}'`);
  expect((await shown.locator('.toast__text').innerText()).trim()).toBe(o.link ? `${text} ${o.link}` : text);
  const shownAt = await page.evaluate(
    (t) =>
      (window as unknown as { __toasts: { text: string; at: number }[] }).__toasts.filter((x) => x.text.includes(t)).at(-1)?.at ?? null,
    text,
  );
  expect(shownAt, `when '${text}' appeared`).not.toBeNull();
  const pausedAt = await pauseSoon(page);
  try {
    if (ms === 0) {
      await page.clock.runFor(120_000);
      expect(await shown.count(), `'${text}' stays until closed`).toBe(1);
      return;
    }
    const left = shownAt! + ms - pausedAt;
    expect(left, `'${text}' is still meant to be showing when measured`).toBeGreaterThan(leeway + 40);
    await page.clock.runFor(left - leeway);
    expect(await shown.count(), `'${text}' still shows ${ms - leeway} ms after it appeared`).toBe(1);
    await page.clock.runFor(2 * leeway);
    await shown.waitFor({ state: 'detached', timeout: 5000 });
  } finally {
    await page.clock.resume();
  }
}

/**
 * Pauses the page's clock a moment from now and answers that moment. On a busy machine more than
 * the margin may pass before the pause arrives ("Cannot fast-forward to the past"): try a longer one.
 */
async function pauseSoon(page: Page): Promise<number> {
  for (let margin = 20; ; margin *= 4) {
    const at = (await page.evaluate(() => Date.now())) + margin;
    try {
      await page.clock.pauseAt(at);
      return at;
    } catch (error) {
      if (margin >= 2000 || !/past/i.test(String(error))) throw error;
    }
  }
}

/** The last event of that name. */
export const lastEvent = (page: PaymentPage, name: string) => page.events.filter((e) => e.event === name).at(-1);

/** Every row of every table of the server's database, as text (to look for what must never be stored). */
export async function everyTableAsText(db: Kysely<Database>): Promise<string> {
  const tables = await sql<{
    table_name: string;
  }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(table_name)}`.execute(db);
    parts.push(`${table_name}: ${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}

/** Does `text` hold `value` as a whole token (not inside a longer run of letters and digits)? */
export function holdsToken(text: string, value: string): boolean {
  return new RegExp(`(^|[^0-9A-Za-z])${value.replace(/[^0-9A-Za-z]/g, (c) => `\\${c}`)}([^0-9A-Za-z]|$)`).test(text);
}
