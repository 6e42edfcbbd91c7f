/**
 * Gives a workspace's alert records stored before the alerts-by-time index their entries
 * (ACCESS_PATTERNS.md row 15), from the workspace's first alert queue listing on. A workspace may
 * hold a year of records (their TTL), hundreds of thousands for a large inventory: more than one
 * request of the API can update. So each listing works for a bounded time, in pages of the
 * records' table order, and leaves its progress (the last record's sort key) for the next one;
 * the marker that ends the work is written once the last page is done.
 *
 * Records the scan writes meanwhile carry their entry already; a record removed by its TTL
 * meanwhile is not brought back (the update's condition). Two listings at once do the same
 * updates, which give the same entries.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { forEachLimited } from '../platform/concurrency';
import { alertItemSchema, alertTimeIndexAttributes } from './entities/alert';
import {
  alertTimeIndexMarkerCodec,
  alertTimeIndexProgressCodec,
} from './entities/alert-time-index';
import { parseItem } from './entities/entity-codec';
import { ALERT_SORT_PREFIX, keys } from './keys';
import { conditionalWrite } from './table-operations';

export interface IndexingLimits {
  /** Records read per page. */
  readonly pageSize: number;
  /**
   * After this long no further page is started: the alert queue's route has 10 seconds in all,
   * and reads its page after this work.
   */
  readonly timeLimitMs: number;
}

const DEFAULT_LIMITS: IndexingLimits = { pageSize: 500, timeLimitMs: 4_000 };

/** Index writes at once. */
const INDEXING_CONCURRENCY = 8;

const unindexedAlertSchema = alertItemSchema.pick({
  pk: true,
  sk: true,
  entity: true,
  id: true,
  createdAt: true,
  gsi2pk: true,
});

/**
 * Goes on giving the workspace's older records their entries for at most the time limit; says
 * whether every record has its entry now (the marker is then written).
 */
export async function indexOlderAlerts(
  workspaceId: string,
  now: Date,
  limits: IndexingLimits = DEFAULT_LIMITS,
): Promise<'complete' | 'incomplete'> {
  const { tableName } = getConfig();
  const client = getDocumentClient();
  const stopAfter = performance.now() + limits.timeLimitMs;
  const workspaceKey = keys.workspace(workspaceId).pk;
  const savedProgress = await readProgress(workspaceId);
  let resumeAfterSk = savedProgress;
  for (;;) {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': workspaceKey, ':prefix': ALERT_SORT_PREFIX },
        ProjectionExpression: 'pk, sk, entity, id, createdAt, gsi2pk',
        Limit: limits.pageSize,
        ExclusiveStartKey:
          resumeAfterSk === undefined ? undefined : { pk: workspaceKey, sk: resumeAfterSk },
      }),
    );
    await giveEntries(page.Items ?? []);
    const lastKey = page.LastEvaluatedKey as { sk?: unknown } | undefined;
    if (typeof lastKey?.sk !== 'string') break;
    resumeAfterSk = lastKey.sk;
    if (performance.now() >= stopAfter) {
      await saveProgress(workspaceId, resumeAfterSk, now);
      return 'incomplete';
    }
  }
  await client.send(
    new PutCommand({
      TableName: tableName,
      Item: alertTimeIndexMarkerCodec.toItem({ workspaceId, indexedAt: now.toISOString() }),
    }),
  );
  if (savedProgress !== undefined) {
    await client.send(
      new DeleteCommand({ TableName: tableName, Key: keys.alertTimeIndexProgress(workspaceId) }),
    );
  }
  return 'complete';
}

async function giveEntries(items: readonly Record<string, unknown>[]): Promise<void> {
  const unindexed = items
    .map((item) => parseItem('ALERT', unindexedAlertSchema, item))
    .filter((item) => item.gsi2pk === undefined);
  await forEachLimited(unindexed, INDEXING_CONCURRENCY, async (item) => {
    const entry = alertTimeIndexAttributes(item.id, item.createdAt);
    await conditionalWrite(
      getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':pk': entry.gsi2pk, ':sk': entry.gsi2sk },
        }),
      ),
    );
  });
}

async function readProgress(workspaceId: string): Promise<string | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.alertTimeIndexProgress(workspaceId),
    }),
  );
  return Item ? alertTimeIndexProgressCodec.fromItem(Item).resumeAfterSk : undefined;
}

async function saveProgress(workspaceId: string, resumeAfterSk: string, now: Date): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: alertTimeIndexProgressCodec.toItem({
        workspaceId,
        resumeAfterSk,
        updatedAt: now.toISOString(),
      }),
    }),
  );
}
