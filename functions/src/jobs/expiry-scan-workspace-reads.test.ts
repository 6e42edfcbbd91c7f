import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  alertRefsOf,
  isDigestMessage,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { givenSignedInUser } from '../../test-support/fixtures';
import { captureMetrics, metricCounts } from '../../test-support/metrics-output';
import { inDays } from '../../test-support/token-fixtures';
import { buildToken, seedTokens } from '../../test-support/token-seeding';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import { readAlertSettingsRecord } from '../data/alert-settings-records';
import { keys } from '../data/keys';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { runExpiryScan } from './expiry-scan';

const due = () => ({ nextAlertAt: `${inDays(0)}T00:00:00.000Z`, lastAlert: null });

/** A workspace of `ownerId` with one token due today (its 7-day window). */
async function givenDueWorkspace(ownerId: string) {
  const workspaceId = await givenWorkspace({ ownerId, plan: 'team' });
  const token = buildToken(workspaceId, { expiresAt: inDays(7) });
  await seedTokens(workspaceId, [token], 1, due, { searchIndex: false });
  return { workspaceId, token };
}

/**
 * The scan's messages, and the keys it read with GetItem and with BatchGetItem (those of
 * BatchGetItem also by how: strongly or eventually consistent).
 */
async function scanReading() {
  const client = getDocumentClient();
  const send = jest.spyOn(client, 'send');
  const messages: AlertQueueMessage[] = [];
  try {
    await runExpiryScan(new Date(), {
      enqueue: (batch) => Promise.resolve(void messages.push(...batch)),
    });
    const commands = send.mock.calls.map(([command]) => command as unknown);
    const keysOf = (name: string, consistent?: boolean) =>
      commands.flatMap((command) => {
        if (!(command instanceof Object) || command.constructor.name !== name) return [];
        const input = (command as { input: Record<string, unknown> }).input;
        if (input.Key) return [input.Key as { pk: string; sk: string }];
        const requested = input.RequestItems as Record<
          string,
          { Keys: { pk: string; sk: string }[]; ConsistentRead?: boolean }
        >;
        return Object.values(requested)
          .filter(
            (table) => consistent === undefined || (table.ConsistentRead ?? false) === consistent,
          )
          .flatMap((table) => table.Keys);
      });
    return {
      messages,
      gets: keysOf('GetCommand'),
      batchGets: keysOf('BatchGetCommand'),
      consistentBatchGets: keysOf('BatchGetCommand', true),
      eventualBatchGets: keysOf('BatchGetCommand', false),
    };
  } finally {
    send.mockRestore();
  }
}

const keyText = (key: { pk: string; sk: string }) => `${key.pk}|${key.sk}`;

describe('expiry scan: what it reads of each workspace', () => {
  it('reads workspaces and their alert settings in batches, and an owner of several workspaces once', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const first = await givenDueWorkspace(owner.userId);
    const second = await givenDueWorkspace(owner.userId);
    // A workspace whose settings were never saved or read: the scan makes its default ones.
    const third = await givenDueWorkspace(owner.userId);
    for (const { workspaceId } of [first, second]) await readAlertSettingsRecord(workspaceId);

    const { messages, gets, batchGets } = await scanReading();

    const digests = messages.filter(isDigestMessage);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.address).toBe(owner.email);
    expect(
      alertRefsOf(digests[0]!)
        .map((alert) => alert.tokenId)
        .sort(),
    ).toEqual([first, second, third].map(({ token }) => token.id).sort());
    const ownerKey = keyText(keys.user(owner.userId));
    expect([...gets, ...batchGets].filter((key) => keyText(key) === ownerKey)).toHaveLength(1);
    for (const { workspaceId } of [first, second, third]) {
      expect(batchGets.map(keyText)).toEqual(
        expect.arrayContaining([
          keyText(keys.workspace(workspaceId)),
          keyText(keys.alertSettings(workspaceId)),
        ]),
      );
    }
    // Only the workspace without settings read them on their own, as it created them.
    const settingsGets = gets.filter((key) => key.sk === 'ALERT_SETTINGS');
    expect(new Set(settingsGets.map((key) => key.pk))).toEqual(
      new Set([keys.workspace(third.workspaceId).pk]),
    );
    const { Item } = await getDocumentClient().send(
      new GetCommand({
        TableName: getConfig().tableName,
        Key: keys.alertSettings(third.workspaceId),
      }),
    );
    expect(Item).toBeDefined();
  });

  it('reads the Slack app installations strongly consistent, in requests of their own', async () => {
    // An app installed seconds before the scan decides Slack or email for the alerts planned now.
    const owner = await givenSignedInUser({ plan: 'team' });
    const { workspaceId } = await givenDueWorkspace(owner.userId);

    const { consistentBatchGets, eventualBatchGets } = await scanReading();

    const installation = keyText(keys.slackInstallation(workspaceId));
    expect(consistentBatchGets.map(keyText)).toContain(installation);
    expect(eventualBatchGets.map(keyText)).not.toContain(installation);
    // Only the installations cost a consistent read: the workspace and its settings do not.
    expect(eventualBatchGets.map(keyText)).toEqual(
      expect.arrayContaining([
        keyText(keys.workspace(workspaceId)),
        keyText(keys.alertSettings(workspaceId)),
      ]),
    );
  });

  it('leaves a workspace whose alert settings do not decode due and reported, and alerts the others', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    const broken = await givenDueWorkspace(owner.userId);
    const healthy = await givenDueWorkspace(owner.userId);
    await readAlertSettingsRecord(healthy.workspaceId);
    const { tableName } = getConfig();
    // No signing secret: the settings codec refuses the item.
    await getDocumentClient().send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.alertSettings(broken.workspaceId), workspaceId: broken.workspaceId },
      }),
    );

    let messages: AlertQueueMessage[] = [];
    const lines = await captureMetrics(async () => {
      ({ messages } = await scanReading());
    });

    expect(messages.flatMap(alertRefsOf).map((alert) => alert.tokenId)).toEqual([healthy.token.id]);
    expect(metricCounts(lines, 'job')['WorkspaceJobFailures expiry-scan']).toBeGreaterThan(0);
    const { Item } = await getDocumentClient().send(
      new GetCommand({
        TableName: tableName,
        Key: keys.token(broken.workspaceId, broken.token.id),
      }),
    );
    expect(Item?.nextAlertAt).toBe(due().nextAlertAt);
  });
});
