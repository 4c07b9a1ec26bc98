import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { walk } from '../../../src/compiler/schemaWalk.ts';
import { actionList } from '../../../src/language/schema/actions.ts';
import { copyKey } from '../../../src/language/schema/common.ts';
import { condition } from '../../../src/language/schema/conditions.ts';
import type { SchemaRole } from '../../../src/language/schema/roles.ts';
import { strictObject, taggedUnion } from '../../../src/language/schema/strict.ts';
import { target } from '../../../src/language/schema/targets.ts';

/**
 * The checks find copy keys, targets, facts, value sources and actions by the role their
 * schema carries, so a block added tomorrow is checked without touching the checker.
 */
describe('walking a schema together with its data', () => {
  const bannerBlock = strictObject({
    type: z.literal('banner'),
    when: condition.optional(),
    title: copyKey,
    cta: strictObject({ label: copyKey, to: target }).optional(),
    onClose: actionList.optional(),
  });
  const blocks = z.array(taggedUnion('type', { banner: bannerBlock }, 'block'));

  function found(data: unknown) {
    const nodes: { role: SchemaRole; path: string; data: unknown }[] = [];
    walk(blocks, data, (node) => {
      for (const role of node.roles) nodes.push({ role, path: node.path.join('.'), data: node.data });
    });
    return nodes;
  }

  it('finds every reference in a block the checker has never heard of', () => {
    const data = [
      {
        type: 'banner',
        when: { not: { fact: 'flag.newLanding', equals: 'variant1' } },
        title: 'home:banner',
        cta: { label: 'home:cta', to: [{ when: { fact: 'session.loggedIn' }, to: '/account' }, { to: { external: 'mainSite' } }] },
        onClose: [{ do: 'set', state: 'showBothSubTypes', value: { query: 'both' } }],
      },
    ];
    expect(found(data)).toEqual([
      { role: 'fact', path: '0.when.not', data: { fact: 'flag.newLanding', equals: 'variant1' } },
      { role: 'copyKey', path: '0.title', data: 'home:banner' },
      { role: 'copyKey', path: '0.cta.label', data: 'home:cta' },
      { role: 'fact', path: '0.cta.to.0.when', data: { fact: 'session.loggedIn' } },
      { role: 'target', path: '0.cta.to.0.to', data: '/account' },
      { role: 'routePath', path: '0.cta.to.0.to', data: '/account' },
      { role: 'target', path: '0.cta.to.1.to', data: { external: 'mainSite' } },
      { role: 'action', path: '0.onClose.0', data: { do: 'set', state: 'showBothSubTypes', value: { query: 'both' } } },
      { role: 'valueSource', path: '0.onClose.0.value', data: { query: 'both' } },
    ]);
  });

  it('stops where the data does not fit (an unknown type) instead of guessing', () => {
    expect(found([{ type: 'baner', title: 'home:banner' }])).toEqual([]);
  });
});
