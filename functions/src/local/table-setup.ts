import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../data/table-definition';

/**
 * Creates the table in DynamoDB Local from the same definition the CDK data stack uses.
 * An existing table (a second start) is left as it is, data included.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  if (await tableExists(client, tableName)) return;
  const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = tableDefinition;
  const attributes = new Map<string, 'S' | 'N'>();
  for (const key of [partitionKey, sortKey]) attributes.set(key.name, key.type);
  for (const index of globalSecondaryIndexes) {
    attributes.set(index.partitionKey.name, index.partitionKey.type);
    attributes.set(index.sortKey.name, index.sortKey.type);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
        AttributeName,
        AttributeType,
      })),
      KeySchema: [
        { AttributeName: partitionKey.name, KeyType: 'HASH' },
        { AttributeName: sortKey.name, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: index.projection },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
    }),
  );
}

async function tableExists(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
}
