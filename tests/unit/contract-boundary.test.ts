/**
 * The contract's rules for what any call may carry, shared by browser and server: text without
 * control characters or lone surrogates (keys included, at any depth), and bounded free-form
 * objects.
 */
import { describe, expect, test } from 'vitest';
import { FREE_FORM_LIMITS, freeFormObject } from '../../src/contract/freeForm.ts';
import { contract } from '../../src/contract/index.ts';
import { findUnsafeText, textProblem } from '../../src/contract/safeText.ts';

const codePoint = (n: number) => String.fromCharCode(n);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('text a call may carry', () => {
  test('every C0 control but tab, LF and CR, DEL and every C1 control are refused', () => {
    const refused = [...range(0x00, 0x08), 0x0b, 0x0c, ...range(0x0e, 0x1f), 0x7f, ...range(0x80, 0x9f)];
    for (const n of refused) expect(textProblem(`a${codePoint(n)}b`), n.toString(16)).toBe('must not contain control characters');
    for (const allowed of [
      'tab\there',
      'two\nlines',
      'crlf\r\n',
      'plain ASCII ~',
      'é ñ ü',
      'ß Ω 中文',
      '\u00a0non-breaking',
      'emoji 😀 (a surrogate pair)',
    ])
      expect(textProblem(allowed), allowed).toBeNull();
  });

  test('a lone surrogate, high or low, is refused; a pair is text', () => {
    for (const lone of ['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\ude00\ud83d'])
      expect(textProblem(lone), JSON.stringify(lone)).toBe('must not contain invalid Unicode (a lone surrogate)');
    expect(textProblem('\ud83d\ude00')).toBeNull();
  });

  test('strings are found at any depth, in arrays and in keys; a key is named by the object holding it', () => {
    expect(findUnsafeText({ a: { b: [1, 'ok', 'bad\u0000'] } })).toEqual({
      path: ['a', 'b', 2],
      message: 'must not contain control characters',
    });
    expect(findUnsafeText({ a: { 'evil\u0001key': 1 } })).toEqual({ path: ['a'], message: 'keys must not contain control characters' });
    expect(findUnsafeText({ '\ud800': 1 })).toEqual({ path: [], message: 'keys must not contain invalid Unicode (a lone surrogate)' });
    expect(findUnsafeText({ a: ['fine', { b: 'fine\ttoo' }], n: 1, t: true, z: null })).toBeNull();
    expect(findUnsafeText('top\u007f')).toEqual({ path: [], message: 'must not contain control characters' });
  });

  test('a value nested 10,000 deep is walked without recursion', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.message).toBe('must not contain control characters');
  });

  test("a call's input refuses it, with the field's path", () => {
    const issues = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      parsed.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(
      issues(
        contract.PurchaseSubscription.input.safeParse({
          paymentMethodToken: 'fake-valid-nonce',
          webOfferId: 'annual',
          expectedTodayCharge: 0,
          partner: 'gym\u0000pass',
        }),
      ),
    ).toEqual([['partner', 'must not contain control characters']]);
    expect(
      issues(
        contract.CreateWebUser.input.safeParse({
          username: 'a@example.com',
          password: 'secret-1',
          utmParamsObject: { utm_source: 'x\u0085' },
        }),
      ),
    ).toEqual([['utmParamsObject.utm_source', 'must not contain control characters']]);
    expect(
      issues(contract.TrackUserEvent.input.safeParse({ email: 'a@example.com', eventName: 'e', dataFields: { list: [{ 'k\ud800': 1 }] } })),
    ).toEqual([['dataFields.list.0', 'keys must not contain invalid Unicode (a lone surrogate)']]);
    expect(
      contract.CodingEventRequest.input.safeParse({ name: 'A\tB', email: 'a@example.com', message: 'Line one\r\nLine two' }).success,
    ).toBe(true);
  });
});

describe('free-form objects', () => {
  const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? { leaf: 1 } : { next: nested(levels - 1) });
  const refusal = (value: unknown) => {
    const parsed = freeFormObject.safeParse(value);
    return parsed.success ? null : parsed.error.issues.map((i) => i.message).join('; ');
  };

  test(`up to ${FREE_FORM_LIMITS.depth} levels are accepted, one more is refused`, () => {
    expect(refusal(nested(5))).toBeNull();
    expect(refusal(nested(6))).toBe('must not be nested more than 5 levels deep');
    expect(refusal({ list: [[[[1]]]] })).toBeNull();
    expect(refusal({ list: [[[[[1]]]]] })).toBe('must not be nested more than 5 levels deep');
  });

  test('keys per object, items per list and size are bounded', () => {
    const keys = (n: number) => Object.fromEntries(range(1, n).map((i) => [`k${i}`, i]));
    expect(refusal(keys(50))).toBeNull();
    expect(refusal(keys(51))).toBe('must not hold an object of more than 50 keys');
    expect(refusal({ inner: keys(51) })).toBe('must not hold an object of more than 50 keys');
    expect(refusal({ list: range(1, 100) })).toBeNull();
    expect(refusal({ list: range(1, 101) })).toBe('must not hold a list of more than 100 items');
    expect(refusal({ text: 'x'.repeat(8_000) })).toBeNull();
    expect(refusal({ text: 'x'.repeat(8_200) })).toBe('must not be larger than 8,192 characters of JSON');
  });

  test('a deep value is refused without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(refusal(deep)).toBe('must not be nested more than 5 levels deep');
  });
});
