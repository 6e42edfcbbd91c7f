import { randomBytes } from 'node:crypto';
import { buildToken } from '../../test-support/token-seeding';
import { searchEntryOf } from '../domain/search-entries';
import { searchBasePartCodec } from './entities/search-base';
import { baseParts, basePartItems } from './search-base';

/** Text that deflate cannot shrink much: random bytes in base64. */
const noise = (length: number) => randomBytes(length).toString('base64').slice(0, length);

function chunkItemsOf(tokens: ReturnType<typeof buildToken>[]) {
  const { parts } = baseParts(
    tokens.map(searchEntryOf),
    new Map(tokens.map((token) => [token.id, token])),
  );
  const items = basePartItems('ws-1', 'base-1', parts);
  const chunk = items
    .map((item) => searchBasePartCodec.fromItem(item).part)
    .find((part) => part.kind === 'ids');
  if (chunk?.kind !== 'ids' || !chunk.tokens) throw new Error('No chunk of tokens');
  return { items, tokens: chunk.tokens };
}

describe('search base parts', () => {
  it('keeps every token of a chunk that fits', () => {
    const tokens = Array.from({ length: 50 }, (_, index) =>
      buildToken('ws-1', { name: `Token ${index}`, description: 'An ordinary description' }),
    );
    const { tokens: kept } = chunkItemsOf(tokens);
    expect(kept).toHaveLength(50);
    expect(kept).toEqual(expect.arrayContaining(tokens));
  });

  it('leaves out the largest tokens of a chunk that would pass 64 KB, which searches read by key', () => {
    const tokens = Array.from({ length: 50 }, (_, index) =>
      buildToken('ws-1', {
        name: `Token ${index}`,
        description: noise(300),
        notes: noise(index < 10 ? 500 : 400),
        subject: noise(300),
        location: noise(200),
        used_by: noise(200),
        contacts: noise(200),
        renewal_url: `https://example.com/${noise(450)}`,
      }),
    );
    const { items, tokens: inChunk } = chunkItemsOf(tokens);
    for (const item of items) expect(item.data.length).toBeLessThanOrEqual(64_000);
    // About 95 KB deflated: more than the ten largest left out, not all.
    const kept = inChunk.filter((token) => token !== null);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(40);
    // The largest go first; those kept are the tokens as they were.
    for (const token of kept) expect(token).toEqual(tokens.find(({ id }) => id === token.id));
    expect(kept.filter(({ name }) => /^Token \d$/.test(name))).toEqual([]);
  });
});
