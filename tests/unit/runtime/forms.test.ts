import { describe, expect, test } from 'vitest';
import type { Field } from '../../../src/language/schema/fields.ts';
import { compileRules } from '../../../src/runtime/forms/compileRules.ts';
import { failures } from '../../../src/runtime/forms/rules.ts';
import { formatPromoCode } from '../../../src/runtime/promoCode.ts';

/** A translation that shows which key and parameters were used. */
const t = (key: string, params?: Record<string, string>) =>
  params && Object.keys(params).length ? `${key}${JSON.stringify(params)}` : key;
const english: Record<string, string> = {
  'validation:required': 'Please fill out your {field}',
  'validation:email': 'Please enter a valid email address',
  'validation:noCapitals': 'Please do not use capital letters',
  'validation:matches': 'Passwords do not match',
  'validation:passwordLength': 'Please enter a password with 6 - 32 characters',
  'payment:fields.nameOnCardName': 'name',
  'promo:errors.captcha': 'Please complete the reCaptcha requirements',
  'account:register.emailRequired': 'Please enter an email',
  'account:register.passwordRequired': 'Please enter a password',
  'account:register.confirmRequired': 'Please confirm your password',
  'promo:errors.codeRequired': 'Please enter a promo code to continue. If you do not have a promo code, click here',
  'promo:errors.terms': 'We cannot register you without accepting our Terms and Privacy Policy',
};
const en = (key: string, params: Record<string, string> = {}) =>
  (english[key] ?? key).replace(/\{(\w+)\}/g, (_, p: string) => params[p] ?? '');

/** funnels/promo.yaml, the promo registration form. */
const promoFields: Field[] = [
  { name: 'code', type: 'promoCode', rules: [{ rule: 'required', message: 'promo:errors.codeRequired' }] },
  {
    name: 'email',
    type: 'email',
    rules: [{ rule: 'required', message: 'account:register.emailRequired' }, { rule: 'email' }, { rule: 'noCapitals' }],
  },
  {
    name: 'password',
    type: 'password',
    rules: [
      { rule: 'required', message: 'account:register.passwordRequired' },
      { rule: 'length', min: 6, max: 32, message: 'validation:passwordLength' },
    ],
  },
  {
    name: 'confirmPassword',
    type: 'password',
    rules: [
      { rule: 'required', message: 'account:register.confirmRequired' },
      { rule: 'matches', field: 'password' },
    ],
  },
  { name: 'terms', type: 'checkbox', default: true, rules: [{ rule: 'checked', message: 'promo:errors.terms' }] },
  { name: 'offers', type: 'checkbox', default: true },
  { name: 'captcha', type: 'captcha', rules: [{ rule: 'required', message: 'promo:errors.captcha' }] },
];
const checkOrder = ['captcha', 'email', 'password', 'confirmPassword', 'code', 'terms'];
const valid = {
  code: 'CS12-3456',
  email: 'parent@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  terms: true,
  offers: true,
  captcha: 'local-captcha:promoRegister',
};
const firstMessage = (values: Record<string, unknown>) => {
  const r = compileRules(promoFields, checkOrder, en).safeParse(values);
  return r.success ? null : { field: r.error.issues[0]!.path[0], message: r.error.issues[0]!.message };
};

