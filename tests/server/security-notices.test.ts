/**
 * Security notices: a password change, a password reset and an email change each queue an email
 * to the account (an email change also to the old address), in the transaction of the change,
 * written in the account's language (the one it signed up in) from the copy's texts
 * (copy/<locale>/emails.yaml). A refused change queues nothing. The log adapter prints each
 * email's subject, never its body.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { buildServer } from '../../src/server/app.ts';
import { ConfigError } from '../../src/server/config.ts';
import { loadEmailTexts } from '../../src/server/email/texts.ts';
import type { CallOptions } from './backendServer.ts';
import { newEmail, PASSWORD, startBackendServer, useBackendServer } from './backendServer.ts';

const s = useBackendServer();

/** Messages of one transaction share its time: these are in the order the code queues them. */
const ORDER = ['passwordReset', 'passwordResetDone', 'passwordChanged', 'emailChanged', 'emailChangedFrom'];

/** The emails queued about an account (oldest first), as the outbox holds them and as they are sent. */
async function emailsOf(userId: string) {
  const rows = await s.db.selectFrom('outbox').selectAll().where('kind', '=', 'email').orderBy('created_at').execute();
  return rows
    .filter((row) => (row.payload as { userId?: string }).userId === userId)
    .sort((x, y) => x.created_at.getTime() - y.created_at.getTime() || ORDER.indexOf(x.name) - ORDER.indexOf(y.name))
    .map((row) => ({ name: row.name, payload: row.payload as Record<string, unknown>, sent: s.app.backend.emails.render(row)! }));
}

const SPANISH: CallOptions = { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } };

/** A parent signed up from a browser in `language` (its Accept-Language), answering its address, id and session. */
async function parent(language?: CallOptions) {
  const email = newEmail();
  const answer = await s.call(
    'CreateWebUser',
    { username: email, password: PASSWORD, captchaToken: 'local-captcha:registration' },
    language,
  );
  const { id, sessionToken } = answer.body.result as { id: string; sessionToken: string };
  return { email, id, token: sessionToken };
}

const localeOf = async (id: string) =>
  ((await s.db.selectFrom('users').select('signup').where('id', '=', id).executeTakeFirstOrThrow()).signup as { locale?: string }).locale;

describe('the language of an account', () => {
  test('a signup records the parent’s language: the one they chose (its cookie), else their browser’s, among the copy’s', async () => {
    expect(await localeOf((await parent(SPANISH)).id)).toBe('es');
    const chose = await parent({ headers: { 'accept-language': 'es', cookie: 'experimentId=x; ck.locale=en' } });
    expect(await localeOf(chose.id)).toBe('en');
    expect(await localeOf((await parent({ headers: { 'accept-language': 'fr-FR, de;q=0.8' } })).id)).toBeUndefined();
    expect(await localeOf((await parent()).id)).toBeUndefined();
  });
});

describe('ChangePassword', () => {
  test('queues one notice to the account, in English for an English account', async () => {
    const a = await parent({ headers: { 'accept-language': 'en-US' } });
    expect(
      (await s.call('ChangePassword', { userId: a.id, currentPassword: PASSWORD, newPassword: 'a-new-secret-1' }, { token: a.token }))
        .status,
    ).toBe(200);
    const emails = await emailsOf(a.id);
    expect(emails.map((m) => [m.name, m.payload.to, m.payload.locale])).toEqual([['passwordChanged', a.email, 'en']]);
    expect(emails[0]!.sent).toEqual({
      to: a.email,
      locale: 'en',
      subject: 'Your Codeling password was changed',
      text:
        'Hi,\n\n' +
        `The password of your Codeling account ${a.email} was just changed, and your other devices were logged out.\n\n` +
        'If you made this change, there is nothing more to do. If you did not, reset your password right away: ' +
        'http://localhost:3000/request-password-reset',
    });
  });

  test('in Spanish for an account that signed up in Spanish; a wrong current password changes nothing and queues nothing', async () => {
    const a = await parent(SPANISH);
    const wrong = await s.call(
      'ChangePassword',
      { userId: a.id, currentPassword: 'not-it', newPassword: 'a-new-secret-1' },
      { token: a.token },
    );
    expect(wrong.body.code).toBe(101);
    expect(await emailsOf(a.id)).toEqual([]);
    await s.call('ChangePassword', { userId: a.id, currentPassword: PASSWORD, newPassword: 'a-new-secret-1' }, { token: a.token });
    const [notice] = await emailsOf(a.id);
    expect(notice!.sent).toMatchObject({ to: a.email, locale: 'es', subject: 'Se cambió tu contraseña de Codeling' });
    expect(notice!.sent.text).toContain(`Se acaba de cambiar la contraseña de tu cuenta de Codeling ${a.email},`);
    expect(notice!.sent.text).toContain('restablece tu contraseña ahora mismo: http://localhost:3000/request-password-reset');
  });

  test('an account whose language the server does not know: the default language (en)', async () => {
    const a = await parent({ headers: { 'accept-language': 'fr' } });
    await s.call('ChangePassword', { userId: a.id, currentPassword: PASSWORD, newPassword: 'a-new-secret-1' }, { token: a.token });
    const [notice] = await emailsOf(a.id);
    expect(notice!.payload.locale).toBeNull();
    expect(notice!.sent).toMatchObject({ locale: 'en', subject: 'Your Codeling password was changed' });
  });
});

