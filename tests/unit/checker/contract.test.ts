import { describe, expect, it } from 'vitest';
import { blocks } from '../../../src/blocks/registry.ts';
import { checkAndCompile } from '../../../src/compiler/compile.ts';
import { checkCase, projectRoot, text } from './helpers.ts';

/**
 * Calls against the contract (src/contract/definitions.ts): every `input:` key, kind and value,
 * and every `result.*` read after a call; and the indentation slips that put a key in the wrong
 * place. Each case is a folder of tests/fixtures/checker/ laid over the valid base project.
 */
describe('npm run check: calls against the contract', { timeout: 60_000 }, () => {
  it('an input the call does not take, one it needs, a value of the wrong kind and a result field it does not answer', () => {
    expect(checkCase('call-contract').report).toBe(text`
      funnels/case.yaml:23:31: error: The answer of GetUserExistsByUsername has no field 'exist'. Did you mean 'result.exists'?
        22 |               - do: go
      > 23 |                 when: { fact: result.exist, is: true }
           |                               ^^^^^^^^^^^^
        24 |                 to: /login

      funnels/case.yaml:28:25: error: CreateWebUser's input 'username' takes text, but { form: offers } (a checkbox) gives true or \\
        false.
        27 |             input:
      > 28 |               username: { form: offers }
           |                         ^^^^^^^^^^^^^^^^
        29 |               pasword: { form: password }

      funnels/case.yaml:29:15: error: 'pasword' is not an input of CreateWebUser. Did you mean 'password'?
        28 |               username: { form: offers }
      > 29 |               pasword: { form: password }
           |               ^^^^^^^
        30 |               confirmPromoEmails: 'yes'

      funnels/case.yaml:30:35: error: CreateWebUser's input 'confirmPromoEmails' takes true or false, not the text 'yes'.
        29 |               pasword: { form: password }
      > 30 |               confirmPromoEmails: 'yes'
           |                                   ^^^^^
        31 |               minerva_lead: { query: lead }

      funnels/case.yaml:31:29: error: CreateWebUser's input 'minerva_lead' takes true or false, but { query: lead } gives text.
        30 |               confirmPromoEmails: 'yes'
      > 31 |               minerva_lead: { query: lead }
           |                             ^^^^^^^^^^^^^^^
        32 |           - do: call

      funnels/case.yaml:35:15: error: 'emial' is not an input of RequestBeginPasswordReset. Did you mean 'email'?
        34 |             input:
      > 35 |               emial: { form: email }
           |               ^^^^^
        36 |             then:

      funnels/case.yaml:44:31: error: CrmUpdateAfterAddClass's input 'hs_lead_status' takes only 'Subscribed', not 'subscribed'. Did \\
        you mean 'Subscribed'?
        43 |               productId: classes
      > 44 |               hs_lead_status: subscribed
           |                               ^^^^^^^^^^
        45 |               idempotent: true

      funnels/case.yaml:45:15: error: 'idempotent' is not an input of CrmUpdateAfterAddClass: it looks like a key of the 'call' \\
        action indented too far. Move it left to line up with 'input:'.
        44 |               hs_lead_status: subscribed
      > 45 |               idempotent: true
           |               ^^^^^^^^^^
        46 |           - do: call

      funnels/case.yaml:50:59: error: In the answer of GetMinervaOffers, 'result.0.classType' is one of: live, onDemand; 'ondemand' \\
        never matches. Did you mean 'onDemand'?
        49 |               - do: go
      > 50 |                 when: { fact: result.0.classType, equals: ondemand }
           |                                                           ^^^^^^^^
        51 |                 to: /login

      funnels/case.yaml:53:17: error: ChangePassword needs an 'input:' with 'userId:', 'newPassword:' and 'currentPassword:'.
        52 |           - do: call
      > 53 |             fn: ChangePassword
           |                 ^^^^^^^^^^^^^^
        54 |           - do: call

      funnels/case.yaml:56:13: error: UserLogin needs 'password:' in its 'input:'.
        55 |             fn: UserLogin
      > 56 |             input: { username: { form: email } }
           |             ^^^^^
        57 |           - do: call

      funnels/case.yaml:59:22: error: 'everywhere' is not an input of Logout. It takes none.
        58 |             fn: Logout
      > 59 |             input: { everywhere: true }
           |                      ^^^^^^^^^^
        60 |   # Nothing to say: a condition shared by two calls fits one answer or the other; after a call

      12 errors in 7 files.
    `);
  });

  it('a key indented one level too far is an error at its line, with where it belongs', () => {
    expect(checkCase('indent-slips').report).toBe(text`
      funnels/case.yaml:24:17: error: This 'catch:' handles only a failure of CreateWebUser; the call of GetUserExistsByUsername \\
        above has none, so it looks like its 'catch:' indented too far. Move it left to line up with 'then:' on line 20. If both are \\
        to handle a failure, give the call of GetUserExistsByUsername its own 'catch:'.
        23 |                 input: { username: { form: email }, password: { form: password } }
      > 24 |                 catch:
           |                 ^^^^^
        25 |                   - do: notify

      funnels/case.yaml:32:15: error: 'catch' is not an input of RequestBeginPasswordReset: it looks like a key of the 'call' action \\
        indented too far. Move it left to line up with 'input:'.
        31 |               email: { form: email }
      > 32 |               catch:
           |               ^^^^^
        33 |                 - do: notify

      funnels/case.yaml:42:17: error: Unknown field 'catch': it looks like a key of the 'call' action indented too far. Move it left \\
        to line up with 'then:'.
        41 |                 to: /login
      > 42 |                 catch:
           |                 ^^^^^
        43 |                   - do: notify

      funnels/case.yaml:50:15: error: 'replace' is not an entry of 'query:': it looks like an option of the 'go' action indented too \\
        far. Move it left to line up with 'query:'.
        49 |               reason: signup
      > 50 |               replace: true
           |               ^^^^^^^

      4 errors in 7 files.
    `);
  });

  it('the shipped funnels/ and copy/ pass', () => {
    const result = checkAndCompile({ root: projectRoot, funnelsDir: 'funnels', copyDir: 'copy', blocks });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
