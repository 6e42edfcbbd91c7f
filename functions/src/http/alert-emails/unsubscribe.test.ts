import { randomUUID } from 'node:crypto';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenWorkspace } from '../../../test-support/token-fixtures';
import { givenWorkspace as givenOwnedWorkspace } from '../../../test-support/workspace-fixtures';
import { listAlertEmailOptOuts } from '../../data/alert-email-opt-outs';
import { signUnsubscribeToken } from '../../domain/unsubscribe-token';
import { signUnsubscribe } from '../../services/alerts/alert-unsubscribe';
import { handler } from './unsubscribe';

/** What a mail client sends for List-Unsubscribe-Post: a form, no cookie, no CSRF token. */
function oneClick(query: string, body = 'List-Unsubscribe=One-Click', type?: string) {
  return invoke(
    handler,
    apiGatewayEvent({
      method: 'POST',
      path: '/api/alert-emails/unsubscribe',
      query,
      body,
      headers: { 'content-type': type ?? 'application/x-www-form-urlencoded' },
    }),
  );
}

describe('POST /api/alert-emails/unsubscribe', () => {
  it('stops the emails of the signed workspaces with one click, and resumes them', async () => {
    const { workspaceId, owner } = await givenWorkspace();
    const other = await givenOwnedWorkspace({ ownerId: owner.userId, name: 'Other' });
    const address = `Ada-${randomUUID()}@Example.com`;
    const token = await signUnsubscribe({ address, workspaceIds: [workspaceId] });

    const stopped = await oneClick(`token=${encodeURIComponent(token)}`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json).toEqual({
      kind: 'alerts',
      address: address.toLowerCase(),
      workspaces: [{ id: workspaceId, name: 'Platform' }],
      subscribed: false,
    });
    expect(await listAlertEmailOptOuts(workspaceId)).toEqual(new Set([address.toLowerCase()]));
    expect(await listAlertEmailOptOuts(other)).toEqual(new Set());
    // Twice is the same as once.
    expect((await oneClick(`token=${encodeURIComponent(token)}`)).statusCode).toBe(200);

    const resumed = await oneClick(
      `token=${encodeURIComponent(token)}&resume=true`,
      '{}',
      'application/json',
    );
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json).toMatchObject({ subscribed: true });
    expect(await listAlertEmailOptOuts(workspaceId)).toEqual(new Set());
  });

  it('refuses a token signed with another key or changed to name another workspace', async () => {
    const { workspaceId } = await givenWorkspace();
    const forged = signUnsubscribeToken(
      { address: 'mallory@example.com', workspaceIds: [workspaceId] },
      'not the alert link key',
    );
    const refused = await oneClick(`token=${encodeURIComponent(forged)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json).toMatchObject({
      error: 'This unsubscribe link is not valid. Use the link of a recent alert email.',
    });
    expect(await listAlertEmailOptOuts(workspaceId)).toEqual(new Set());
    expect((await oneClick('')).statusCode).toBe(400);
  });

  it('takes no other body than the one-click form', async () => {
    const { workspaceId } = await givenWorkspace();
    const token = await signUnsubscribe({ address: 'a@example.com', workspaceIds: [workspaceId] });
    const query = `token=${encodeURIComponent(token)}`;
    expect((await oneClick(query, 'something=else')).statusCode).toBe(415);
    expect((await oneClick(query, '<p>', 'text/html')).statusCode).toBe(415);
    expect(await listAlertEmailOptOuts(workspaceId)).toEqual(new Set());
  });
});