describe('password reset', () => {
  /** Asks for a reset link; answers its token (the message's secret). */
  async function resetToken(email: string, userId: string): Promise<string> {
    await s.call('RequestBeginPasswordReset', { email });
    const row = await s.db.selectFrom('outbox').select(['secret', 'payload']).where('name', '=', 'passwordReset').execute();
    return row.find((r) => (r.payload as { userId: string }).userId === userId)!.secret!;
  }

  test('the link email and, once the password is reset, a notice to the account, both in the account’s language', async () => {
    for (const [language, expected] of [
      [SPANISH, { locale: 'es', link: 'Restablece tu contraseña de Codeling', done: 'Se restableció tu contraseña de Codeling' }],
      [
        { headers: { 'accept-language': 'en' } },
        { locale: 'en', link: 'Reset your Codeling password', done: 'Your Codeling password was reset' },
      ],
    ] as const) {
      const a = await parent(language);
      const token = await resetToken(a.email, a.id);
      const [linkEmail] = await emailsOf(a.id);
      expect(linkEmail!.sent).toMatchObject({ to: a.email, locale: expected.locale, subject: expected.link });
      expect(linkEmail!.sent.text).toContain(`http://localhost:3000/reset-password?token=${encodeURIComponent(token)}`);
      expect(linkEmail!.sent.text).toContain(expected.locale === 'es' ? 'en los próximos 60 minutos' : 'within 60 minutes');
      // The token is the message's secret, never in its payload.
      expect(JSON.stringify(linkEmail!.payload)).not.toContain(token);

      expect((await s.call('VerifyBeginPasswordReset', { token, password: 'after-reset-1' })).status).toBe(200);
      const emails = await emailsOf(a.id);
      expect(emails.map((m) => [m.name, m.payload.to])).toEqual([
        ['passwordReset', a.email],
        ['passwordResetDone', a.email],
      ]);
      expect(emails[1]!.sent).toMatchObject({ to: a.email, locale: expected.locale, subject: expected.done });
      expect(emails[1]!.sent.text).toContain(a.email);
      expect(emails[1]!.sent.text).toContain('http://localhost:3000/request-password-reset');
    }
  });

  test('a reset with a spent or made-up token queues no notice', async () => {
    const a = await parent();
    const token = await resetToken(a.email, a.id);
    await s.call('VerifyBeginPasswordReset', { token, password: 'after-reset-1' });
    for (const again of [token, 'a-made-up-token-of-enough-length-000000000000'])
      expect((await s.call('VerifyBeginPasswordReset', { token: again, password: 'after-reset-2' })).body.messageKey).toBe(
        'RESET_TOKEN_INVALID',
      );
    expect((await emailsOf(a.id)).map((m) => m.name)).toEqual(['passwordReset', 'passwordResetDone']);
  });
});

