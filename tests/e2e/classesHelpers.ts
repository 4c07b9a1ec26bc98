/**
 * What the class-funnel browser tests share: a local double of the booking provider (the
 * `widget` blocks' pages on book.codeling.example), and the class funnels' wording.
 */
import type { Page } from 'playwright-core';

export const BOOKING_ORIGIN = 'https://book.codeling.example';

/** The booking provider's page, as the double serves it: a calendar with one slot per widget. */
const widgetPage = (url: URL) => `<!doctype html><html lang="en"><head><title>Booking calendar</title></head>
<body><main><h1>Pick a time</h1><p data-widget-path="${url.pathname}">Calendar ${url.pathname}</p>
<button type="button" onclick="this.textContent='Booked'">Monday 4:00pm EST</button></main></body></html>`;

/**
 * Serves the booking provider locally for this page (before it loads): the app's probe and the
 * frame both get the double's answer. Answers the paths the widgets asked for.
 */
export async function fakeBookingProvider(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(`${BOOKING_ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    asked.push(url.pathname);
    return route.fulfill({ status: 200, contentType: 'text/html', headers: { 'access-control-allow-origin': '*' }, body: widgetPage(url) });
  });
  return asked;
}

/** A subscriber with the annual plan (bought through the backend as the payment page sends it). */
export async function giveAnnualPlan(baseUrl: string, session: { objectId: string; email: string; sessionToken: string }): Promise<void> {
  const response = await fetch(`${baseUrl}/api/functions/PurchaseSubscription`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-parse-session-token': session.sessionToken,
      'idempotency-key': `classes-test-${session.objectId}`,
    },
    body: JSON.stringify({
      paymentMethodToken: 'fake-valid-visa-nonce',
      webOfferId: 'annual',
      customerOptions: { email: session.email },
      expectedTodayCharge: 0,
    }),
  });
  const body = (await response.json()) as { result?: unknown };
  if (!('result' in body)) throw new Error(`The purchase failed: ${JSON.stringify(body)}`);
}

export const CLASS_SUPPORT = 'classes@codeling.example';
export const VISA_CLASSES = { number: '4111 1111 1111 1111', expiration: '12/30', postalCode: '94107', cvv: '123', name: 'Ada Lovelace' };
export const CLASS_CARD_LABELS = { name: 'Cardholder name', postalCode: 'ZIP code' };
