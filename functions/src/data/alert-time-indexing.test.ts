import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { removeAlertTimeIndexEntry } from '../../test-support/alert-fixtures';
import { inDays } from '../../test-support/token-fixtures';
import { givenTeam } from '../../test-support/workspace-fixtures';
import { alertIdOf } from '../domain/alert-schedule';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { listAlertRecords } from './alert-listing';
import { createAlertRecord } from './alert-record-store';
import { indexOlderAlerts } from './alert-time-indexing';
import { alertTimeIndexKeys, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { queryAll } from './table-operations';

const now = new Date('2026-11-29T20:00:00.000Z');

/** Alert records as stored before the alerts-by-time index: without their `gsi2` entry. */
async function givenOlderAlerts(workspaceId: string, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const tokenId = `${workspaceId}.${randomUUID()}`;
    const alertId = alertIdOf(tokenId, inDays(3), 14);
    const tokenName = `older ${index}`;
    const queuedAt = new Date(Date.parse('2026-11-01T00:00:00.000Z') + index * 60_000);
    await createAlertRecord({
      alertId,
      workspaceId,
      tokenId,
      tokenName,
      expiresAt: inDays(3),
      threshold: 14,
      deliveries: [],
      now: queuedAt,
    });
    await removeAlertTimeIndexEntry(alertId);
    names.push(tokenName);
  }
  return names;
}

const readItem = async (key: { pk: string; sk: string }) =>
  (await getDocumentClient().send(new GetCommand({ TableName: getConfig().tableName, Key: key })))
    .Item;

/** Entries in the workspace's alerts-by-time partition (the marker included). */
const indexedCount = async (workspaceId: string) =>
  (
    await queryAll({
      IndexName: INDEX_NAMES.alertsByTime,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': alertTimeIndexKeys.partition(workspaceId) },
    })
  ).length;

describe('indexOlderAlerts', () => {
  it('goes on where the last listing stopped, and writes the marker only once all are indexed', async () => {
    const { workspaceId } = await givenTeam();
    const names = await givenOlderAlerts(workspaceId, 5);
    // No time at all: one page per call, then its progress is kept.
    const limits = { pageSize: 2, timeLimitMs: 0 };

    expect(await indexOlderAlerts(workspaceId, now, limits)).toBe('incomplete');
    expect(await readItem(keys.alertTimeIndexProgress(workspaceId))).toMatchObject({
      resumeAfterSk: expect.stringMatching(/^ALERT#/) as unknown,
    });
    expect(await indexedCount(workspaceId)).toBe(2);
    expect(await readItem(keys.alertTimeIndexMarker(workspaceId))).toBeUndefined();

    expect(await indexOlderAlerts(workspaceId, now, limits)).toBe('incomplete');
    expect(await indexedCount(workspaceId)).toBe(4);
    expect(await indexOlderAlerts(workspaceId, now, limits)).toBe('complete');
    expect(await indexedCount(workspaceId)).toBe(6);
    expect(await readItem(keys.alertTimeIndexProgress(workspaceId))).toBeUndefined();
    expect(await readItem(keys.alertTimeIndexMarker(workspaceId))).toBeDefined();

    const listed = await listAlertRecords([workspaceId], 10, now);
    expect(listed.map((record) => record.tokenName)).toEqual([...names].reverse());
  });

  it('indexes every record in one call when time allows, and keeps no progress', async () => {
    const { workspaceId } = await givenTeam();
    await givenOlderAlerts(workspaceId, 3);

    expect(await indexOlderAlerts(workspaceId, now, { pageSize: 1, timeLimitMs: 60_000 })).toBe(
      'complete',
    );
    expect(await readItem(keys.alertTimeIndexProgress(workspaceId))).toBeUndefined();
    expect(await listAlertRecords([workspaceId], 10, now)).toHaveLength(3);
  });
});
