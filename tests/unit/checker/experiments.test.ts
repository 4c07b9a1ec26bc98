import { describe, expect, it } from 'vitest';
import { checkCase, text } from './helpers.ts';

describe('experiments in funnels/experiments.yaml', () => {
  it('weights must add up to 100 over the flag’s variants; an audience reads only what is known when the page opens', () => {
    expect(checkCase('experiment-mistakes').report).toBe(text`
      funnels/experiments.yaml:9:16: error: The weights add up to 90; they are percentages of the visitors and must add up to 100.
         8 |       state: running
      >  9 |       weights: { control: 50, variant2: 40 }
           |                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
        10 |       audience:

      funnels/experiments.yaml:9:41: error: 'variant2' is not one of this flag's variants (control, variant1).
         8 |       state: running
      >  9 |       weights: { control: 50, variant2: 40 }
           |                                         ^^
        10 |       audience:

      funnels/experiments.yaml:13:21: error: The audience of newLanding reads 'flag.newLanding', which is not known when the page \\
        opens, where the visitor's variant is decided. An audience can read navigation.path, path.current, device.mobile, \\
        state.locale, query.<name>, cookie.<name>, utm.<name>.
        12 |           - { fact: device.mobile, is: true }
      > 13 |           - { fact: flag.newLanding, equals: variant1 }
           |                     ^^^^^^^^^^^^^^^
        14 |           - { fact: session.loggedIn }

      funnels/experiments.yaml:14:21: error: The audience of newLanding reads 'session.loggedIn', which is not known when the \\
        page opens, where the visitor's variant is decided. An audience can read navigation.path, path.current, \\
        device.mobile, state.locale, query.<name>, cookie.<name>, utm.<name>.
        13 |           - { fact: flag.newLanding, equals: variant1 }
      > 14 |           - { fact: session.loggedIn }
           |                     ^^^^^^^^^^^^^^^^
        15 |   oldLanding:

      funnels/experiments.yaml:20:14: error: An experiment's state is 'running' or 'stopped'.
        19 |     experiment:
      > 20 |       state: paused
           |              ^^^^^^
        21 |       weights: { control: 50, variant1: 50 }

      5 errors in 6 files.
    `);
  });
});