describe('email change', () => {
  for (const [call, field] of [
    ['UpdateUserEmail', 'newUsername'],
    ['ChangeUsername', 'newEmail'],
  ] as const) {
    test(`${call}: a notice to the new address and one to the old, which shows the new address masked`, async () => {
      const a = await parent({ headers: { 'accept-language': 'en' } });
      const changed = `new-${a.email}`;
      const input = { password: PASSWORD, [field]: changed.toUpperCase(), ...(call === 'ChangeUsername' ? { oldEmail: a.email } : {}) };
      const answer = await s.call(call, input, { token: a.token });
      expect(answer.status).toBe(200);
      const emails = await emailsOf(a.id);
      expect(emails.map((m) => [m.name, m.payload.to])).toEqual([
        ['emailChanged', changed],
        ['emailChangedFrom', a.email],
      ]);
      expect(emails[0]!.sent).toEqual({
        to: changed,
        locale: 'en',
        subject: 'Your Codeling email address was changed',
        text:
          'Hi,\n\n' +
          `The email address of your Codeling account was changed from ${a.email} to ${changed}. From now on, log in with ${changed}.\n\n` +
          'If you did not make this change, please contact us right away.',
      });
      expect(emails[1]!.sent).toMatchObject({
        to: a.email,
        locale: 'en',
        subject: 'The email address of your Codeling account was changed',
      });
      expect(emails[1]!.sent.text).toContain(`The email address of the Codeling account ${a.email} was just changed to n***@example.com.`);
      expect(emails[1]!.sent.text).not.toContain(changed);
    });
  }

  test('in Spanish for a Spanish account; an address another account has, or the same address, queues nothing', async () => {
    const a = await parent(SPANISH);
    const other = await parent();
    expect((await s.call('UpdateUserEmail', { password: PASSWORD, newUsername: other.email }, { token: a.token })).body.code).toBe(202);
    expect((await s.call('UpdateUserEmail', { password: PASSWORD, newUsername: a.email }, { token: a.token })).status).toBe(200);
    expect(await emailsOf(a.id)).toEqual([]);

    const changed = `nuevo-${a.email}`;
    await s.call('UpdateUserEmail', { password: PASSWORD, newUsername: changed }, { token: a.token });
    const [toNew, toOld] = await emailsOf(a.id);
    expect(toNew!.sent).toMatchObject({ to: changed, locale: 'es', subject: 'Se cambió tu correo electrónico de Codeling' });
    expect(toNew!.sent.text).toContain(`cambió de ${a.email} a ${changed}. A partir de ahora, inicia sesión con ${changed}.`);
    expect(toOld!.sent).toMatchObject({ to: a.email, locale: 'es', subject: 'Se cambió el correo electrónico de tu cuenta de Codeling' });
    expect(toOld!.sent.text).toContain(`El correo electrónico de la cuenta de Codeling ${a.email} se acaba de cambiar a n***@example.com.`);
  });
});

test('the log adapter prints each email’s subject and language, never its body', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const server = await startBackendServer(s.db, { logger: { level: 'info', stream }, backend: { environment: 'production' } });
  try {
    const a = await parent(SPANISH);
    await s.call('ChangePassword', { userId: a.id, currentPassword: PASSWORD, newPassword: 'a-new-secret-1' }, { token: a.token });
    // The file's other messages are delivered too: a batch at a time until none is left.
    while ((await server.app.backend.outbox.runOnce()) > 0);
    const [notice] = (await s.db.selectFrom('outbox').select(['id', 'payload']).where('name', '=', 'passwordChanged').execute()).filter(
      (row) => (row.payload as { userId: string }).userId === a.id,
    );
    const mine = lines.map((line) => JSON.parse(line) as { msg: string; outboxId?: string }).filter((line) => line.outboxId === notice!.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      email: 'p***@example.com',
      msg: 'outbox (log adapter): email passwordChanged "Se cambió tu contraseña de Codeling"',
      subject: 'Se cambió tu contraseña de Codeling',
      locale: 'es',
    });
    expect(lines.join('')).not.toContain('Se acaba de cambiar la contraseña');
    expect(lines.join('')).not.toContain(a.email);
  } finally {
    await server.close();
  }
});

describe('the texts, read from the copy folder', () => {
  /** A copy of copy/ whose emails.yaml of `locale` is changed by `edit`. */
  function copyWith(locale: string, edit: (text: string) => string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'email-copy-'));
    cpSync(path.resolve('copy'), dir, { recursive: true });
    const file = path.join(dir, locale, 'emails.yaml');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    return dir;
  }
  const withoutSubject = (text: string) => text.replace(/^passwordChanged:\n {2}subject: .*\n/m, 'passwordChanged:\n');

  test('a text Spanish lacks is written in English, the rest of the email in Spanish', () => {
    const dir = copyWith('es', withoutSubject);
    try {
      const texts = loadEmailTexts({ copyDir: dir, funnelsDir: 'funnels' });
      expect(texts.locales).toEqual(['en', 'es']);
      const sent = texts.render('passwordChanged', 'es', { email: 'ana@example.com', resetUrl: 'https://x.example/r' });
      expect(sent.subject).toBe('Your Codeling password was changed');
      expect(sent.text).toContain('Se acaba de cambiar la contraseña de tu cuenta de Codeling ana@example.com,');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a text the default language lacks: the server does not start, and says which', async () => {
    const dir = copyWith('en', withoutSubject);
    try {
      const start = buildServer({ dataDir: dir, db: s.db, copyDir: dir, backend: { environment: 'test', dispatchOutbox: false } });
      await expect(start).rejects.toThrow(ConfigError);
      // The copy is part of the release the server serves: the check refuses it, naming the text and where it goes.
      await expect(start).rejects.toThrow(
        "copy/en/emails.yaml:13:1: error: Copy key 'emails:passwordChanged.subject' is sent by the server in an email " +
          'but has no text in copy/en/emails.yaml. Add it there.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
