import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { itemSize, MAX_ITEM_BYTES } from './item-size';

/** `item` with a `pad` string making it exactly `bytes` long by itemSize. */
function padded(item: Record<string, unknown>, bytes: number): Record<string, unknown> {
  const base = itemSize({ ...item, pad: '' });
  return { ...item, pad: 'x'.repeat(bytes - base) };
}

const put = (item: Record<string, unknown>) =>
  getDocumentClient().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));

const shapes: Record<string, Record<string, unknown>> = {
  strings: { name: 'Grâce', note: '日本語' },
  lists: { list: ['a', 'bb', '', 'ccc'], empty: [] },
  maps: {
    groups: [
      { id: 'ops', emails: ['a@example.com', 'b@example.com'], on: true, none: null },
      { id: 'é', nested: { deeper: { deepest: [1, 2] } } },
    ],
    emptyMap: {},
  },
  numbers: { small: 7, big: 123_456_789, negative: -42, fraction: 0.015, thresholds: [30, 14, 0] },
  sets: { ids: new Set(['a', 'bc']) },
};

describe('itemSize', () => {
  it.each(Object.entries(shapes))(
    'is never below what DynamoDB counts, and exact for %s',
    async (_name, shape) => {
      const key = { pk: `ITEM_SIZE#${Math.random()}`, sk: 'ITEM' };
      const fits = padded({ ...key, ...shape }, MAX_ITEM_BYTES);
      expect(itemSize(fits)).toBe(MAX_ITEM_BYTES);
      await expect(put(fits)).resolves.toBeDefined();
      const over = padded({ ...key, ...shape }, MAX_ITEM_BYTES + 1);
      await expect(put(over)).rejects.toThrow(/Item size/);
    },
  );

  it('counts names and values as AWS documents them', () => {
    expect(itemSize({ ab: 'cde' })).toBe(5);
    expect(itemSize({ a: true, b: null })).toBe(4);
    expect(itemSize({ l: [] })).toBe(4);
    expect(itemSize({ l: ['x', 'yz'] })).toBe(1 + 3 + 2 + 3);
    expect(itemSize({ m: { k: 'v' } })).toBe(1 + 3 + 1 + 1 + 1);
    expect(itemSize({ n: 12 })).toBe(1 + 2);
    expect(itemSize({ é: 'é' })).toBe(4);
  });
});
