import { randomUUID } from 'node:crypto';
import { removeAlertTimeIndexEntry } from '../../../test-support/alert-fixtures';
import { invoke } from '../../../test-support/api-gateway-event';
import { givenToken, inDays } from '../../../test-support/token-fixtures';
import {
  givenTeam,
  givenWorkspace,
  routeEvent,
  routeRequest,
} from '../../../test-support/workspace-fixtures';
import { createAlertRecord } from '../../data/alert-record-store';
import { alertIdOf } from '../../domain/alert-schedule';
import { handler as getAlertStats } from './get-alert-stats';
import { handler as listAlertQueue } from './list-alert-queue';
import { handler as requeueAlerts } from './requeue-alerts';
import { handler as retryAlert } from './retry-alert';

const TOO_LONG = 'Workspace id must be 200 characters or less';
/** Longer than any id: as table keys they would be past DynamoDB's key and item sizes. */
const LONG_IDS = ['x'.repeat(2_100), 'é'.repeat(210_000)];

describe('alert queue routes and workspace ids longer than any id', () => {
  let team: Awaited<ReturnType<typeof givenTeam>>;
  beforeAll(async () => {
    team = await givenTeam();
  });

  it.each(LONG_IDS.map((id) => ({ id, length: id.length })))(
    'answer 400 to a workspace_id of $length characters',
    async ({ id }) => {
      const query = `workspace_id=${encodeURIComponent(id)}`;
      const cookie = team.admin.cookie;
      const responses = [
        await invoke(
          listAlertQueue,
          routeEvent({ method: 'GET', path: '/api/alert-queue', query, cookie }),
        ),
        await invoke(
          getAlertStats,
          routeEvent({ method: 'GET', path: '/api/alert-stats', query, cookie }),
        ),
        await invoke(
          requeueAlerts,
          routeEvent({
            method: 'POST',
            path: '/api/alert-queue/requeue',
            body: { workspace_id: id },
            cookie,
          }),
        ),
      ];
      for (const response of responses) {
        expect({ status: response.statusCode, body: response.json }).toMatchObject({
          status: 400,
          body: { code: 'VALIDATION_ERROR', error: TOO_LONG },
        });
      }
    },
  );
});

describe('POST /api/alert-queue/{id}/retry', () => {
  it('answers 404 to an alert id whose threshold no workspace can set', async () => {
    const team = await givenTeam();
    const token = await givenToken(team.admin.cookie, team.workspaceId);
    for (const threshold of [366, 1e20, 1e21]) {
      const id = alertIdOf(token.id, token.expiresAt, threshold);
      const response = await invoke(
        retryAlert,
        routeRequest('POST', '/api/alert-queue/{id}/retry', {
          params: { id },
          body: { channel: 'email' },
          cookie: team.admin.cookie,
        }),
      );
      expect({ id, status: response.statusCode, body: response.json }).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', error: 'Alert not found.' },
      });
    }
  });
});

describe('GET /api/alert-queue order', () => {
  const at = (time: string) => new Date(`2026-11-29T${time}:00.000Z`);
  const expiresAt = inDays(3);

  /** An alert of a token of `workspaceId` queued at `time` for its window `threshold` days out. */
  async function givenAlertQueuedAt(workspaceId: string, time: string, threshold: number) {
    const tokenId = `${workspaceId}.${randomUUID()}`;
    const alert = {
      alertId: alertIdOf(tokenId, expiresAt, threshold),
      workspaceId,
      tokenId,
      tokenName: `queued ${time}`,
      expiresAt,
      threshold,
    };
    await createAlertRecord({ ...alert, deliveries: [], now: at(time) });
    return alert;
  }

  /** As a record stored before alerts carried their place in time order: no `gsi2` entry. */
  async function givenAlertStoredBeforeTimeOrder(workspaceId: string, time: string) {
    const { alertId } = await givenAlertQueuedAt(workspaceId, time, 14);
    await removeAlertTimeIndexEntry(alertId);
  }

  const page = async (cookie: string, query: string) => {
    const response = await invoke(
      listAlertQueue,
      routeEvent({ method: 'GET', path: '/api/alert-queue', query, cookie }),
    );
    expect(response.statusCode).toBe(200);
    return (response.json as { items: Array<{ token_name: string }> }).items.map(
      (item) => item.token_name,
    );
  };

  it('lists alerts newest queued first, older records included, on every page and merged', async () => {
    const team = await givenTeam();
    // Their windows open in another order: 19:25's in 2 days, 19:45's 4 days ago, 19:39's 27.
    await givenAlertQueuedAt(team.workspaceId, '19:25', 1);
    await givenAlertStoredBeforeTimeOrder(team.workspaceId, '19:30');
    await givenAlertQueuedAt(team.workspaceId, '19:39', 30);
    await givenAlertQueuedAt(team.workspaceId, '19:45', 7);
    const cookie = team.admin.cookie;
    const query = (paging: string) => `workspace_id=${team.workspaceId}&${paging}`;

    expect(await page(cookie, query('limit=10'))).toEqual([
      'queued 19:45',
      'queued 19:39',
      'queued 19:30',
      'queued 19:25',
    ]);
    expect([
      ...(await page(cookie, query('limit=2&offset=0'))),
      ...(await page(cookie, query('limit=2&offset=2'))),
    ]).toEqual(['queued 19:45', 'queued 19:39', 'queued 19:30', 'queued 19:25']);

    const other = await givenWorkspace({ ownerId: team.admin.userId });
    await givenAlertQueuedAt(other, '19:40', 1);
    expect(await page(cookie, 'limit=3')).toEqual(['queued 19:45', 'queued 19:40', 'queued 19:39']);
  });
});
