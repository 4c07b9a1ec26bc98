import { describe, expect, it } from 'vitest';
import { checkCase } from './helpers.ts';

describe('compile: a valid project becomes the CompiledConfig the runtime reads', () => {
  const { report, result } = checkCase('valid');
  const compiled = result.compiled!;

  it('is valid and compiles', () => {
    expect(report).toBe('All 13 config files are valid.\n');
    expect(compiled).toBeDefined();
  });

  it('lists one route per screen, in file order, with its layout and load', () => {
    expect(compiled.config.routes).toEqual([
      { path: '/', screenId: 'home', funnel: 'main', layout: 'default', load: 'eager' },
      { path: '/login', screenId: 'login', funnel: 'main', layout: 'default', load: 'eager' },
      { path: '/account', screenId: 'account', funnel: 'main', layout: 'default', load: 'onDemand' },
      // In app.layoutGroups: the group's layout wins over the funnel's (none here).
      { path: '/classes', screenId: 'classes', funnel: 'main', layout: 'classFunnel', load: 'eager' },
      { path: '/not-found', screenId: 'notFound', funnel: 'main', layout: 'default', load: 'eager' },
      { path: '/quick', screenId: 'quickStart', funnel: 'quick', layout: 'default', load: 'eager' },
      // The trial funnel has `layout: classFunnel`.
      { path: '/trial', screenId: 'trialPlan', funnel: 'trial', layout: 'classFunnel', load: 'eager' },
      { path: '/trial-account', screenId: 'trialAccount', funnel: 'trial', layout: 'classFunnel', load: 'onDemand' },
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
      layout: 'classFunnel',
      progress: { step: 2, of: 2, labels: ['trial:steps.plan', 'trial:steps.account'] },
    });
    expect(compiled.screens.quickStart!.progress).toEqual({ step: 2, of: 3 });
    expect(compiled.screens.home!.progress).toBeUndefined();
    expect(compiled.screens.home!.load).toBe('eager');
  });

  it('carries the app config, the flags and the locales, default first', () => {
    expect(compiled.config.app.notFound).toBe('notFound');
    expect(compiled.config.app.layouts).toEqual({ default: { header: 'standard', footer: 'standard' }, classFunnel: { header: 'class', footer: 'class' } });
    expect(compiled.config.flags).toEqual({ newLanding: { description: 'The redesigned landing page', variants: ['control', 'variant1'], default: 'control' } });
    expect(compiled.config.locales).toEqual(['en', 'es']);
    expect(compiled.defaultLocale).toBe('en');
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
