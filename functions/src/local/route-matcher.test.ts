import { findRoute } from '@expiry-radar/shared/api/route-table';
import { RouteMatcher } from './route-matcher';

describe('RouteMatcher', () => {
  const matcher = new RouteMatcher([
    { route: findRoute('updateToken'), handler: 'update' },
    { route: findRoute('deleteToken'), handler: 'delete' },
    { route: findRoute('updateMember'), handler: 'member' },
  ]);

  it('matches a path template and decodes its parameters', () => {
    expect(matcher.match('PUT', '/api/tokens/tok%201')).toEqual({
      handler: 'update',
      routeKey: 'PUT /api/tokens/{id}',
      pathParameters: { id: 'tok 1' },
    });
    expect(matcher.match('PATCH', '/api/v1/workspaces/w1/members/u2')).toMatchObject({
      handler: 'member',
      pathParameters: { id: 'w1', userId: 'u2' },
    });
  });

  it('tells a malformed percent-escape in a parameter apart instead of throwing', () => {
    expect(matcher.match('PUT', '/api/tokens/%ZZ')).toBe('malformedPath');
    expect(matcher.match('DELETE', '/api/tokens/tok%E0%A4%A')).toBe('malformedPath');
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matcher.match('GET', '/api/tokens/tok1')).toBe('methodNotAllowed');
    expect(matcher.match('PUT', '/api/tokens/tok1/extra')).toBeUndefined();
    expect(matcher.match('PUT', '/api/tokens/')).toBeUndefined();
  });

  it('takes a greedy ANY route only when no route of the method and path does', () => {
    const withCatchAll = new RouteMatcher([
      { route: findRoute('scimUnknownPath'), handler: 'unknown' },
      { route: findRoute('scimListUsers'), handler: 'users' },
    ]);
    expect(withCatchAll.match('GET', '/scim/v2/Users')).toMatchObject({ handler: 'users' });
    expect(withCatchAll.match('DELETE', '/scim/v2/Users')).toEqual({
      handler: 'unknown',
      routeKey: 'ANY /scim/{proxy+}',
      pathParameters: { proxy: 'v2/Users' },
    });
    expect(withCatchAll.match('GET', '/scim/v2/Users/x/y')).toMatchObject({
      pathParameters: { proxy: 'v2/Users/x/y' },
    });
    expect(withCatchAll.match('GET', '/scim/')).toBeUndefined();
  });
});
