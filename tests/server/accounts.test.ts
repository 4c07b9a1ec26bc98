/**
 * The account calls as a caller sees them: each call's success and its
 * failures, over Parse's wire format, on PGlite or PostgreSQL (tests/server/db.ts).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens.ts';
import { importCatalogIfEmpty } from '../../src/server/catalog/import.ts';
import { readCatalog } from '../../src/server/catalog/read.ts';
import { newId } from '../../src/server/db/ids.ts';
import type { OutboxDelivery } from '../../src/server/outbox/outbox.ts';
import { newEmail, PASSWORD, useBackendServer } from './backendServer.ts';

const s = useBackendServer({ backend: { geoCountryHeader: 'cf-ipcountry' } });

beforeAll(async () => {
  await importCatalogIfEmpty(s.db, () => readCatalog('funnels'));
});

const outboxOf = (name: string) => s.db.selectFrom('outbox').selectAll().where('name', '=', name).orderBy('created_at').execute();
const invalidSession = { code: 209, error: 'Invalid session token' };

describe('signup', () => {
  test('CreateWebUser creates the account and answers {success, sessionToken, id}; the session works at once', async () => {
    const email = newEmail();
    const answer = await s.call('CreateWebUser', {
      username: email,
      password: PASSWORD,
      captchaToken: 'local-captcha:registration',
      confirmPromoEmails: true,
      partner: 'gympass',
      utmParamsObject: { utm_source: 'news' },
    });
    expect(answer.status).toBe(200);
    const result = answer.body.result as { success: true; sessionToken: string; id: string };
    expect(result).toEqual({ success: true, sessionToken: expect.any(String), id: expect.any(String) });
    const details = await s.call('GetCustomerDetails', {}, { token: result.sessionToken });
    expect(details.status).toBe(200);
    expect(details.body.result).toMatchObject({ id: result.id, customerData: { email }, partner: 'gympass' });

    const user = await s.db.selectFrom('users').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email, confirm_promo_emails: true, partner: 'gympass' });
    expect(user.signup).toEqual({ utmParamsObject: { utm_source: 'news' } });
    expect(user.password_hash).not.toContain(PASSWORD);
    // The signup is recorded for the CRM / analytics, in the same transaction.
    expect((await outboxOf('account.created')).some((row) => (row.payload as { userId: string }).userId === result.id)).toBe(true);
  });

  test('the answers a parent gave before signing up are kept with the account; ones never asked (null) are left out', async () => {
    const answer = await s.call('CreateWebUser', {
      username: newEmail(),
      password: PASSWORD,
      captchaToken: 'local-captcha:registration',
      referral: 'A friend',
      age: '8',
      gender: null,
      experience: null,
      attributionSource: 'news',
      promoCode: 'SPRING',
    });
    expect(answer.status).toBe(200);
    const { id } = answer.body.result as { id: string };
    const user = await s.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.signup).toEqual({ referral: 'A friend', age: '8', attributionSource: 'news', promoCode: 'SPRING' });
  });

  test("an email that has an account answers 202 'User already exists' (USER_ALREADY_EXISTS), in any case", async () => {
    const { email } = await s.signUp();
    for (const username of [email, email.toUpperCase()]) {
      const answer = await s.call('CreateWebUser', { username, password: PASSWORD, captchaToken: 'local-captcha:registration' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 202, error: 'User already exists', messageKey: 'USER_ALREADY_EXISTS' });
    }
    const legacy = await s.call('CreateNewWebUser', {
      username: email,
      password: PASSWORD,
      captchaToken: 'local-captcha:tryClassesRegistration',
    });
    expect(legacy.body).toMatchObject({ code: 202, messageKey: 'USER_ALREADY_EXISTS' });
  });

  test('the email is stored lowercased, so the parent logs in with any case', async () => {
    const email = newEmail('MixedCase');
    const { id } = await s.signUp(email);
    const login = await s.logIn(email.toUpperCase());
    expect(login.status).toBe(200);
    expect(login.body.result).toMatchObject({ id, attributes: { email: email.toLowerCase() } });
  });

  test('CreateNewWebUser (legacy) answers {id} only; the browser then logs in', async () => {
    const email = newEmail();
    const answer = await s.call('CreateNewWebUser', {
      username: email,
      password: PASSWORD,
      minerva_lead: true,
      captchaToken: 'local-captcha:tryClassesRegistration',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({ id: expect.any(String) });
    const login = await s.logIn(email);
    expect(login.body.result).toMatchObject({ id: (answer.body.result as { id: string }).id });
  });

  test(
    'without a captcha token, or with one for another action, ' + 'signup is refused (142 CAPTCHA_FAILED) and nothing is created',
    async () => {
      for (const captchaToken of [undefined, 'local-captcha:paymentForm', 'forged']) {
        const email = newEmail();
        const answer = await s.call('CreateWebUser', { username: email, password: PASSWORD, ...(captchaToken ? { captchaToken } : {}) });
        expect(answer.status, String(captchaToken)).toBe(400);
        expect(answer.body).toEqual({ code: 142, error: 'Please complete the reCaptcha requirements', messageKey: 'CAPTCHA_FAILED' });
        expect((await s.call('GetUserExistsByUsername', { username: email })).body.result).toEqual({ exists: false });
      }
    },
  );

  test('the payload is validated: a password under 6 characters or a bad email answers 142 naming the field', async () => {
    const short = await s.call('CreateWebUser', { username: newEmail(), password: 'abc', captchaToken: 'local-captcha:registration' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe(142);
    expect(short.body.error).toMatch(/^Invalid parameters for CreateWebUser: password:/);
    const bad = await s.call('CreateNewWebUser', { username: 'not-an-email', password: PASSWORD });
    expect(bad.body.error).toMatch(/username:/);
  });
});

describe('login and logout', () => {
  test('UserLogin answers the session {sessionToken, objectId, id, attributes}, a new token each time', async () => {
    const { email, id } = await s.signUp();
    const first = await s.logIn(email);
    const second = await s.logIn(email);
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({ sessionToken: expect.any(String), objectId: id, id, attributes: { email, username: email } });
    const a = (first.body.result as { sessionToken: string }).sessionToken;
    const b = (second.body.result as { sessionToken: string }).sessionToken;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^r:[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await s.db.selectFrom('sessions').select('token_hash').where('user_id', '=', id).execute();
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(a));
    expect(stored.map((r) => r.token_hash)).not.toContain(a);
  });

  test("a wrong password and an unknown email answer alike: 404 code 101 'Invalid username/password.'", async () => {
    const { email } = await s.signUp();
    for (const [username, password] of [
      [email, 'wrong-password'],
      [newEmail('nobody'), PASSWORD],
    ] as const) {
      const answer = await s.logIn(username, password);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 101, error: 'Invalid username/password.', messageKey: 'INVALID_CREDENTIALS' });
    }
  });

  test('Logout revokes the token it is sent, not the parent’s other sessions; without a token it answers {} too', async () => {
    const { email, token } = await s.signUp();
    const other = ((await s.logIn(email)).body.result as { sessionToken: string }).sessionToken;
    const out = await s.call('Logout', {}, { token });
    expect(out).toMatchObject({ status: 200, body: { result: {} } });
    expect((await s.call('GetCustomerDetails', {}, { token })).body).toEqual(invalidSession);
    expect((await s.call('GetCustomerDetails', {}, { token: other })).status).toBe(200);
    expect((await s.call('Logout', {})).body).toEqual({ result: {} });
  });

  test('a session call without a token, or with an unknown one, answers 209; a logged-out call ignores a stale token', async () => {
    for (const token of [null, 'not-a-token']) {
      const answer = await s.call('GetPaymentHistory', {}, { token });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(invalidSession);
    }
    expect((await s.call('GetUserExistsByUsername', { username: newEmail() }, { token: 'stale' })).status).toBe(200);
  });

  test('GetUserExistsByUsername answers {exists}, in any case', async () => {
    const { email } = await s.signUp();
    expect((await s.call('GetUserExistsByUsername', { username: email.toUpperCase() })).body.result).toEqual({ exists: true });
    expect((await s.call('GetUserExistsByUsername', { username: newEmail('nobody') })).body.result).toEqual({ exists: false });
  });
});

describe('password and email changes', () => {
  const renamesOf = async (userId: string) =>
    (await outboxOf('iterable.updateEmail')).filter((m) => (m.payload as { userId: string }).userId === userId).map((m) => m.payload);
  const emailOf = async (id: string) =>
    (await s.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
  const wrongCredentials = { code: 101, error: 'Invalid username/password.', messageKey: 'INVALID_CREDENTIALS' };

  test('ChangePassword: the new password works, the old does not; other sessions end, this one stays', async () => {
    const { email, id, token } = await s.signUp();
    const other = ((await s.logIn(email)).body.result as { sessionToken: string }).sessionToken;
    const answer = await s.call('ChangePassword', { userId: id, newPassword: 'new-secret', currentPassword: PASSWORD }, { token });
    expect(answer.body).toEqual({ result: { success: true } });
    expect((await s.logIn(email)).status).toBe(404);
    expect((await s.logIn(email, 'new-secret')).status).toBe(200);
    expect((await s.call('GetCustomerDetails', {}, { token })).status).toBe(200);
    expect((await s.call('GetCustomerDetails', {}, { token: other })).body).toEqual(invalidSession);
  });

  test('ChangePassword for another parent answers 119; with a wrong currentPassword 101; without a session 209', async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    const other = await s.call('ChangePassword', { userId: b.id, newPassword: 'hijacked', currentPassword: PASSWORD }, { token: a.token });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ code: 119, error: 'You can only change the password of your own account.' });
    expect((await s.logIn(b.email)).status).toBe(200);
    const wrong = await s.call(
      'ChangePassword',
      { userId: a.id, newPassword: 'new-secret', currentPassword: 'not-it' },
      { token: a.token },
    );
    expect(wrong.body).toMatchObject({ code: 101, messageKey: 'INVALID_CREDENTIALS' });
    expect((await s.call('ChangePassword', { userId: a.id, newPassword: 'new-secret', currentPassword: PASSWORD })).body).toEqual(
      invalidSession,
    );
  });

  test(
    'a session alone changes nothing: ' + 'without the current password each change answers 142 naming the field; a wrong one 101',
    async () => {
      const a = await s.signUp();
      const attempts = [
        ['ChangePassword', { userId: a.id, newPassword: 'hijacked' }, 'currentPassword'],
        ['UpdateUserEmail', { newUsername: newEmail('thief') }, 'password'],
        ['ChangeUsername', { oldEmail: a.email, newEmail: newEmail('thief') }, 'password'],
      ] as const;
      for (const [name, input, field] of attempts) {
        const missing = await s.call(name, input, { token: a.token });
        expect(missing.status, name).toBe(400);
        expect(missing.body.code, name).toBe(142);
        expect(missing.body.error, name).toMatch(new RegExp(`^Invalid parameters for ${name}: ${field}:`));
        const wrong = await s.call(name, { ...input, [field]: 'not-it' }, { token: a.token });
        expect(wrong.status, name).toBe(404);
        expect(wrong.body, name).toEqual(wrongCredentials);
      }
      expect(await emailOf(a.id)).toBe(a.email);
      expect((await s.logIn(a.email)).status).toBe(200);
      expect(await renamesOf(a.id)).toEqual([]);
    },
  );

  test('UpdateUserEmail changes the login, tells Iterable through the outbox, and refuses a taken address (202)', async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    const newAddress = newEmail('renamed');
    const answer = await s.call('UpdateUserEmail', { newUsername: newAddress.toUpperCase(), password: PASSWORD }, { token: a.token });
    expect(answer.body).toEqual({ result: { email: newAddress } });
    expect((await s.logIn(newAddress)).status).toBe(200);
    expect((await s.logIn(a.email)).status).toBe(404);
    const messages = await outboxOf('iterable.updateEmail');
    expect(messages.map((m) => m.payload)).toContainEqual({ userId: a.id, oldEmail: a.email, newEmail: newAddress });

    const taken = await s.call('UpdateUserEmail', { newUsername: b.email, password: PASSWORD }, { token: a.token });
    expect(taken.body).toEqual({ code: 202, error: 'User already exists', messageKey: 'USER_ALREADY_EXISTS' });
    const wrongPassword = await s.call('UpdateUserEmail', { newUsername: newEmail(), password: 'not-it' }, { token: a.token });
    expect(wrongPassword.body).toMatchObject({ code: 101 });
  });

  test.each(['UpdateUserEmail', 'ChangeUsername'] as const)(
    "%s ends the parent's other sessions; the one that changed the email stays",
    async (name) => {
      const a = await s.signUp();
      const other = ((await s.logIn(a.email)).body.result as { sessionToken: string }).sessionToken;
      const newAddress = newEmail('moved');
      const input =
        name === 'UpdateUserEmail'
          ? { newUsername: newAddress, password: PASSWORD }
          : { oldEmail: a.email, newEmail: newAddress, password: PASSWORD };
      expect((await s.call(name, input, { token: a.token })).body).toEqual({ result: { email: newAddress } });
      expect((await s.call('GetCustomerDetails', {}, { token: a.token })).body.result).toMatchObject({
        customerData: { email: newAddress },
      });
      expect((await s.call('GetCustomerDetails', {}, { token: other })).body).toEqual(invalidSession);
    },
  );

  test(
    'ChangeUsername (legacy) needs the parent’s own old email and password; ' +
      'then IterableUpdateEmail is acknowledged without a second rename',
    async () => {
      const a = await s.signUp();
      const b = await s.signUp();
      const refused = await s.call('ChangeUsername', { oldEmail: b.email, newEmail: newEmail(), password: PASSWORD }, { token: a.token });
      expect(refused.body).toMatchObject({ code: 119 });
      const newAddress = newEmail('legacy');
      expect(
        (await s.call('ChangeUsername', { oldEmail: a.email, newEmail: newAddress, password: PASSWORD }, { token: a.token })).body,
      ).toEqual({ result: { email: newAddress } });
      expect((await s.call('IterableUpdateEmail', { oldEmail: a.email, newEmail: newAddress }, { token: a.token })).body).toEqual({
        result: { success: true },
      });
      expect(await renamesOf(a.id)).toEqual([{ userId: a.id, oldEmail: a.email, newEmail: newAddress }]);
      expect((await s.logIn(newAddress)).status).toBe(200);
    },
  );

  const notMoved = {
    code: 119,
    error: "You can only move your own account's CRM record, from its previous email to its current one.",
  };

  test("IterableUpdateEmail naming another parent's email, or the parent's current one as oldEmail: 119, nothing queued", async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    const before = (await outboxOf('iterable.updateEmail')).length;
    for (const [oldEmail, newAddress] of [
      [b.email, newEmail('thief')],
      [b.email, a.email],
      // The parent's own address moved onto another parent's, or onto any address: no change of theirs says so.
      [a.email, b.email],
      [a.email.toUpperCase(), newEmail('crm')],
    ]) {
      const answer = await s.call('IterableUpdateEmail', { oldEmail, newEmail: newAddress }, { token: a.token });
      expect(answer.body, `${oldEmail} → ${newAddress}`).toEqual(notMoved);
    }
    expect((await outboxOf('iterable.updateEmail')).length).toBe(before);
  });

  test('after two email changes only the latest, previous → current, is acknowledged (queueing nothing more)', async () => {
    const a = await s.signUp();
    const second = newEmail('second');
    const third = newEmail('third');
    for (const [from, to] of [
      [a.email, second],
      [second, third],
    ])
      expect((await s.call('ChangeUsername', { oldEmail: from, newEmail: to, password: PASSWORD }, { token: a.token })).status).toBe(200);
    const renamesBefore = await renamesOf(a.id);
    for (const [oldEmail, newAddress] of [
      [a.email, second],
      [a.email, third],
      [third, second],
    ])
      expect((await s.call('IterableUpdateEmail', { oldEmail, newEmail: newAddress }, { token: a.token })).body).toEqual(notMoved);
    expect((await s.call('IterableUpdateEmail', { oldEmail: second, newEmail: third.toUpperCase() }, { token: a.token })).body).toEqual({
      result: { success: true },
    });
    expect(await renamesOf(a.id)).toEqual(renamesBefore);
    expect(renamesBefore).toHaveLength(2);
    expect(renamesBefore).toEqual(
      expect.arrayContaining([
        { userId: a.id, oldEmail: a.email, newEmail: second },
        { userId: a.id, oldEmail: second, newEmail: third },
      ]),
    );
  });
});

describe('password reset by email', () => {
  const resetMessages = async (email: string) =>
    (await outboxOf('passwordReset')).filter((m) => (m.payload as { to: string }).to === email);

  test('a request always answers success; only an account gets an email, whose token is stored hashed', async () => {
    const { email, id } = await s.signUp();
    for (const name of ['RequestBeginPasswordReset', 'RequestPasswordResetLegacy'] as const) {
      expect((await s.call(name, { email: newEmail('nobody') })).body).toEqual({ result: { success: true } });
      expect((await s.call(name, { email: email.toUpperCase() })).body).toEqual({ result: { success: true } });
    }
    const messages = await resetMessages(email);
    expect(messages).toHaveLength(2);
    expect(messages.map((m) => (m.payload as { via: string }).via)).toEqual(['unified', 'legacy']);
    const token = messages[0]!.secret!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(messages[0]!.payload)).not.toContain(token);
    const stored = await s.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', id).execute();
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    const row = stored.find((r) => r.token_hash === hashToken(token))!;
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(60 * 60 * 1000);
  });

  test('VerifyBeginPasswordReset sets the new password once, ends every session and spends the other links', async () => {
    const { email, token: session } = await s.signUp();
    await s.call('RequestBeginPasswordReset', { email });
    await s.call('RequestBeginPasswordReset', { email });
    const [first, second] = (await resetMessages(email)).map((m) => m.secret!);
    const answer = await s.call('VerifyBeginPasswordReset', { token: first!, password: 'after-reset' });
    expect(answer.body).toEqual({ result: { success: true } });
    expect((await s.logIn(email, 'after-reset')).status).toBe(200);
    expect((await s.logIn(email)).status).toBe(404);
    expect((await s.call('GetCustomerDetails', {}, { token: session })).body).toEqual(invalidSession);

    for (const token of [first!, second!, 'x'.repeat(43)]) {
      const again = await s.call('VerifyBeginPasswordReset', { token, password: 'third-one' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        code: 142,
        error: 'This password reset link is invalid or has expired. Please request a new one.',
        messageKey: 'RESET_TOKEN_INVALID',
      });
    }
  });

  test('a link older than an hour is refused', async () => {
    const { email } = await s.signUp();
    await s.call('RequestPasswordResetLegacy', { email });
    const [message] = await resetMessages(email);
    await s.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(message!.secret!))
      .execute();
    expect((await s.call('VerifyBeginPasswordReset', { token: message!.secret!, password: 'after-reset' })).body).toMatchObject({
      messageKey: 'RESET_TOKEN_INVALID',
    });
    expect((await s.logIn(email)).status).toBe(200);
  });

  test('once delivered, the token is erased from the outbox', async () => {
    const { email } = await s.signUp();
    await s.call('RequestBeginPasswordReset', { email });
    const delivered: OutboxDelivery[] = [];
    const { createOutboxDispatcher } = await import('../../src/server/outbox/outbox.ts');
    const dispatcher = createOutboxDispatcher({ db: s.db, adapter: { deliver: async (m) => void delivered.push(m) } });
    // The file's earlier tests left messages too: deliver them all, a batch at a time.
    while ((await dispatcher.runOnce()) > 0);
    const mine = delivered.find((m) => m.name === 'passwordReset' && m.payload.to === email);
    expect(mine?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await resetMessages(email);
    expect(row).toMatchObject({ secret: null, processed_at: expect.any(Date) });
  });
});

describe('customer details', () => {
  const day = 24 * 60 * 60 * 1000;
  const addSubscription = (userId: string, fields: Record<string, unknown>) =>
    s.db
      .insertInto('subscriptions')
      .values({ id: newId(), user_id: userId, product: 'app', status: 'Active', price_cents: 0, source: 'purchase', ...fields } as never)
      .execute();

  test('a parent without a plan: plan null, isExpired true (no access), every other field empty', async () => {
    const { id, email, token } = await s.signUp();
    const answer = await s.call('GetCustomerDetails', { customerId: id }, { token });
    expect(answer.body.result).toEqual({
      id,
      plan: null,
      classesPlan: null,
      planName: null,
      planDescription: null,
      firstName: null,
      lastName: null,
      paymentInfo: null,
      customerData: { email },
      pendingPlan: null,
      isExpired: true,
      hasUsedTrial: false,
      hasUsedTrialByProduct: { app: false, classes: false },
      isGifted: false,
      isLifetime: false,
      isTrialActive: false,
      partner: null,
      store: null,
      termExpiresAt: null,
      compExpiresAt: null,
      giftExpiresAt: null,
      activeSubscription: null,
      planSubscriptions: [],
    });
  });

  test('a web-store annual plan in its trial: the plan, the trial active, the card, the subscription', async () => {
    const { id, token } = await s.signUp();
    const customerId = newId();
    const paymentMethodId = newId();
    await s.db
      .insertInto('customers')
      .values({
        id: customerId,
        user_id: id,
        gateway: 'sandbox',
        gateway_customer_id: newId(),
        email: 'x@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
      })
      .execute();
    await s.db
      .insertInto('payment_methods')
      .values({
        id: paymentMethodId,
        customer_id: customerId,
        gateway_token: newId(),
        payment_type: 'card',
        card_type: 'Visa',
        last4: '1111',
        expiration_month: 4,
        expiration_year: 2030,
        is_default: true,
      })
      .execute();
    const firstBilling = new Date(Date.now() + 5 * day);
    await addSubscription(id, {
      web_offer_id: 'annual',
      price_cents: 6000,
      trial_duration_days: 7,
      first_billing_date: firstBilling,
      next_billing_date: firstBilling,
      customer_id: customerId,
      payment_method_id: paymentMethodId,
    });
    const details = (await s.call('GetCustomerDetails', {}, { token })).body.result as Record<string, unknown>;
    expect(details).toMatchObject({
      plan: { id: 'annual', subscriptionDuration: 'annual' },
      isExpired: false,
      hasUsedTrial: true,
      isTrialActive: true,
      isGifted: false,
      isLifetime: false,
      store: 'WebStore',
      firstName: 'Ada',
      lastName: 'Lovelace',
      paymentInfo: {
        paymentType: 'card',
        cardType: 'Visa',
        last4: '1111',
        expirationDate: '04/2030',
        subscriptions: [{ id: expect.any(String), nextBillingDate: firstBilling.toISOString() }],
      },
      activeSubscription: {
        price: 60,
        status: 'Active',
        trialDuration: 7,
        firstBillingDate: firstBilling.toISOString(),
        nextBillingDate: firstBilling.toISOString(),
      },
    });
    expect(details.planName).toEqual(expect.any(String));
  });

  test('a trial whose first billing date has passed is not active; a plan canceled and run out is expired', async () => {
    const a = await s.signUp();
    await addSubscription(a.id, {
      web_offer_id: 'monthly',
      price_cents: 999,
      trial_duration_days: 7,
      first_billing_date: new Date(Date.now() - day),
    });
    expect((await s.call('GetCustomerDetails', {}, { token: a.token })).body.result).toMatchObject({
      isTrialActive: false,
      isExpired: false,
      hasUsedTrial: true,
    });

    const b = await s.signUp();
    await addSubscription(b.id, {
      web_offer_id: 'monthly',
      price_cents: 999,
      status: 'Canceled',
      term_expires_at: new Date(Date.now() - day),
      canceled_at: new Date(Date.now() - 30 * day),
    });
    expect((await s.call('GetCustomerDetails', {}, { token: b.token })).body.result).toMatchObject({
      plan: null,
      isExpired: true,
      activeSubscription: null,
    });

    const c = await s.signUp();
    const end = new Date(Date.now() + 3 * day);
    await addSubscription(c.id, { web_offer_id: 'monthly', price_cents: 999, status: 'Canceled', term_expires_at: end });
    expect((await s.call('GetCustomerDetails', {}, { token: c.token })).body.result).toMatchObject({
      plan: { id: 'monthly' },
      isExpired: false,
      termExpiresAt: end.toISOString(),
    });
  });

  test('a gift and a lifetime comp: isGifted with giftExpiresAt; isLifetime; a class plan beside the app plan', async () => {
    const gifted = await s.signUp();
    const giftEnd = new Date(Date.now() + 90 * day);
    await addSubscription(gifted.id, { web_offer_id: 'gift_3_months', source: 'gift', is_gifted: true, gift_expires_at: giftEnd });
    expect((await s.call('GetCustomerDetails', {}, { token: gifted.token })).body.result).toMatchObject({
      isGifted: true,
      isLifetime: false,
      giftExpiresAt: giftEnd.toISOString(),
      isExpired: false,
    });

    const comped = await s.signUp();
    await addSubscription(comped.id, { web_offer_id: 'comp_premium', source: 'comp', is_lifetime: true });
    await addSubscription(comped.id, { web_offer_id: 'live_multi_classes', product: 'classes', price_cents: 4999, store: 'WebStore' });
    const details = (await s.call('GetCustomerDetails', {}, { token: comped.token })).body.result;
    expect(details).toMatchObject({
      isLifetime: true,
      compExpiresAt: null,
      plan: { id: 'comp_premium' },
      classesPlan: { id: 'live_multi_classes', classType: 'live' },
    });
  });

  test('another parent’s customerId answers 119', async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    expect((await s.call('GetCustomerDetails', { customerId: b.id }, { token: a.token })).body).toMatchObject({ code: 119 });
    expect((await s.call('GetPaymentHistory', { customerId: b.id }, { token: a.token })).body).toMatchObject({ code: 119 });
  });

  test('GetPaymentHistory lists the parent’s payments, newest first, in dollars', async () => {
    const { id, token } = await s.signUp();
    expect((await s.call('GetPaymentHistory', {}, { token })).body).toEqual({ result: { paymentHistory: [] } });
    await s.db
      .insertInto('payments')
      .values([
        {
          id: `pay-old-${id}`,
          user_id: id,
          amount_cents: 999,
          status: 'settled',
          description: 'Monthly Plan',
          created_at: new Date('2026-01-02T00:00:00Z'),
        },
        {
          id: `pay-new-${id}`,
          user_id: id,
          amount_cents: 6000,
          status: 'refunded',
          description: 'Annual Plan',
          created_at: new Date('2026-03-04T00:00:00Z'),
        },
      ])
      .execute();
    expect((await s.call('GetPaymentHistory', {}, { token })).body.result).toEqual({
      paymentHistory: [
        {
          id: `pay-new-${id}`,
          date: '2026-03-04T00:00:00.000Z',
          amount: 60,
          status: 'refunded',
          description: 'Annual Plan',
          paymentMethod: null,
        },
        {
          id: `pay-old-${id}`,
          date: '2026-01-02T00:00:00.000Z',
          amount: 9.99,
          status: 'settled',
          description: 'Monthly Plan',
          paymentMethod: null,
        },
      ],
    });
  });
});

describe('email preferences', () => {
  test('they start as the signup opt-in, can be set, and are the parent’s own only', async () => {
    const optedIn = await s.signUp(newEmail(), PASSWORD, { confirmPromoEmails: true });
    const optedOut = await s.signUp(newEmail(), PASSWORD, { confirmPromoEmails: false });
    expect((await s.call('GetSubscribedEmailLists', { email: optedIn.email }, { token: optedIn.token })).body.result).toEqual({
      marketingMessageChannel: true,
      parentNewsletterMessages: true,
    });
    expect((await s.call('GetSubscribedEmailLists', { email: optedOut.email }, { token: optedOut.token })).body.result).toEqual({
      marketingMessageChannel: false,
      parentNewsletterMessages: false,
    });

    const set = await s.call(
      'IterableSetEmailPreferences',
      { email: optedIn.email, marketingMessageChannel: false, parentNewsletterMessages: true },
      { token: optedIn.token },
    );
    expect(set.body.result).toEqual({ marketingMessageChannel: false, parentNewsletterMessages: true });
    expect((await s.call('GetSubscribedEmailLists', { email: optedIn.email.toUpperCase() }, { token: optedIn.token })).body.result).toEqual(
      { marketingMessageChannel: false, parentNewsletterMessages: true },
    );
    expect((await outboxOf('iterable.setEmailPreferences')).map((m) => m.payload)).toContainEqual({
      userId: optedIn.id,
      email: optedIn.email,
      marketingMessageChannel: false,
      parentNewsletterMessages: true,
    });

    expect((await s.call('GetSubscribedEmailLists', { email: optedIn.email }, { token: optedOut.token })).body).toMatchObject({
      code: 119,
    });
    expect(
      (
        await s.call(
          'IterableSetEmailPreferences',
          { email: optedIn.email, marketingMessageChannel: true, parentNewsletterMessages: true },
          { token: optedOut.token },
        )
      ).body,
    ).toMatchObject({ code: 119 });
    expect((await s.call('GetSubscribedEmailLists', { email: optedIn.email })).body).toEqual(invalidSession);
  });
});

describe('side effects the browser asks for go to the outbox', () => {
  test('TrackUserEvent and CrmAddCustomer (logged out), CrmUpdateAfterAddClass (the parent’s own email)', async () => {
    const email = newEmail();
    expect((await s.call('TrackUserEvent', { email, eventName: 'Checkout Complete', dataFields: { productId: 'annual' } })).body).toEqual({
      result: { success: true },
    });
    expect((await outboxOf('iterable.trackEvent')).map((m) => m.payload)).toContainEqual({
      email,
      eventName: 'Checkout Complete',
      dataFields: { productId: 'annual' },
    });
    expect((await s.call('CrmAddCustomer', { email, productId: 'annual', productDuration: 'annual', fullName: 'Ada L' })).body).toEqual({
      result: { success: true },
    });
    expect((await outboxOf('crm.addCustomer')).map((m) => m.payload)).toContainEqual({
      email,
      productId: 'annual',
      productDuration: 'annual',
      fullName: 'Ada L',
    });

    const parent = await s.signUp();
    const update = { email: parent.email, productId: 'addon_four_classes', hs_lead_status: 'Subscribed' };
    expect((await s.call('CrmUpdateAfterAddClass', update, { token: parent.token })).body).toEqual({ result: { success: true } });
    expect((await s.call('CrmUpdateAfterAddClass', update)).body).toEqual(invalidSession);
    expect((await s.call('CrmUpdateAfterAddClass', { ...update, email }, { token: parent.token })).body).toMatchObject({ code: 119 });
  });

  test('SendConversionEvent: skipped on localhost; otherwise queued with the URL stripped of its query', async () => {
    for (const url of ['http://localhost:3000/signup-thankyou?x=1', 'http://127.0.0.1:5173/promo-thankyou']) {
      expect((await s.call('SendConversionEvent', { event_name: 'StartTrial', event_source_url: url })).body).toEqual({
        result: { status: 'skipped' },
      });
    }
    const answer = await s.call(
      'SendConversionEvent',
      {
        event_name: 'StartTrial',
        event_source_url: 'https://subscribe.example.com/signup-thankyou?utm_source=x#top',
        fbp: 'fb.1.2.3',
        custom_data: { utm_source: 'x' },
      },
      { headers: { 'user-agent': 'test-agent' }, ip: '203.0.113.5' },
    );
    expect(answer.body).toEqual({ result: { status: 'queued' } });
    const [event] = (await outboxOf('conversion.event')).map((m) => m.payload as Record<string, unknown>);
    expect(event).toMatchObject({
      event_name: 'StartTrial',
      event_source_url: 'https://subscribe.example.com/signup-thankyou',
      action_source: 'website',
      user_data: { fbp: 'fb.1.2.3', fbc: null, client_ip_address: '203.0.113.5', client_user_agent: 'test-agent' },
      custom_data: { utm_source: 'x' },
    });
  });
});

describe('geo-IP', () => {
  test('GetGeoIp reads the configured header: a country and whether it needs a marketing opt-in, else null', async () => {
    expect((await s.call('GetGeoIp', {}, { headers: { 'cf-ipcountry': 'FR' } })).body.result).toEqual({
      country: 'FR',
      requiresMarketingOptIn: true,
    });
    expect((await s.call('GetGeoIp', {}, { headers: { 'cf-ipcountry': 'US' } })).body.result).toEqual({
      country: 'US',
      requiresMarketingOptIn: false,
    });
    expect((await s.call('GetGeoIp', {})).body.result).toEqual({ country: null, requiresMarketingOptIn: true });
  });
});
