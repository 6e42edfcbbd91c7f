/** Paging and batching helpers over the document client, shared by the record modules. */
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { tableKeyOf } from './entities/entity-codec';

export interface TableKey {
  readonly pk: string;
  readonly sk: string;
}

export type TableItem = Record<string, unknown>;

/** The query of the items of partition `pk` whose sort key starts with `prefix`. */
export function sortKeyPrefixQuery(
  pk: string,
  prefix: string,
  options: { readonly consistentRead?: boolean } = {},
) {
  return {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    ...(options.consistentRead === undefined ? {} : { ConsistentRead: options.consistentRead }),
  };
}

/** The item at `key`, or undefined when there is none. */
export async function readItem(
  key: TableKey,
  options: { readonly consistentRead?: boolean } = {},
): Promise<TableItem | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: key,
      ...(options.consistentRead === undefined ? {} : { ConsistentRead: options.consistentRead }),
    }),
  );
  return Item;
}

/** Every item a query matches, following LastEvaluatedKey. */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<TableItem[]> {
  const items: TableItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocumentClient().send(
      new QueryCommand({ ...input, TableName: getConfig().tableName, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** How many items a query matches (Select COUNT: no item is returned). */
export async function countAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Select'>,
): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocumentClient().send(
      new QueryCommand({
        ...input,
        TableName: getConfig().tableName,
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/**
 * Up to `count` items of a query, newest first when `ScanIndexForward` is false, keeping only
 * those `keep` accepts (e.g. not past their TTL), following LastEvaluatedKey as needed.
 */
export async function queryFirst(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  count: number,
  keep: (item: TableItem) => boolean = () => true,
): Promise<TableItem[]> {
  const items: TableItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await getDocumentClient().send(
      new QueryCommand({
        ...input,
        TableName: getConfig().tableName,
        Limit: Math.min(count - items.length, 1000),
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []).filter(keep));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < count);
  return items.slice(0, count);
}

const BATCH_GET_SIZE = 100;

/** Items by key, 100 per request, retrying unprocessed keys; missing items are left out. */
export async function batchGetAll(
  itemKeys: readonly TableKey[],
  options: { consistentRead?: boolean } = {},
): Promise<TableItem[]> {
  const { tableName } = getConfig();
  const items: TableItem[] = [];
  for (let start = 0; start < itemKeys.length; start += BATCH_GET_SIZE) {
    let pending: Record<string, unknown>[] = itemKeys
      .slice(start, start + BATCH_GET_SIZE)
      .map(({ pk, sk }) => ({ pk, sk }));
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error('Batch get left keys unprocessed');
      const result = await getDocumentClient().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: { Keys: pending, ConsistentRead: options.consistentRead ?? false },
          },
        }),
      );
      items.push(...(result.Responses?.[tableName] ?? []));
      pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  return items;
}

/**
 * batchGetAll with its requests sent at once, `keysPerRequest` keys each (at most 100; fewer for
 * large items, so that they come in parallel rather than one request's 16 MB after another's).
 */
export async function batchGetAtOnce(
  itemKeys: readonly TableKey[],
  options: { consistentRead?: boolean; keysPerRequest?: number } = {},
): Promise<TableItem[]> {
  const keysPerRequest = Math.min(options.keysPerRequest ?? BATCH_GET_SIZE, BATCH_GET_SIZE);
  const groups: TableKey[][] = [];
  for (let start = 0; start < itemKeys.length; start += keysPerRequest) {
    groups.push(itemKeys.slice(start, start + keysPerRequest));
  }
  const read = await Promise.all(
    groups.map((group) => batchGetAll(group, { consistentRead: options.consistentRead })),
  );
  return read.flat();
}

/**
 * batchGetAll for the jobs that serve every workspace at once: a batch DynamoDB cannot answer
 * (one item in it that cannot be read fails the whole batch) is read again key by key, and a key
 * that still cannot be read goes to `onUnreadable` and is left out, so one workspace's broken item
 * does not stop every other workspace's work.
 */
export async function batchGetReadable(
  itemKeys: readonly TableKey[],
  onUnreadable: (key: TableKey, error: unknown) => void,
  options: { consistentRead?: boolean } = {},
): Promise<TableItem[]> {
  const { tableName } = getConfig();
  const items: TableItem[] = [];
  for (let start = 0; start < itemKeys.length; start += BATCH_GET_SIZE) {
    const batch = itemKeys.slice(start, start + BATCH_GET_SIZE);
    try {
      items.push(...(await batchGetAll(batch, options)));
    } catch {
      for (const { pk, sk } of batch) {
        try {
          const { Item } = await getDocumentClient().send(
            new GetCommand({
              TableName: tableName,
              Key: { pk, sk },
              ConsistentRead: options.consistentRead ?? false,
            }),
          );
          if (Item) items.push(Item);
        } catch (error) {
          onUnreadable({ pk, sk }, error);
        }
      }
    }
  }
  return items;
}

const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 5;

/** Deletes items by key, 25 per request, retrying what DynamoDB leaves unprocessed. */
export async function deleteItems(itemKeys: readonly TableKey[]): Promise<void> {
  const { tableName } = getConfig();
  for (let start = 0; start < itemKeys.length; start += BATCH_SIZE) {
    let requests = itemKeys
      .slice(start, start + BATCH_SIZE)
      .map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
    for (let attempt = 1; requests.length > 0; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error('Batch delete left items unprocessed');
      const result = await getDocumentClient().send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Awaits a conditional write: true when it was written, false when its condition failed. */
export async function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Updates the item if it exists; nothing when it does not (deleted meanwhile). */
export async function updateIfExists(
  input: Omit<UpdateCommandInput, 'TableName' | 'ConditionExpression'>,
): Promise<void> {
  await conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        ...input,
        TableName: getConfig().tableName,
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
}

/** The key of an item read with at least `pk, sk`; MalformedItemError when it has none. */
export function keyOf(item: TableItem): TableKey {
  return tableKeyOf(item);
}

/** Whether a transaction was cancelled because the condition of item `index` failed. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string }> })
    .CancellationReasons;
  return reasons?.[index]?.Code === 'ConditionalCheckFailed';
}

/** Whether a transaction was cancelled because another one was writing the same items. */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string }> })
    .CancellationReasons;
  return reasons?.some((reason) => reason.Code === 'TransactionConflict') ?? false;
}

export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
