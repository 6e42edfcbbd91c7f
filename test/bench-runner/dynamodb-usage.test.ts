import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { countDynamoDbCall, missingBatchKeyUnits, noDynamoDbUsage } from '../bench/dynamodb-usage';

const keys = (...ids: string[]) => ids.map((id) => ({ pk: id, sk: id }));

/** A BatchGetItem of three keys in `table`, one found, as DynamoDB Local answers it. */
function oneOfThreeFound(consistentRead: boolean) {
  const command = new BatchGetCommand({
    RequestItems: {
      table: { Keys: keys('found', 'gone', 'never'), ConsistentRead: consistentRead },
    },
  });
  // DynamoDB Local counts the item it found only.
  const output = {
    Responses: { table: [{ pk: 'found', sk: 'found' }] },
    ConsumedCapacity: [{ TableName: 'table', CapacityUnits: consistentRead ? 1 : 0.5 }],
    $metadata: {},
  };
  return { command, output };
}

describe('read units as DynamoDB charges them', () => {
  it('adds the keys a BatchGetItem found no item for: half a unit each, one when consistent', () => {
    const eventual = oneOfThreeFound(false);
    expect(missingBatchKeyUnits(eventual.command, eventual.output)).toBe(1);
    const consistent = oneOfThreeFound(true);
    expect(missingBatchKeyUnits(consistent.command, consistent.output)).toBe(2);

    const usage = noDynamoDbUsage();
    countDynamoDbCall(usage, consistent.command, consistent.output);
    expect(usage).toMatchObject({ readUnits: 3, itemsRead: 1, readRequests: 1 });
  });

  it('does not count the keys DynamoDB left unprocessed, nor other commands', () => {
    const { command, output } = oneOfThreeFound(false);
    const throttled = { ...output, UnprocessedKeys: { table: { Keys: keys('never') } } };
    expect(missingBatchKeyUnits(command, throttled)).toBe(0.5);
    const get = new GetCommand({ TableName: 'table', Key: { pk: 'gone', sk: 'gone' } });
    expect(missingBatchKeyUnits(get, { $metadata: {} })).toBe(0);
  });
});
