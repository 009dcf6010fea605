/** The one walk over a dictionary's nodes (./walk.ts `everyNode`). */
import { describe, expect, it } from 'vitest';
import { flag, group, list, plural, text } from './define';
import { everyNode } from './walk';

describe('everyNode', () => {
  it('visits every node depth first in schema order, a plural then its form', () => {
    const title = text();
    const seconds = plural({ count: 'seconds' });
    const question = text({ required: true });
    const items = list('item', group({ question, shown: flag() }));
    const root = group({ title, redirect: group({ seconds }), items });
    expect(everyNode(root).map((node) => node.kind)).toEqual([
      'group',
      'text',
      'group',
      'plural',
      'text',
      'list',
      'group',
      'text',
      'flag',
    ]);
    const nodes = everyNode(root);
    expect(nodes[1]).toBe(title);
    expect(nodes[4]).toBe(seconds.form);
    expect(nodes[7]).toBe(question);
  });
});
