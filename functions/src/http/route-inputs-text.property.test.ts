/**
 * Every text field of every write route refuses a lone UTF-16 surrogate with a 400 that says so:
 * for each route with a handler and a state-changing method, plausible requests are drawn from its
 * schemas, and every place of their bodies that holds text gets one in turn.
 * Before the text rules, `{"section":"\ud800"}` created a token whose workspace then answered 500
 * to every read.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import fc from 'fast-check';
import { routeTable, type RouteDefinition } from '@expiry-radar/shared/api/route-table';
import { invoke } from '../../test-support/api-gateway-event';
import { sessionCsrfToken } from './pipeline/csrf-token';
import {
  STATE_CHANGING,
  eventOf,
  handlerFolderOf,
  loadHandler,
  propertySeed,
} from '../../test-support/route-properties';
import { plausibleRequestInput, type RequestInput } from '../../test-support/route-property-inputs';
import {
  givenPropertyWorld,
  storedTokenCounts,
  type PropertyWorld,
} from '../../test-support/route-property-world';

const BROKEN_TEXT = 'x\ud800y';
const SAMPLES_PER_ROUTE = 30;

const writeRoutes = routeTable.filter(
  (route) => STATE_CHANGING.has(route.method) && handlerFolderOf(route) !== undefined,
);

type Path = readonly (string | number)[];

/** How deep strings are looked for (hostile values nest thousands of levels). */
const MAX_DEPTH = 8;

/** The paths of the strings in a JSON value. */
function textPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object' || path.length >= MAX_DEPTH) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    textPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

function replacedAt(value: unknown, path: Path, replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (
    Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }
  ) as Record<string | number, unknown>;
  copy[head!] = replacedAt(copy[head!], rest, replacement);
  return copy;
}

/** Array indices as `[]`, so one place of a list counts once. */
const placeOf = (path: Path) =>
  path.map((part) => (typeof part === 'number' ? '[]' : part)).join('.');

/** The CSRF token the web sends with a session: the session's own. */
function withSessionCsrf(event: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  const session = event.cookies
    ?.find((cookie) => cookie.startsWith('er_session='))
    ?.slice('er_session='.length);
  if (!session) return event;
  const token = sessionCsrfToken(session);
  return {
    ...event,
    headers: { ...event.headers, 'x-csrf-token': token },
    cookies: event.cookies?.map((cookie) =>
      cookie.startsWith('er_csrf=') ? `er_csrf=${token}` : cookie,
    ),
  };
}

interface BrokenRequest {
  readonly place: string;
  readonly input: RequestInput;
}

/**
 * One request per place of the body that holds text, with a lone surrogate there. JSON carries
 * one as an escape (`"\ud800"`); a query string, a path or a form body cannot (its bytes are not
 * UTF-8, and are read as U+FFFD), so a JSON body is where they come in.
 */
function brokenRequests(route: RouteDefinition): BrokenRequest[] {
  if (route.requestMediaType) return [];
  const seed = propertySeed();
  const inputs = fc.sample(plausibleRequestInput(route), { seed, numRuns: SAMPLES_PER_ROUTE });
  const requests = new Map<string, RequestInput>();
  for (const input of inputs) {
    const base: RequestInput = { ...input, caller: 'owner' };
    if (base.body.kind === 'json') {
      const { value } = base.body;
      for (const path of textPaths(value)) {
        const place = `body ${placeOf(path)}`;
        if (requests.has(place)) continue;
        const body = { ...base.body, value: replacedAt(value, path, BROKEN_TEXT) };
        requests.set(place, { ...base, body });
      }
    }
  }
  return [...requests].map(([place, input]) => ({ place, input }));
}

describe('a lone surrogate in any text field of a write route', () => {
  let world: PropertyWorld;
  beforeAll(async () => {
    world = await givenPropertyWorld();
  }, 60_000);

  it('leaves at least one text field to try on most write routes', () => {
    const tried = writeRoutes.filter((route) => brokenRequests(route).length > 0);
    expect(tried.length).toBeGreaterThan(writeRoutes.length / 2);
  });

  it.each(writeRoutes.map((route) => ({ route, name: `${route.method} ${route.path}` })))(
    '$name answers 400 naming the broken text, and writes nothing',
    async ({ route }) => {
      const handler = await loadHandler(route);
      const failures: string[] = [];
      for (const { place, input } of brokenRequests(route)) {
        const tokensBefore = await storedTokenCounts(world);
        const response = await invoke(handler, withSessionCsrf(eventOf(route, input, world)));
        const error = (response.json as { error?: string } | undefined)?.error ?? '';
        // The generated input may break the text rules elsewhere too (a control character in
        // another field); the refusal then names that field first, still a 400 of the rules.
        const refusedByTextRules = /lone UTF-16 surrogate|control characters|on one line/.test(
          error,
        );
        if (response.statusCode !== 400 || !refusedByTextRules) {
          failures.push(`${place}: ${response.statusCode} ${response.body?.slice(0, 200)}`);
        }
        const tokensAfter = await storedTokenCounts(world);
        if (JSON.stringify(tokensAfter) !== JSON.stringify(tokensBefore)) {
          failures.push(`${place}: changed the stored tokens`);
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
