import { describe, expect, it } from 'vitest';
import { checkCase } from './helpers.ts';

describe('compile: a valid project becomes the CompiledConfig the runtime reads', () => {
  const { report, result } = checkCase('valid');
  const compiled = result.compiled!;

  it('is valid and compiles', () => {
    expect(report).toBe('All 13 config files are valid.\n');
    expect(compiled).toBeDefined();
  });

  it('lists one route per screen, in file order, with its layout and load (not its funnel: the screen has it)', () => {
    expect(compiled.config.routes).toEqual([
      { path: '/', screenId: 'home', layout: 'default', load: 'eager' },
      { path: '/login', screenId: 'login', layout: 'default', load: 'eager' },
      { path: '/account', screenId: 'account', layout: 'default', load: 'onDemand' },
      // In app.layoutGroups: the group's layout wins over the funnel's (none here).
      { path: '/classes', screenId: 'classes', layout: 'classFunnel', load: 'eager' },
      { path: '/not-found', screenId: 'notFound', layout: 'default', load: 'eager' },
      { path: '/quick', screenId: 'quickStart', layout: 'default', load: 'eager' },
      // The trial funnel has `layout: classFunnel`.
      { path: '/trial', screenId: 'trialPlan', layout: 'classFunnel', load: 'eager' },
      { path: '/trial-account', screenId: 'trialAccount', layout: 'classFunnel', load: 'onDemand' },
    ]);
  });

  it('gives each screen its funnel, layout and progress', () => {
    expect(compiled.screens.trialAccount).toEqual({
      id: 'trialAccount',
      path: '/trial-account',
      step: 2,
      load: 'onDemand',
      blocks: [{ type: 'heading', text: 'trial:account.title', params: { email: { user: 'email' } } }],
      funnel: 'trial',
      funnelStep: 1,
      layout: 'classFunnel',
      progress: { step: 2, of: 2, labels: ['trial:steps.plan', 'trial:steps.account'] },
    });
    expect(compiled.screens.quickStart!.progress).toEqual({ step: 2, of: 3 });
    expect(compiled.screens.home!.progress).toBeUndefined();
    expect(compiled.screens.home!.load).toBe('eager');
  });

  it('carries the app config, the flags and the locales, default first', () => {
    expect(compiled.config.app.notFound).toBe('notFound');
    expect(compiled.config.app.layouts).toEqual({
      default: { header: 'standard', footer: 'standard' },
      classFunnel: { header: 'class', footer: 'class' },
    });
    expect(compiled.config.flags).toEqual({ newLanding: { variants: ['control', 'variant1'], default: 'control' } });
    expect(compiled.config.locales).toEqual(['en', 'es']);
    expect(compiled.defaultLocale).toBe('en');
  });

  it('leaves out what only people read: flag descriptions, route-rule names, layoutGroups (already applied)', () => {
    expect(compiled.config.app.routeRules).toEqual([{ paths: ['/old'], redirect: { to: { external: 'mainSite' } } }]);
    expect(compiled.config.app).not.toHaveProperty('layoutGroups');
    expect(JSON.stringify(compiled.config)).not.toMatch(/description|redesigned landing page|Old pages live on the main site/);
  });

  it('splits the default copy: the shell (app.yaml and runtime keys) and, per screen, the rest it shows', () => {
    expect(Object.keys(compiled.shellCopy)).toEqual(['common']);
    expect(compiled.shellCopy.common).toMatchObject({
      productName: 'Codeling',
      'header.account': 'My Account',
      loading: 'Loading',
      skipToContent: 'Skip to main content',
    });
    expect(compiled.screenCopy.login).toEqual({ main: { 'login.title': 'Log into your account' } });
    expect(compiled.screenCopy.trialAccount).toEqual({
      trial: { 'account.title': 'Welcome, {email}!', 'steps.account': 'Account setup', 'steps.plan': 'Choose plan' },
    });
    expect(Object.keys(compiled.screenCopy).sort()).toEqual(Object.keys(compiled.screens).sort());
  });

  it('flattens copy per locale to namespace → dotted key → text', () => {
    expect(compiled.copy.es!.trial).toEqual({
      'steps.plan': 'Elige un plan',
      'steps.account': 'Tu cuenta',
      'plan.title': '¡Empieza tu prueba gratis hoy!',
      'plan.next': 'SIGUIENTE',
      'account.title': '¡Hola, {email}!',
    });
    expect(compiled.copy.en!.common!['header.account']).toBe('My Account');
  });

  it('compiles when there are only warnings, and not when there is an error', () => {
    expect(checkCase('unused-copy').result.compiled).toBeDefined();
    expect(checkCase('misspelt-route').result.compiled).toBeUndefined();
  });
});
