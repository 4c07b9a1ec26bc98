/**
 * The sandbox card nonce (src/domain/sandboxCardNonce.ts): built in the browser, read by the
 * sandbox gateway; and the SHA-256 its fingerprint is made with (src/domain/sha256.ts).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cardFingerprint, parseSandboxCardNonce, type SandboxCard, sandboxCardNonce } from '../../src/domain/sandboxCardNonce.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  test('the published test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  test("the same as Node's for any text (UTF-8), across block boundaries (55, 56, 64 bytes...)", () => {
    for (const length of [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 200])
      expect(sha256Hex('7'.repeat(length)), `length ${length}`).toBe(nodeSha256('7'.repeat(length)));
    for (const text of ['é', '€ and 😀', '\u0000\uffff']) expect(sha256Hex(text), text).toBe(nodeSha256(text));
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => sha256Hex(text) === nodeSha256(text)));
  });
});

describe('sandbox card nonces', () => {
  const visa: SandboxCard = {
    brand: 'visa',
    last4: '1111',
    expirationMonth: 11,
    expirationYear: 2031,
    outcome: 'approved',
    fingerprint: cardFingerprint('4111111111111111'),
  };

  test('the card in, the card out', () => {
    const nonce = sandboxCardNonce(visa);
    expect(nonce).toBe(`sandbox-card-visa-1111-11-2031-approved-${nodeSha256('4111111111111111').slice(0, 2)}`);
    expect(parseSandboxCardNonce(nonce)).toEqual(visa);
    const declined = { ...visa, brand: 'mastercard', last4: '5100', expirationMonth: 1, outcome: 'declined' } as const;
    expect(sandboxCardNonce(declined)).toMatch(/^sandbox-card-mastercard-5100-01-2031-declined-[0-9a-f]{2}$/);
    expect(parseSandboxCardNonce(sandboxCardNonce(declined))).toEqual(declined);
  });

  test("Braintree's nonces and anything malformed are not sandbox cards", () => {
    const good = sandboxCardNonce(visa);
    for (const nonce of [
      'fake-valid-visa-nonce',
      'fake-processor-declined-visa-nonce',
      'tokencc_bf_abc',
      '',
      good.toUpperCase(),
      `${good}0`,
      good.slice(0, -1),
      ` ${good}`,
      good.replace('-visa-', '-amazon-'),
      good.replace('-11-2031-', '-13-2031-'),
      good.replace('-11-2031-', '-00-2031-'),
      good.replace('-11-2031-', '-11-31-'),
      good.replace('-1111-', '-111-'),
      good.replace('-approved-', '-fraud-'),
    ])
      expect(parseSandboxCardNonce(nonce), nonce).toBeNull();
  });

  test('a card that cannot be written as a nonce is refused when it is built', () => {
    expect(() => sandboxCardNonce({ ...visa, last4: '11a1' })).toThrow(RangeError);
    expect(() => sandboxCardNonce({ ...visa, expirationMonth: 13 })).toThrow(RangeError);
    expect(() => sandboxCardNonce({ ...visa, fingerprint: 'abc' })).toThrow(RangeError);
  });
});