describe('form rules compiled to zod', () => {
  test('a valid form passes, values unchanged', () => {
    const r = compileRules(promoFields, checkOrder, en).safeParse(valid);
    expect(r.success && r.data).toEqual(valid);
  });

  test('the promo registration checks run in checkOrder: captcha, email, password, confirm, match, code, terms', () => {
    const empty = { code: '', email: '', password: '', confirmPassword: '', terms: false, offers: false, captcha: '' };
    expect(firstMessage(empty)).toEqual({ field: 'captcha', message: 'Please complete the reCaptcha requirements' });
    expect(firstMessage({ ...empty, captcha: 'tok' })).toEqual({ field: 'email', message: 'Please enter an email' });
    expect(firstMessage({ ...valid, email: 'parent@' })).toEqual({ field: 'email', message: 'Please enter a valid email address' });
    expect(firstMessage({ ...valid, email: 'Parent@example.com' })).toEqual({
      field: 'email',
      message: 'Please do not use capital letters',
    });
    expect(firstMessage({ ...valid, password: '' })).toEqual({ field: 'password', message: 'Please enter a password' });
    expect(firstMessage({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual({
      field: 'password',
      message: 'Please enter a password with 6 - 32 characters',
    });
    expect(firstMessage({ ...valid, confirmPassword: '' })).toEqual({ field: 'confirmPassword', message: 'Please confirm your password' });
    expect(firstMessage({ ...valid, confirmPassword: 'secret2' })).toEqual({ field: 'confirmPassword', message: 'Passwords do not match' });
    expect(firstMessage({ ...valid, code: '' })).toEqual({
      field: 'code',
      message: 'Please enter a promo code to continue. If you do not have a promo code, click here',
    });
    expect(firstMessage({ ...valid, terms: false })).toEqual({
      field: 'terms',
      message: 'We cannot register you without accepting our Terms and Privacy Policy',
    });
  });

  test('without checkOrder, field by field; every failing field gets its first failing rule', () => {
    const list = failures(promoFields, undefined, { ...valid, code: '', terms: false }, () => 'x');
    expect(list.map((f) => [f.field, f.rule])).toEqual([
      ['code', 'required'],
      ['terms', 'checked'],
    ]);
  });

  test("required names the field: 'Please fill out your {field}' with the field's fieldName copy", () => {
    const name: Field = { name: 'nameOnCard', type: 'text', fieldName: 'payment:fields.nameOnCardName', rules: [{ rule: 'required' }] };
    const r = compileRules([name], undefined, en).safeParse({ nameOnCard: '  ' });
    expect(!r.success && r.error.issues[0]!.message).toBe('Please fill out your name');
  });

  test('limits and other rules: maxLength, numeric, length parameters', () => {
    const card: Field = { name: 'card', type: 'text', rules: [{ rule: 'numeric' }, { rule: 'maxLength', max: 19 }] };
    const pw: Field = { name: 'pw', type: 'password', rules: [{ rule: 'length', min: 6, max: 32 }] };
    expect(failures([card], undefined, { card: '4111 1111' }, () => 'card')[0]).toMatchObject({
      rule: 'numeric',
      message: 'validation:numeric',
    });
    expect(failures([card], undefined, { card: '1'.repeat(20) }, () => 'card')[0]).toMatchObject({
      rule: 'maxLength',
      params: { field: 'card', max: '19' },
    });
    expect(failures([card], undefined, { card: '' }, () => 'card')).toEqual([]); // not required: empty passes
    expect(failures([pw], undefined, { pw: 'x'.repeat(33) }, () => 'pw')[0]).toMatchObject({
      message: 'validation:length',
      params: { min: '6', max: '32' },
    });
    const r = compileRules([pw], undefined, t).safeParse({ pw: 'abc' });
    expect(!r.success && r.error.issues[0]!.message).toBe('validation:length{"field":"pw","min":"6","max":"32"}');
  });
});

describe('promo code field', () => {
  test('CS and CV codes lose their dashes and are regrouped in blocks of 4', () => {
    expect(formatPromoCode('cs12345678ab')).toBe('CS12-3456-78AB');
    expect(formatPromoCode('CV-1234-56')).toBe('CV12-3456');
    expect(formatPromoCode('CS1')).toBe('CS1');
  });

  test('GIFT and EDU codes are upper-cased, not regrouped; other codes are left as typed', () => {
    expect(formatPromoCode('SUMMER-2020')).toBe('SUMMER-2020');
    expect(formatPromoCode('summer')).toBe('summer');
    expect(formatPromoCode('gift123')).toBe('GIFT123');
    expect(formatPromoCode('EduDemo0001')).toBe('EDUDEMO0001');
  });
});
