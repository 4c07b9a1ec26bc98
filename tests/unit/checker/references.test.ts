import { describe, expect, it } from 'vitest';
import { checkCase, text } from './helpers.ts';

/**
 * Cross-file checks: routes, links, layouts, facts, state keys, flags, calls, forms, steps.
 * Each case is a folder of tests/fixtures/checker/ laid over the valid base project; the
 * whole printed report is compared.
 */
describe('npm run check: references between files', () => {
  it('a target path no screen or rule has gets the closest path', () => {
    expect(checkCase('misspelt-route').report).toBe(text`
      funnels/case.yaml:8:13: error: No screen or route rule has the path '/acount'. Did you mean '/account'?
        7 |       - when: { fact: session.loggedIn }
      > 8 |         to: /acount
          |             ^^^^^^^
        9 |     blocks:

      funnels/case.yaml:12:13: error: No screen or route rule has the path '/logn'. Did you mean '/login'?
        11 |         label: main:home.login
      > 12 |         to: /logn
           |             ^^^^^
        13 |       - type: link

      funnels/case.yaml:15:13: error: No screen or route rule has the path '/pricing'. \\
        Add a screen with this path, or a route rule for it in the app file.
        14 |         label: main:home.title
      > 15 |         to: /pricing
           |             ^^^^^^^^

      3 errors in 7 files.
    `);
  });

  it('an external link must be named in app links', () => {
    expect(checkCase('unknown-external').report).toBe(text`
      funnels/case.yaml:9:25: error: Unknown link 'mainSit'. Did you mean 'mainSite'?
         8 |         label: main:home.login
      >  9 |         to: { external: mainSit }
           |                         ^^^^^^^
        10 |       - type: link

      funnels/case.yaml:12:25: error: Unknown link 'blog'. Links are named under 'links:' in funnels/app.yaml: mainSite.
        11 |         label: main:home.title
      > 12 |         to: { external: blog }
           |                         ^^^^

      2 errors in 7 files.
    `);
  });

  it('a funnel layout must be defined in app layouts', () => {
    expect(checkCase('unknown-layout').report).toBe(text`
      funnels/case.yaml:3:9: error: Unknown layout 'clasFunnel'. Did you mean 'classFunnel'?
        2 | funnel: case
      > 3 | layout: clasFunnel
          |         ^^^^^^^^^^
        4 | screens:

      1 error in 7 files.
    `);
  });

  it('an unknown fact gets the closest fact', () => {
    expect(checkCase('unknown-fact').report).toBe(text`
      funnels/case.yaml:7:23: error: Unknown fact 'session.logedIn'. Did you mean 'session.loggedIn'?
        6 |     redirects:
      > 7 |       - when: { fact: session.logedIn }
          |                       ^^^^^^^^^^^^^^^
        8 |         to: /account

      funnels/case.yaml:11:23: error: Unknown fact 'customer.expird'. Did you mean 'customer.expired'?
        10 |           any:
      > 11 |             - { fact: customer.expird }
           |                       ^^^^^^^^^^^^^^^
        12 |             - { fact: stat.emailToSave, exists: true }

      funnels/case.yaml:12:23: error: Unknown fact 'stat.emailToSave'. Did you mean 'state.emailToSave'?
        11 |             - { fact: customer.expird }
      > 12 |             - { fact: stat.emailToSave, exists: true }
           |                       ^^^^^^^^^^^^^^^^
        13 |             - { fact: weather.sunny }

      funnels/case.yaml:13:23: error: Unknown fact 'weather.sunny'. A fact is one of session.loggedIn, navigation.path, navigation.from, \\
        navigation.reload, device.mobile, customer.expired, customer.hasPlan, customer.gifted, customer.lifetime, customer.trialActive, \\
        customer.usedAppTrial, customer.usedClassesTrial, or state.<name>, storage.<name>, flag.<name>, query.<name>, cookie.<name>, \\
        form.<name>, result.<name>, error.<name>.
        12 |             - { fact: stat.emailToSave, exists: true }
      > 13 |             - { fact: weather.sunny }
           |                       ^^^^^^^^^^^^^
        14 |         to: /login

      4 errors in 7 files.
    `);
  });

  it('client-state and session-storage keys are checked in facts, values, targets and set/clear', () => {
    expect(checkCase('unknown-state-key').report).toBe(text`
      funnels/case.yaml:7:23: error: Unknown client-state key 'emailToSav'. Did you mean 'state.emailToSave'?
        6 |     redirects:
      > 7 |       - when: { fact: state.emailToSav, exists: true }
          |                       ^^^^^^^^^^^^^^^^
        8 |         to: { state: expectedNextPag }

      funnels/case.yaml:8:22: error: Unknown client-state key 'expectedNextPag'. Did you mean 'expectedNextPage'?
        7 |       - when: { fact: state.emailToSav, exists: true }
      > 8 |         to: { state: expectedNextPag }
          |                      ^^^^^^^^^^^^^^^
        9 |     onEnter:

      funnels/case.yaml:11:16: error: Unknown client-state key 'webOfferCod'. Did you mean 'webOfferCode'?
        10 |       - do: set
      > 11 |         state: webOfferCod
           |                ^^^^^^^^^^^
        12 |         value: { query: code }

      funnels/case.yaml:14:18: error: Unknown session-storage key 'paymentMethd'. Did you mean 'paymentMethod'?
        13 |       - do: clear
      > 14 |         storage: paymentMethd
           |                  ^^^^^^^^^^^^
        15 |       - do: set

      funnels/case.yaml:16:18: error: Unknown session-storage key 'somethingElse'. The session-storage keys are: paymentMethod, \\
        fourClass, utmParamsObject, current_page, last_page, justRegistered, gtmRegData, userDetails, selectedMinervaOffer, purchasedCodes.
        15 |       - do: set
      > 16 |         storage: somethingElse
           |                  ^^^^^^^^^^^^^
        17 |         value: { storage: justRegisterd }

      funnels/case.yaml:17:27: error: Unknown session-storage key 'justRegisterd'. Did you mean 'justRegistered'?
        16 |         storage: somethingElse
      > 17 |         value: { storage: justRegisterd }
           |                           ^^^^^^^^^^^^^
        18 |     blocks:

      6 errors in 7 files.
    `);
  });

  it('flags are checked in facts and values', () => {
    expect(checkCase('unknown-flag').report).toBe(text`
      funnels/case.yaml:9:23: error: Unknown flag 'newLandng'. Did you mean 'flag.newLanding'?
         8 |         text: main:home.title
      >  9 |         when: { fact: flag.newLandng, equals: variant1 }
           |                       ^^^^^^^^^^^^^^
        10 |       - type: text

      funnels/case.yaml:12:23: error: Unknown flag 'darkMode'. Flags are defined in funnels/experiments.yaml.
        11 |         text: main:home.login
      > 12 |         when: { fact: flag.darkMode }
           |                       ^^^^^^^^^^^^^
        13 |       - type: button

      funnels/case.yaml:19:32: error: Unknown flag 'newLandig'. Did you mean 'newLanding'?
        18 |             props:
      > 19 |               variant: { flag: newLandig }
           |                                ^^^^^^^^^

      3 errors in 7 files.
    `);
  });

  it('a variant test must name a variant of the flag', () => {
    expect(checkCase('unknown-flag-variant').report).toBe(text`
      funnels/case.yaml:9:48: error: Flag 'newLanding' has no variant 'varient1'. Its variants are: control, variant1. \\
        Did you mean 'variant1'?
         8 |         text: main:home.title
      >  9 |         when: { fact: flag.newLanding, equals: varient1 }
           |                                                ^^^^^^^^
        10 |     variants:

      funnels/case.yaml:11:54: error: Flag 'newLanding' has no variant 'variant2'. Its variants are: control, variant1. \\
        Did you mean 'variant1'?
        10 |     variants:
      > 11 |       - when: { fact: flag.newLanding, in: [control, variant2] }
           |                                                      ^^^^^^^^
        12 |         blocks:

      2 errors in 7 files.
    `);
  });

  it('a call must be named in the contract', () => {
    expect(checkCase('unknown-call').report).toBe(text`
      funnels/case.yaml:8:13: error: Unknown backend call 'GetDefaultPlan'. Did you mean 'GetDefaultPlans'?
        7 |       - do: call
      > 8 |         fn: GetDefaultPlan
          |             ^^^^^^^^^^^^^^
        9 |       - do: call

      funnels/case.yaml:10:13: error: Unknown backend call 'FetchEverything'. The calls are listed in src/contract/calls.ts.
         9 |       - do: call
      > 10 |         fn: FetchEverything
           |             ^^^^^^^^^^^^^^^
        11 |     blocks:

      2 errors in 7 files.
    `);
  });

  it('form field references must name fields of the form', () => {
    expect(checkCase('form-field-ref').report).toBe(text`
      funnels/case.yaml:10:29: error: Form 'signup' has no field 'pasword'. Did you mean 'password'?
         9 |         submit: main:home.login
      > 10 |         checkOrder: [email, pasword]
           |                             ^^^^^^^
        11 |         fields:

      funnels/case.yaml:20:24: error: Form 'signup' has no field 'passwrd'. Did you mean 'password'?
        19 |               - rule: matches
      > 20 |                 field: passwrd
           |                        ^^^^^^^
        21 |         onSubmit:

      funnels/case.yaml:25:33: error: Form 'signup' has no field 'emial'. Did you mean 'email'?
        24 |             input:
      > 25 |               username: { form: emial }
           |                                 ^^^^^
        26 |               password: { form: password }

      funnels/case.yaml:29:24: error: Form 'signup' has no field 'confirmPassword'. Its fields are: email, password, confirm.
        28 |               - do: markFieldError
      > 29 |                 field: confirmPassword
           |                        ^^^^^^^^^^^^^^^
        30 |       - type: text

      funnels/case.yaml:32:23: error: Form 'signup' has no field 'emal'. Did you mean 'form.email'?
        31 |         text: main:home.title
      > 32 |         when: { fact: form.emal, exists: true }
           |                       ^^^^^^^^^

      5 errors in 7 files.
    `);
  });

  it('a step needs its funnel progress and must be within it', () => {
    expect(checkCase('step-without-progress').report).toBe(text`
      funnels/case.yaml:6:11: error: This screen is step 1 of its funnel, but the funnel has no 'progress:'. \\
        Add 'progress: { steps: N }' at the top of the funnel file, or remove 'step:'.
        5 |     path: /signup
      > 6 |     step: 1
          |           ^
        7 |     blocks:

      funnels/steps.yaml:13:11: error: Step 3 is beyond the 2 steps of this funnel's 'progress:'. Use a step from 1 to 2.
        12 |     path: /step-three
      > 13 |     step: 3
           |           ^
        14 |     blocks:

      2 errors in 8 files.
    `);
  });

  it('screen ids and paths are unique across funnels', () => {
    expect(checkCase('duplicate-screen').report).toBe(text`
      funnels/main.yaml:12:9: error: Screen id 'login' is already used by the screen in funnels/case.yaml on line 4. \\
        Each screen needs its own id.
        11 |         to: /login
      > 12 |   - id: login
           |         ^^^^^
        13 |     path: /login

      funnels/main.yaml:13:11: error: The path '/login' already belongs to the screen in funnels/case.yaml on line 10. \\
        Each path can have only one screen.
        12 |   - id: login
      > 13 |     path: /login
           |           ^^^^^^
        14 |     blocks:

      2 errors in 7 files.
    `);
  });

  it('app.notFound must name a screen', () => {
    expect(checkCase('notfound-missing').report).toBe(text`
      funnels/app.yaml:25:13: error: No screen has the id 'notFuond'. 'notFound:' names the screen shown for paths the app does not know. \\
        Did you mean 'notFound'?
        24 |         to: { external: mainSite }
      > 25 |   notFound: notFuond
           |             ^^^^^^^^
        26 |   loadingText: common:loading

      1 error in 6 files.
    `);
  });

  it('unconditional redirect loops are errors', () => {
    expect(checkCase('redirect-loop').report).toBe(text`
      funnels/case.yaml:16:13: error: These redirects go round in a loop: /deals → /offers → /deals. A visitor would never see a page: \\
        add a 'when:' to one of them, or send it somewhere else.
        15 |     redirects:
      > 16 |       - to: /offers
           |             ^^^^^^^
        17 |     blocks:

      funnels/case.yaml:23:13: error: These redirects go round in a loop: /promo → /promo. A visitor would never see a page: \\
        add a 'when:' to one of them, or send it somewhere else.
        22 |     redirects:
      > 23 |       - to: /promo
           |             ^^^^^^
        24 |     blocks:

      2 errors in 7 files.
    `);
  });
});
