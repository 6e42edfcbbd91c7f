import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeTable } from '@expiry-radar/shared/api/route-table';
import {
  handlerFolderOf,
  PROPERTY_AREAS,
  type PropertyArea,
} from '../../test-support/route-properties';

const AREAS = Object.keys(PROPERTY_AREAS) as PropertyArea[];

describe('route input properties cover every route with a handler', () => {
  it.each(routeTable.filter((route) => handlerFolderOf(route) !== undefined))(
    '$id belongs to exactly one area',
    (route) => {
      const folder = handlerFolderOf(route)!;
      const areas = AREAS.filter((area) =>
        (PROPERTY_AREAS[area] as readonly string[]).includes(folder),
      );
      expect({ route: route.id, folder, areas: areas.length }).toEqual({
        route: route.id,
        folder,
        areas: 1,
      });
    },
  );

  it.each(AREAS)('the %s area has a property test file that runs it', (area) => {
    const file = join(__dirname, `route-inputs-${area}.property.test.ts`);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain(`describeRouteProperties('${area}')`);
  });
});
