import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRelease } from '../../../src/server/releases/compiled.ts';
import { readCheckoutFiles } from '../../../src/server/releases/files.ts';
import { checkCase, projectRoot } from './helpers.ts';

/**
 * The default locale's copy is split (src/compiler/copySplit.ts): every page carries what the app
 * shell needs, each screen's file what that screen shows beyond it.
 */
describe('copy split, fixture', () => {
  const { report, result } = checkCase('copy-split');
  const compiled = result.compiled!;

  it('the fixture is valid: a key used only through $t() is not reported as unused', () => {
    expect(report).toBe('All 8 config files are valid.\n');
  });

  it('the shell has app.yaml’s keys and the runtime’s own, not the validation messages', () => {
    expect(compiled.shellCopy).toEqual({
      common: {
        close: 'Close',
        'footer.rights': 'All rights reserved.',
        'header.account': 'My Account',
        loading: 'Loading',
        mainNavigation: 'Main navigation',
        ok: 'Ok',
        productName: 'Codeling',
        sessionLost: 'It seems like you have logged out of your account.',
        skipToContent: 'Skip to main content',
        stepProgress: 'STEP {n} OF {m}',
        stepperLabel: 'Step {n} of {m}: {label}',
      },
    });
  });

  it(
    'a screen has the keys of its title, blocks, variants, fields, actions, ' +
      'rules without a message, its funnel’s step labels, and what they nest',
    () => {
      expect(compiled.screenCopy.signupForm).toEqual({
        signup: {
          // $t(signup:brand) in form.welcome; brand's own $t(common:productName) is in the shell.
          brand: '$t(common:productName) Plus',
          'form.badEmail': 'That email looks wrong',
          'form.email': 'Email address',
          'form.failed': 'We could not create your account.',
          'form.failedLink': 'Log in instead',
          'form.heading': 'Create your account',
          'form.passwordName': 'password',
          'form.submit': 'Create account',
          'form.title': 'Sign up',
          'form.variantHeading': 'Make your account',
          'form.welcome': 'Welcome to $t(signup:brand)!',
          'steps.account': 'Your account',
          'steps.done': 'All done',
        },
        // `required` and `length` have no message of their own; `email` has one.
        validation: { length: 'Please enter a password with {min} - {max} characters', required: 'Please fill out your {field}' },
      });
      expect(compiled.screenCopy.signupDone).toEqual({
        signup: {
          brand: '$t(common:productName) Plus',
          'done.text': 'Thanks for joining $t(signup:brand).',
          'steps.account': 'Your account',
          'steps.done': 'All done',
        },
      });
      expect(compiled.screenCopy.login).toEqual({ main: { 'login.title': 'Log into your account' } });
    },
  );

  it('the funnel’s description goes nowhere', () => {
    expect(JSON.stringify([compiled.config, compiled.screens])).not.toContain('A note for people');
  });
});

describe('copy split, the real funnels/ and copy/, as the server serves them', () => {
  const files = readCheckoutFiles({ funnelsDir: join(projectRoot, 'funnels'), copyDir: join(projectRoot, 'copy') });
  const release = compileRelease({ id: 1, files });
  // What every page carries (src/runtime/startup/release.ts): the config and the shell's copy.
  const page = JSON.stringify([release.project.config, release.project.shellCopy]);

  it('a page carries no screen’s copy: "Log into your account" comes with the login screen', () => {
    expect(page).not.toContain('Log into your account');
    expect(release.screenJson('login')).toContain('Log into your account');
    expect(page).toContain('Skip to main content');
    expect(page).toContain('"productName":"Codeling"');
  });

  it('a page carries no flag descriptions nor route-rule names', () => {
    expect(page).not.toMatch(/"description"|The login shared across|"name":|Older funnels now live/);
  });
});
