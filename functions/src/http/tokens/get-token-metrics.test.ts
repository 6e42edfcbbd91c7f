import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { defaultApiKeyExpiry } from '@expiry-radar/shared/domain/api-keys';
import { parseDate } from '@expiry-radar/shared/domain/calendar-date';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenToken, inDays } from '../../../test-support/token-fixtures';
import { givenTeam, routeRequest } from '../../../test-support/workspace-fixtures';
import { escapeLabelValue, OPENMETRICS_CONTENT_TYPE } from '../../domain/token-metrics';
import { handler as createApiKey } from '../api-keys/create-api-key';
import { handler as getTokenMetrics } from './get-token-metrics';

const ROUTE = '/api/v1/workspaces/{id}/metrics';

/** Prometheus's rules for metric and label names (label names starting with __ are reserved). */
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/**
 * The OpenMetrics text grammar's lines, strictly: metadata (TYPE, UNIT, HELP) before a family's
 * samples, samples `name{label="escaped value",…} number`, and `# EOF` as the last line.
 */
const DESCRIPTOR = /^# (TYPE|UNIT|HELP) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*")*)?\})? (-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)$/;

function checkOpenMetricsGrammar(text: string): void {
  expect(text.endsWith('# EOF\n')).toBe(true);
  const lines = text.slice(0, -'# EOF\n'.length).split('\n').slice(0, -1);
  const families = new Map<string, { type: string; unit?: string }>();
  let current: string | null = null;
  const seriesSeen = new Set<string>();
  for (const line of lines) {
    const descriptor = DESCRIPTOR.exec(line);
    if (descriptor) {
      const [, kind, name] = descriptor as unknown as [string, string, string, string];
      if (kind === 'TYPE') {
        expect(families.has(name)).toBe(false);
        families.set(name, { type: descriptor[3]! });
        current = name;
      } else {
        expect(name).toBe(current);
        if (kind === 'UNIT') {
          // A family with a unit ends its name with it.
          expect(name.endsWith(`_${descriptor[3]}`)).toBe(true);
        }
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect({ line, matches: sample !== null }).toEqual({ line, matches: true });
    // Gauges' samples carry their family's name, and each series appears once.
    expect(sample![1]).toBe(current);
    expect(seriesSeen.has(`${sample![1]}${sample![2] ?? ''}`)).toBe(false);
    seriesSeen.add(`${sample![1]}${sample![2] ?? ''}`);
  }
}

describe('GET /api/v1/workspaces/{id}/metrics', () => {
  it('escapes label values as OpenMetrics says: backslash, double quote, line feed', () => {
    expect(escapeLabelValue('a\\b "c"\nd')).toBe('a\\\\b \\"c\\"\\nd');
  });

  it('answers OpenMetrics a Prometheus parser reads, by key or by session, to members only', async () => {
    const team = await givenTeam();
    const { admin, viewer, outsider, workspaceId } = team;
    const soon = await givenToken(admin.cookie, workspaceId, {
      name: 'Deploy "prod" key\\with a backslash',
      expiresAt: inDays(5),
      section: 'Ops \\ "blue"',
    });
    const cert = await givenToken(admin.cookie, workspaceId, {
      name: 'www.example.com',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(40),
    });
    await givenToken(admin.cookie, workspaceId, { name: 'Old key', expiresAt: inDays(400) });

    // A read-only key scoped to the workspace is enough.
    const created = await invoke(
      createApiKey,
      routeRequest('POST', '/api/account/api-keys', {
        cookie: admin.cookie,
        body: {
          name: 'Prometheus',
          workspace_id: workspaceId,
          access: 'read',
          expires_at: defaultApiKeyExpiry(new Date()),
        },
      }),
    );
    expect(created.statusCode).toBe(201);
    const { secret } = created.json as { secret: string };
    const byKey = await invoke(
      getTokenMetrics,
      apiGatewayEvent({
        method: 'GET',
        path: `/api/v1/workspaces/${workspaceId}/metrics`,
        routePath: ROUTE,
        pathParameters: { id: workspaceId },
        headers: { authorization: `Bearer ${secret}` },
      }),
    );
    expect(byKey.statusCode).toBe(200);
    expect(byKey.headers?.['content-type']).toBe(OPENMETRICS_CONTENT_TYPE);
    const text = byKey.body!;
    checkOpenMetricsGrammar(text);

    const families = parsePrometheusTextFormat(text);
    for (const family of families) {
      expect(family.name).toMatch(METRIC_NAME);
      expect(family.type).toBe('GAUGE');
      for (const sample of family.metrics) {
        for (const label of Object.keys(sample.labels ?? {})) {
          expect(label).toMatch(LABEL_NAME);
          expect(label.startsWith('__')).toBe(false);
        }
      }
    }
    const family = (name: string) => families.find((candidate) => candidate.name === name)!;
    const expiry = family('expiry_radar_token_expiry_timestamp_seconds');
    const daysLeft = family('expiry_radar_token_days_left');
    // The key itself is tracked as a token of the workspace too.
    expect(expiry.metrics).toHaveLength(4);
    const soonSample = expiry.metrics.find((sample) => sample.labels?.token_id === soon.id)!;
    // Escaped label values read back as they were stored.
    expect(soonSample.labels).toEqual({
      token_id: soon.id,
      name: 'Deploy "prod" key\\with a backslash',
      category: 'key_secret',
      type: 'api_key',
      section: 'Ops \\ "blue"',
      source: 'manual',
    });
    expect(Number(soonSample.value)).toBe(parseDate(soon.expiresAt)!.getTime() / 1000);
    const days = Object.fromEntries(
      daysLeft.metrics.map((sample): [string, number] => [
        sample.labels!.name!,
        Number(sample.value),
      ]),
    );
    expect(days).toEqual({
      'Deploy "prod" key\\with a backslash': 5,
      'www.example.com': 40,
      'Old key': 400,
      'API key: Prometheus': 90,
    });
    expect(
      expiry.metrics.find((sample) => sample.labels?.token_id === cert.id)!.labels,
    ).toMatchObject({ category: 'cert', type: 'ssl_cert', section: '' });
    const counts = Object.fromEntries(
      family('expiry_radar_tokens').metrics.map((sample): [string, string] => [
        sample.labels!.status!,
        sample.value,
      ]),
    );
    expect(counts).toEqual({
      expired: '0',
      critical: '1',
      warning: '0',
      ok: '2',
      long_term: '1',
      invalid: '0',
    });

    const request = (cookie: string | undefined) =>
      invoke(getTokenMetrics, routeRequest('GET', ROUTE, { params: { id: workspaceId }, cookie }));
    // A viewer's session reads the same; an outsider finds no workspace; no session: 401.
    const byViewer = await request(viewer.cookie);
    expect(byViewer.statusCode).toBe(200);
    expect(byViewer.body).toBe(text);
    expect((await request(outsider.cookie)).statusCode).toBe(404);
    expect((await request(undefined)).statusCode).toBe(401);
  });
});
