import { describe, expect, test } from 'vitest';
import { sameOriginReferrer } from '../../../../src/runtime/startup/browser.ts';

describe('where the visitor came from', () => {
  test('a page of ours, by its path; another site or none, nothing', () => {
    expect(sameOriginReferrer('https://funnel.example/promo?x=1', 'https://funnel.example')).toBe('/promo');
    expect(sameOriginReferrer('https://search.example/?q=code', 'https://funnel.example')).toBeNull();
    expect(sameOriginReferrer('', 'https://funnel.example')).toBeNull();
  });
});
