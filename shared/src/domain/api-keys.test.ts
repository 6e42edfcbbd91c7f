import { pausedApiKeyIds } from './api-keys';

const now = new Date('2030-06-01T12:00:00.000Z');
const key = (id: string, createdAt: string, expiresOn = '2030-12-31') => ({
  id,
  createdAt,
  expiresOn,
});

describe('pausedApiKeyIds', () => {
  it('keeps the oldest keys within the limit and pauses the rest', () => {
    const keys = [
      key('c', '2030-01-03T00:00:00.000Z'),
      key('a', '2030-01-01T00:00:00.000Z'),
      key('b', '2030-01-02T00:00:00.000Z'),
    ];
    expect([...pausedApiKeyIds(keys, 2, now)]).toEqual(['c']);
    expect([...pausedApiKeyIds(keys, 1, now)]).toEqual(['b', 'c']);
    expect(pausedApiKeyIds(keys, 3, now).size).toBe(0);
    expect(pausedApiKeyIds(keys, null, now).size).toBe(0);
  });

  it('does not count expired keys, so they never take the place of a working one', () => {
    const keys = [
      key('expired', '2030-01-01T00:00:00.000Z', '2030-06-01'),
      key('older', '2030-01-02T00:00:00.000Z'),
      key('newer', '2030-01-03T00:00:00.000Z'),
    ];
    expect([...pausedApiKeyIds(keys, 1, now)]).toEqual(['newer']);
  });
});
