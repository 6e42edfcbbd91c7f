/**
 * Items counted on a parent item against a plan's limit (a workspace's integrations, watched
 * domains and trusted certificate authorities; a user's API keys): the count moves in the same
 * transaction as the items, so two concurrent additions cannot both pass the limit, and a removal
 * gives its place back.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Limit } from '@expiry-radar/shared/domain/plans';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import type { TableItem, TableKey } from './table-operations';

/** Where the items are counted: the parent item's key and the attribute that holds the count. */
export interface ItemCounter {
  readonly key: TableKey;
  readonly attribute: string;
}

type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Counts `items` on the parent within `limit` (null: unlimited) and puts each on condition its
 * key is free, all or nothing. A TransactionCanceledException names the failed condition: 0 the
 * limit was reached (or the parent is gone), 1 onwards an item's key was taken.
 */
export async function insertCountedItems(
  counter: ItemCounter,
  limit: Limit,
  items: readonly TableItem[],
): Promise<void> {
  const { tableName } = getConfig();
  const withinLimit =
    limit === null ? '' : ' AND (attribute_not_exists(#count) OR #count < :limit)';
  const transactItems: TransactWriteItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: counter.key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: `attribute_exists(pk)${withinLimit}`,
        ExpressionAttributeNames: { '#count': counter.attribute },
        ExpressionAttributeValues: { ':one': 1, ...(limit === null ? {} : { ':limit': limit }) },
      },
    },
    ...items.map((item) => ({
      Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
    })),
  ];
  await getDocumentClient().send(new TransactWriteCommand({ TransactItems: transactItems }));
}

/**
 * Deletes the item at `key` on condition it exists and counts it off the parent, all or nothing.
 * A TransactionCanceledException names the failed condition: 0 the item was not there.
 */
export async function removeCountedItem(key: TableKey, counter: ItemCounter): Promise<void> {
  const { tableName } = getConfig();
  await getDocumentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName, Key: key, ConditionExpression: 'attribute_exists(pk)' } },
        {
          Update: {
            TableName: tableName,
            Key: counter.key,
            UpdateExpression: 'ADD #count :minusOne',
            ConditionExpression: 'attribute_exists(pk) AND #count > :zero',
            ExpressionAttributeNames: { '#count': counter.attribute },
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          },
        },
      ],
    }),
  );
}
