/** `GET /admin/login`: the operators' login form. */
import { escapeHtml } from '../../domain/html.ts';
import { htmlPage } from './html.ts';

export const WRONG_CREDENTIALS = 'The email or password is wrong.';
export const FORM_EXPIRED = 'The form had expired. Please log in again.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export interface LoginPageOptions {
  stylesheet: string;
  /** The login CSRF token (also in its cookie). */
  csrf: string;
  error?: string;
  email?: string;
}

export function loginPage(o: LoginPageOptions): string {
  const error = o.error ? `<p class="error" role="alert">${escapeHtml(o.error)}</p>` : '';
  return htmlPage({
    title: 'Log in',
    stylesheet: o.stylesheet,
    main:
      '<div class="login"><h1>Operator login</h1>' +
      '<p class="muted">The experiments report is for operators. Accounts are created with <code>npm run operator</code>.</p>' +
      error +
      '<form method="post" action="/admin/login">' +
      `<input type="hidden" name="csrf" value="${escapeHtml(o.csrf)}">` +
      '<div class="field"><label for="email">Email</label>' +
      `<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(o.email ?? '')}"></div>` +
      '<div class="field"><label for="password">Password</label>' +
      '<input id="password" name="password" type="password" autocomplete="current-password" required></div>' +
      '<button type="submit">Log in</button></form></div>',
  });
}
