/** The server's scan of a request body's nesting, before the body is parsed. */
import { describe, expect, test } from 'vitest';
import { nestsDeeperThan } from '../../src/server/jsonNesting.ts';

describe('the nesting of a JSON text', () => {
  test('counts arrays and objects inside one another, not one after another', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(nestsDeeperThan('[[1],[2],[3],[4],[5]]', 2)).toBe(false);
  });

  test('brackets inside strings do not count, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\","b":[[[]]]}', 3)).toBe(true);
  });
});
