import { findRoute } from '@expiry-radar/shared/api/route-table';
import type { ImplementedRoute } from '../constructs/http-routes';
import { apiRoutesStackName } from '../stacks/api-routes-stack';
import { areaOf, implementedRoutes, routesByArea } from './route-areas';

const at = (handlerFile: string): ImplementedRoute => ({
  route: { ...findRoute('getHealth'), id: 'getHealth' },
  handlerFile,
});

describe('route areas', () => {
  it('is the folder of the handler module', () => {
    expect(areaOf(at('tokens/list-tokens.ts'))).toBe('tokens');
    expect(areaOf(at('two-factor/verify-sign-in.ts'))).toBe('two-factor');
    expect(areaOf(at('imports/csv/start-import.ts'))).toBe('imports');
  });

  it('refuses a handler module outside an area folder', () => {
    expect(() => areaOf(at('get-health.ts'))).toThrow(/getHealth.*<area>\/<action>\.ts/);
    expect(() => areaOf(at('Tokens/list-tokens.ts'))).toThrow(/area folder/);
  });

  it('puts a route of a new folder in a new area, and sorts areas by name', () => {
    const grouped = routesByArea([
      at('tokens/list-tokens.ts'),
      at('calendar-feeds/get-feed.ts'),
      at('tokens/create-token.ts'),
    ]);
    expect(grouped.map(({ area, routes }) => [area, routes.map((r) => r.handlerFile)])).toEqual([
      ['calendar-feeds', ['calendar-feeds/get-feed.ts']],
      ['tokens', ['tokens/list-tokens.ts', 'tokens/create-token.ts']],
    ]);
    expect(apiRoutesStackName('ExpiryRadarApi', 'calendar-feeds')).toBe(
      'ExpiryRadarApiCalendarFeeds',
    );
  });

  it('places every implemented route in exactly one area', () => {
    const implemented = implementedRoutes();
    const placed = routesByArea(implemented).flatMap(({ routes }) => routes);
    expect(placed.map(({ route }) => route.id).sort()).toEqual(
      implemented.map(({ route }) => route.id).sort(),
    );
  });
});
