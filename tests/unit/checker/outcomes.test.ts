import { describe, expect, it } from 'vitest';
import { checkCase, text } from './helpers.ts';

/**
 * Errors by meaning (docs/funnel-language.md, 'When a call fails'): the mapping of funnels/app.yaml
 * (`callGroups:`, `errors:`), a call's own `errors:`, and what a `catch:` may read or show.
 */
describe('npm run check: what a failed call shows', () => {
  it("the app's mapping names calls, groups and the outcomes they can fail with; never a numeric code", () => {
    expect(checkCase('outcome-mapping').report).toBe(text`
      funnels/app.yaml:36:37: error: Unknown backend call 'BulkPurchse'. Did you mean 'BulkPurchase'?
        35 |   callGroups:
      > 36 |     payment: [PurchaseSubscription, BulkPurchse]
           |                                     ^^^^^^^^^^^
        37 |     account: [UserLogin, PurchaseSubscription]

      funnels/app.yaml:37:26: error: 'PurchaseSubscription' is in the group 'payment' already: \\
        a call belongs to one group, where its outcomes are looked up.
        36 |     payment: [PurchaseSubscription, BulkPurchse]
      > 37 |     account: [UserLogin, PurchaseSubscription]
           |                          ^^^^^^^^^^^^^^^^^^^^
        38 |   errors:

      funnels/app.yaml:40:7: error: Unknown outcome 'WP_CardNotVaild'. The calls of 'payment' can fail with: \\
        WP_AlreadyHaveSubscription, WP_CardNotValid, WP_PaymentInvalid, WP_CardVerificationFailed, WP_PaymentMethodDuplicate, \\
        WP_TodayChargeChanged, CODE_ALREADY_USED, CODE_EXPIRED, CODE_INVALID, noAnswer, default. Did you mean 'WP_CardNotValid'?
        39 |     payment:
      > 40 |       WP_CardNotVaild: case:declined
           |       ^^^^^^^^^^^^^^^
        41 |       100: case:failed

      funnels/app.yaml:41:7: error: 100 is a numeric error code: failures are named by what they mean. \\
        No answer (codes 100, 1, 159, a 5xx) is noAnswer; any other failure without a name is default. \\
        The calls of 'payment' can fail with: WP_AlreadyHaveSubscription, WP_CardNotValid, WP_PaymentInvalid, \\
        WP_CardVerificationFailed, WP_PaymentMethodDuplicate, WP_TodayChargeChanged, CODE_ALREADY_USED, CODE_EXPIRED, CODE_INVALID, \\
        noAnswer, default.
        40 |       WP_CardNotVaild: case:declined
      > 41 |       100: case:failed
           |       ^^^
        42 |       WP_CardVerificationFailed: { formText: verifyCrad }

      funnels/app.yaml:42:46: error: Unknown payment form text 'verifyCrad'. A payment form's copy group has these messages: \\
        fillOutForm, verifyCard, duplicate, paypalClosed, failed, googlePayCanceled, googlePayFailed, applePayFailed, \\
        applePayIssue, loadCard, loadPayPal, loadApplePay, loadGooglePay, nameRequired, selectPlan. Did you mean 'verifyCard'?
        41 |       100: case:failed
      > 42 |       WP_CardVerificationFailed: { formText: verifyCrad }
           |                                              ^^^^^^^^^^
        43 |     PurchaseSubscriptoin:

      funnels/app.yaml:43:5: error: 'PurchaseSubscriptoin' is neither a backend call nor a group of 'callGroups:'. \\
        Did you mean 'PurchaseSubscription'?
        42 |       WP_CardVerificationFailed: { formText: verifyCrad }
      > 43 |     PurchaseSubscriptoin:
           |     ^^^^^^^^^^^^^^^^^^^^
        44 |       default: case:failed

      6 errors in 7 files.
    `);
  });

  it("a call's own errors:, and its catch: read outcomes by name and add no second message", () => {
    // The calls have no input: (the contract check says so first); what matters here are the outcomes.
    expect(checkCase('outcome-calls').report).toBe(text`
      funnels/case.yaml:11:17: error: PurchaseSubscription needs an 'input:' with 'paymentMethodToken:', 'webOfferId:' \\
        and 'expectedTodayCharge:'.
        10 |           - do: call
      > 11 |             fn: PurchaseSubscription
           |                 ^^^^^^^^^^^^^^^^^^^^
        12 |             idempotent: true

      funnels/case.yaml:11:17: error: WP_CardVerificationFailed of PurchaseSubscription shows a text of the payment form \\
        (formText:, funnels/app.yaml on line 39), but this PurchaseSubscription is not in a payment form's onPay:. \\
        Say what it shows here: errors: { WP_CardVerificationFailed: <copy key> }.
        10 |           - do: call
      > 11 |             fn: PurchaseSubscription
           |                 ^^^^^^^^^^^^^^^^^^^^
        12 |             idempotent: true

      funnels/case.yaml:14:17: error: CreateWebUser needs an 'input:' with 'username:' and 'password:'.
        13 |           - do: call
      > 14 |             fn: CreateWebUser
           |                 ^^^^^^^^^^^^^
        15 |             errors: { USER_ALREADY_EXIST: case:taken, default: case:faild }

      funnels/case.yaml:15:23: error: Unknown outcome 'USER_ALREADY_EXIST'. CreateWebUser can fail with: \\
        USER_ALREADY_EXISTS, CAPTCHA_FAILED, RATE_LIMITED, noAnswer, default. Did you mean 'USER_ALREADY_EXISTS'?
        14 |             fn: CreateWebUser
      > 15 |             errors: { USER_ALREADY_EXIST: case:taken, default: case:faild }
           |                       ^^^^^^^^^^^^^^^^^^
        16 |             catch:

      funnels/case.yaml:15:64: error: Unknown copy key 'case:faild': it is not in copy/en/case.yaml. Did you mean 'case:failed'?
        14 |             fn: CreateWebUser
      > 15 |             errors: { USER_ALREADY_EXIST: case:taken, default: case:faild }
           |                                                                ^^^^^^^^^^
        16 |             catch:

      funnels/case.yaml:17:17: error: A failure of CreateWebUser already shows the message of its outcome \\
        (errors: in funnels/app.yaml); 'catch:' runs after it, so this would be a second message. \\
        Change what an outcome shows with errors: on the call instead, like errors: { default: <copy key> }.
        16 |             catch:
      > 17 |               - do: notify
           |                 ^^^^^^^^^^
        18 |                 when: { fact: error.code, in: [100, 1, 159] }

      funnels/case.yaml:18:31: error: 'error.code' is gone: failures are named by what they mean. \\
        Use { fact: error.outcome, equals: <outcome> }. CreateWebUser can fail with: \\
        USER_ALREADY_EXISTS, CAPTCHA_FAILED, RATE_LIMITED, noAnswer, default. Did you mean 'error.outcome'?
        17 |               - do: notify
      > 18 |                 when: { fact: error.code, in: [100, 1, 159] }
           |                               ^^^^^^^^^^
        19 |                 text: case:again

      funnels/case.yaml:21:54: error: Unknown outcome 'noAnswr'. CreateWebUser can fail with: \\
        USER_ALREADY_EXISTS, CAPTCHA_FAILED, RATE_LIMITED, noAnswer, default. Did you mean 'noAnswer'?
        20 |               - do: go
      > 21 |                 when: { fact: error.outcome, equals: noAnswr }
           |                                                      ^^^^^^^
        22 |                 to: /login

      funnels/case.yaml:25:41: error: 'error.code' is gone: failures are named by what they mean. \\
        Use { error: outcome }. CreateWebUser can fail with: USER_ALREADY_EXISTS, CAPTCHA_FAILED, RATE_LIMITED, noAnswer, default. \\
        Did you mean 'outcome'?
        24 |                 event: Registration failed
      > 25 |                 props: { code: { error: code } }
           |                                         ^^^^

      9 errors in 8 files.
    `);
  });
});
