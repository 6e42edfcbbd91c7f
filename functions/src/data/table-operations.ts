/** Paging and batching helpers over the document client, shared by the record modules. */
import { BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';

export interface TableKey {
  readonly pk: string;
  readonly sk: string;
}

export type TableItem = Record<string, unknown>;

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

export function keyOf(item: TableItem): TableKey {
  return { pk: String(item.pk), sk: String(item.sk) };
}

/** Whether a transaction was cancelled because the condition of item `index` failed. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string }> })
    .CancellationReasons;
  return reasons?.[index]?.Code === 'ConditionalCheckFailed';
}

export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
