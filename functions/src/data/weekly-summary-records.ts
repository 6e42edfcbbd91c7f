/**
 * The weekly summary items (entities/weekly-summary.ts, ACCESS_PATTERNS.md row 47): a user's
 * choice, the summaries due (the sparse due index, shards of their own), and the claim that makes
 * one run send a user's summary once: `nextAlertAt` moves to the following Monday on condition
 * that it still holds the instant that was due. A send that fails gives the instant back, so the
 * next run tries again.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nextWeeklySummaryAt, ALL_WEEKLY_SUMMARY_SHARDS } from '../domain/weekly-summary-schedule';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { findDueItems } from './due-index';
import { weeklySummaryCodec, type WeeklySummaryRecord } from './entities/weekly-summary';
import { keys } from './keys';
import { conditionalWrite, isConditionalCheckFailure, readItem } from './table-operations';

export async function findWeeklySummary(userId: string): Promise<WeeklySummaryRecord | undefined> {
  const item = await readItem(keys.weeklySummary(userId), { consistentRead: true });
  return item ? weeklySummaryCodec.fromItem(item) : undefined;
}

/**
 * Turns a user's summary on (due next Monday morning in `timeZone`) or off, keeping when the last
 * one went out.
 */
export async function saveWeeklySummary(options: {
  userId: string;
  enabled: boolean;
  timeZone: string;
  now: Date;
}): Promise<WeeklySummaryRecord> {
  const { userId, enabled, timeZone, now } = options;
  const current = await findWeeklySummary(userId);
  const record: WeeklySummaryRecord = {
    userId,
    enabled,
    timeZone,
    nextSendAt: enabled ? nextWeeklySummaryAt(timeZone, now).toISOString() : null,
    lastSentAt: current?.lastSentAt ?? null,
    updatedAt: now.toISOString(),
  };
  await getDocumentClient().send(
    new PutCommand({ TableName: getConfig().tableName, Item: weeklySummaryCodec.toItem(record) }),
  );
  return record;
}

/** The summaries due at `now`: per shard of the due index, then the items (consistent). */
export function findDueWeeklySummaries(now: Date): Promise<WeeklySummaryRecord[]> {
  return findDueItems({
    shards: ALL_WEEKLY_SUMMARY_SHARDS,
    now,
    decode: (item) => weeklySummaryCodec.fromItem(item),
    isDue: (record, dueAt) =>
      record.enabled && record.nextSendAt !== null && record.nextSendAt <= dueAt,
    job: 'weekly-summary',
    malformedMessage: 'Weekly summary left out of the run',
  });
}

/**
 * Takes a due summary for this run: `nextAlertAt` from `due` to `next`, `lastSentAt` now. False
 * when another run took it, or the user changed it meanwhile.
 */
export async function claimWeeklySummary(
  userId: string,
  claim: { due: string; next: string; now: Date },
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.weeklySummary(userId),
        UpdateExpression: 'SET nextAlertAt = :next, lastSentAt = :now',
        ConditionExpression: 'nextAlertAt = :due AND enabled = :on',
        ExpressionAttributeValues: {
          ':next': claim.next,
          ':now': claim.now.toISOString(),
          ':due': claim.due,
          ':on': true,
        },
      }),
    ),
  );
}

/** Gives a claimed summary back after its send failed: due again at `due`, last sent as before. */
export async function releaseWeeklySummary(
  userId: string,
  claim: { due: string; next: string; lastSentAt: string | null },
): Promise<void> {
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.weeklySummary(userId),
        UpdateExpression:
          claim.lastSentAt === null
            ? 'SET nextAlertAt = :due REMOVE lastSentAt'
            : 'SET nextAlertAt = :due, lastSentAt = :last',
        ConditionExpression: 'nextAlertAt = :next',
        ExpressionAttributeValues: {
          ':due': claim.due,
          ':next': claim.next,
          ...(claim.lastSentAt === null ? {} : { ':last': claim.lastSentAt }),
        },
      }),
    );
  } catch (error) {
    // Changed meanwhile (turned off, or saved again): that choice stands.
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Turns a user's summary off (its one-click link), keeping its time zone; false without one. */
export async function stopWeeklySummary(userId: string, now: Date): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.weeklySummary(userId),
        UpdateExpression: 'SET enabled = :off, updatedAt = :now REMOVE dueShard, nextAlertAt',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':off': false, ':now': now.toISOString() },
      }),
    ),
  );
}
