import { keptEndpointCounts } from './endpoint-pausing';

const token = (tokenId: string, endpointCount: number, tokenCreatedAt: string | null) => ({
  tokenId,
  endpointCount,
  tokenCreatedAt,
});

describe('keptEndpointCounts', () => {
  it('keeps every endpoint of a workspace within its limit, and with no limit', () => {
    const tokens = [token('a', 3, '2026-01-01'), token('b', 2, '2026-02-01')];
    expect(keptEndpointCounts(tokens, 5)).toBeUndefined();
    expect(keptEndpointCounts(tokens, null)).toBeUndefined();
  });

  it("keeps the oldest tokens' endpoints up to the limit, splitting the token at the edge", () => {
    const tokens = [
      token('newest', 2, '2026-03-01'),
      token('oldest', 3, '2026-01-01'),
      token('middle', 2, '2026-02-01'),
    ];
    expect(keptEndpointCounts(tokens, 4)).toEqual(
      new Map([
        ['oldest', 3],
        ['middle', 1],
        ['newest', 0],
      ]),
    );
  });

  it('ranks schedules written before the creation time was kept first, then by token id', () => {
    const tokens = [token('b', 1, '2026-01-01'), token('z', 1, null), token('a', 1, null)];
    expect(keptEndpointCounts(tokens, 2)).toEqual(
      new Map([
        ['a', 1],
        ['z', 1],
        ['b', 0],
      ]),
    );
  });
});
