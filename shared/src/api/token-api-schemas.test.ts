import { listTokensQuery, listTokensResponse } from './token-api-schemas';

describe('listTokensQuery', () => {
  it('applies defaults', () => {
    expect(listTokensQuery.parse({ workspace_id: 'ws-1' })).toEqual({
      workspace_id: 'ws-1',
      limit: 100,
      offset: 0,
      sort: 'expiration_asc',
      q: undefined,
      section: undefined,
      category: undefined,
    });
  });

  it('reads query strings', () => {
    expect(
      listTokensQuery.parse({
        workspace_id: 'ws-1',
        limit: '25',
        offset: '50',
        q: ' prod ',
        sort: 'name_asc',
        'category[]': ['cert', 'license'],
        section: '__none__',
      }),
    ).toMatchObject({
      limit: 25,
      offset: 50,
      q: 'prod',
      sort: 'name_asc',
      category: ['cert', 'license'],
      section: '__none__',
    });
    expect(listTokensQuery.parse({ workspace_id: 'w', category: 'cert,general' }).category).toEqual(
      ['cert', 'general'],
    );
  });

  it.each([
    [{}, 'Workspace is required'],
    [{ workspace_id: 'w', limit: '101' }, 'Limit must be an integer between 1 and 100'],
    [{ workspace_id: 'w', limit: '0' }, 'Limit must be an integer between 1 and 100'],
    [{ workspace_id: 'w', offset: '-1' }, 'Offset must be a non-negative integer'],
    [{ workspace_id: 'w', category: 'certs' }, 'Invalid category'],
  ])('refuses %p', (query, message) => {
    expect(listTokensQuery.safeParse(query).error?.issues[0]?.message).toBe(message);
  });

  it('refuses an unknown sort', () => {
    expect(listTokensQuery.safeParse({ workspace_id: 'w', sort: 'random' }).success).toBe(false);
  });
});

describe('listTokensResponse', () => {
  it('accepts items, total and facets', () => {
    const answer = {
      items: [],
      total: 0,
      facets: { category: { cert: 0 }, section: [{ section: null, count: 0 }] },
    };
    expect(listTokensResponse.parse(answer)).toEqual(answer);
  });
});
