import { invoke } from '../../../test-support/api-gateway-event';
import { givenToken } from '../../../test-support/token-fixtures';
import { givenTeam, routeEvent, routeRequest } from '../../../test-support/workspace-fixtures';
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
