import { summarize } from './lambda-runtime/sdk-call-summary.cjs';

describe("what the call recorder keeps of an SDK call's input", () => {
  it("keeps an update's attribute names (key, update, condition) and its key's prefix, never a value", () => {
    const summary = summarize({
      TableName: 'Table-1',
      Key: { pk: 'USER#u-secret', sk: 'PROFILE' },
      UpdateExpression:
        'SET settings.theme = if_not_exists(#count, :zero), tags[0] = :tag REMOVE old ADD #n :one',
      ConditionExpression: 'attribute_exists(pk) AND size(notes) > :min AND NOT #n IN (:a, :b)',
      ExpressionAttributeNames: { '#count': 'apiKeyCount', '#n': 'hits' },
      ExpressionAttributeValues: { ':zero': 0, ':tag': 'tag-secret', ':one': 1, ':min': 2 },
      ReturnValues: 'UPDATED_NEW',
    });
    expect(summary).toEqual({
      TableName: 'Table-1',
      ReturnValues: 'UPDATED_NEW',
      LeadingKeyPrefix: 'USER#',
      Attributes: ['apiKeyCount', 'hits', 'notes', 'old', 'pk', 'settings', 'sk', 'tags'],
    });
    expect(JSON.stringify(summary)).not.toMatch(/secret/);
  });

  it("keeps each update of a transaction's attribute names, marshalled or not, and no other item's", () => {
    const { TransactItems } = summarize({
      TransactItems: [
        {
          Update: {
            TableName: 'Table-1',
            Key: { pk: { S: 'API_KEY#hash' }, sk: { S: 'API_KEY' } },
            UpdateExpression: 'SET #lastUsedAt = :now',
            ExpressionAttributeNames: { '#lastUsedAt': 'lastUsedAt' },
          },
        },
        { Put: { TableName: 'Table-1', Item: { pk: 'AUDIT#1', sk: 'EVENT', plan: 'pro' } } },
      ],
    });
    expect(TransactItems).toEqual([
      {
        operation: 'Update',
        TableName: 'Table-1',
        LeadingKeyPrefix: 'API_KEY#',
        Attributes: ['lastUsedAt', 'pk', 'sk'],
      },
      { operation: 'Put', TableName: 'Table-1', LeadingKeyPrefix: 'AUDIT#' },
    ]);
  });
});
