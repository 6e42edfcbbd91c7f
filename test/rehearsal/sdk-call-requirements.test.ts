import { CfnResolver } from './cfn-resolver';
import { evaluate, type PolicyStatement } from './iam-policy';
import { summarize } from './lambda-runtime/sdk-call-summary.cjs';
import { requirementsOf, type RecordedCall } from './sdk-call-requirements';

const resolver = new CfnResolver(
  { directory: '', stacks: [] },
  { accountId: '000000000000', region: 'us-east-1', partition: 'aws', urlSuffix: 'amazonaws.com' },
);
const QUEUE_URL = 'http://sqs.us-east-1.localhost:4566/000000000000/Alerts';
const lookups = {
  queueArn: (url: string) =>
    url === QUEUE_URL ? 'arn:aws:sqs:us-east-1:000000000000:Alerts' : undefined,
  secretArn: (id: string) =>
    id === 'origin'
      ? 'arn:aws:secretsmanager:us-east-1:000000000000:secret:origin-AbCdEf'
      : undefined,
};
const call = (client: string, command: string, input: Record<string, unknown>): RecordedCall => ({
  client,
  command,
  input,
  outcome: 'ok',
});
const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/Table-1';

describe('what IAM checks for an SDK call', () => {
  it('checks a query on an index against the index', () => {
    expect(
      requirementsOf(
        call('DynamoDBClient', 'QueryCommand', { TableName: 'Table-1', IndexName: 'gsi1' }),
        resolver,
        lookups,
      ),
    ).toEqual([{ action: 'dynamodb:Query', resources: [`${TABLE}/index/gsi1`] }]);
  });

  it('checks a transaction as one item action per item, and a batch once per table', () => {
    const transaction = call('DynamoDBClient', 'TransactWriteItemsCommand', {
      TransactItems: [
        { operation: 'Put', TableName: 'Table-1' },
        { operation: 'ConditionCheck', TableName: 'Table-1' },
      ],
    });
    expect(
      requirementsOf(transaction, resolver, lookups).map((requirement) => requirement.action),
    ).toEqual(['dynamodb:PutItem', 'dynamodb:ConditionCheckItem']);
    const batch = call('DynamoDBClient', 'BatchGetItemCommand', { RequestItems: ['Table-1'] });
    expect(requirementsOf(batch, resolver, lookups)).toEqual([
      { action: 'dynamodb:BatchGetItem', resources: [TABLE] },
    ]);
  });

  it("gives a call on one item its partition key's prefix, which dynamodb:LeadingKeys reads", () => {
    const update = call('DynamoDBClient', 'UpdateItemCommand', {
      TableName: 'Table-1',
      LeadingKeyPrefix: 'SESSION#',
    });
    expect(requirementsOf(update, resolver, lookups)).toEqual([
      {
        action: 'dynamodb:UpdateItem',
        resources: [TABLE],
        context: { 'dynamodb:LeadingKeys': 'SESSION#' },
      },
    ]);
    const transaction = call('DynamoDBClient', 'TransactWriteItemsCommand', {
      TransactItems: [{ operation: 'Update', TableName: 'Table-1', LeadingKeyPrefix: 'USER#' }],
    });
    expect(requirementsOf(transaction, resolver, lookups)[0]?.context).toEqual({
      'dynamodb:LeadingKeys': 'USER#',
    });
  });

  describe("an API key's writes, against the grant of them (apiKeyUseWrite)", () => {
    const updateOn = (conditions: PolicyStatement['conditions']): PolicyStatement => ({
      effect: 'Allow',
      actions: ['dynamodb:UpdateItem'],
      resources: [TABLE],
      conditional: true,
      conditions,
      source: 'Stack/Policy',
    });
    const grant = [
      updateOn({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } }),
      updateOn({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['API_KEY#*', 'USER#*'] },
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedAt'] },
        StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
      }),
    ];
    /** Whether the grant allows every item action of a call, as the recorder would record it. */
    const allows = (command: string, input: Record<string, unknown>) =>
      requirementsOf(call('DynamoDBClient', command, summarize(input)), resolver, lookups).every(
        ({ action, resources, context }) =>
          resources.every((resource) => evaluate(grant, action, resource, context).allowed),
      );
    const onUser = (update: Record<string, unknown>) => ({
      TableName: 'Table-1',
      Key: { pk: 'USER#u1', sk: 'PROFILE' },
      ...update,
    });

    it("allows the key's last use on its two items, as noteApiKeyUse writes it", () => {
      const lastUse = (Key: Record<string, string>) => ({
        Update: {
          TableName: 'Table-1',
          Key,
          UpdateExpression: 'SET #lastUsedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(#lastUsedAt) OR #lastUsedAt <= :cutoff)',
          ExpressionAttributeNames: { '#lastUsedAt': 'lastUsedAt' },
        },
      });
      expect(
        allows('TransactWriteItemsCommand', {
          TransactItems: [
            lastUse({ pk: 'API_KEY#hash', sk: 'API_KEY' }),
            lastUse({ pk: 'USER#u1', sk: 'API_KEY#k1' }),
          ],
        }),
      ).toBe(true);
      expect(
        allows('UpdateItemCommand', onUser({ UpdateExpression: 'SET lastUsedAt = :now' })),
      ).toBe(true);
    });

    it("refuses an update of a user's plan, or one returning the whole item", () => {
      const setPlan = onUser({
        UpdateExpression: 'SET #plan = :plan',
        ExpressionAttributeNames: { '#plan': 'plan' },
      });
      expect(
        requirementsOf(
          call('DynamoDBClient', 'UpdateItemCommand', summarize(setPlan)),
          resolver,
          lookups,
        )[0]?.context,
      ).toEqual({
        'dynamodb:LeadingKeys': 'USER#',
        'dynamodb:Attributes': ['pk', 'plan', 'sk'],
        'dynamodb:ReturnValues': 'NONE',
      });
      expect(allows('UpdateItemCommand', setPlan)).toBe(false);
      expect(
        allows(
          'UpdateItemCommand',
          onUser({ UpdateExpression: 'SET lastUsedAt = :now, plan = :plan' }),
        ),
      ).toBe(false);
      expect(
        allows(
          'UpdateItemCommand',
          onUser({ UpdateExpression: 'SET lastUsedAt = :now', ReturnValues: 'ALL_NEW' }),
        ),
      ).toBe(false);
    });

    it("allows the rate-limit counter's update, and refuses any other item's", () => {
      const counter = {
        TableName: 'Table-1',
        Key: { pk: 'RATE#api-key#hash', sk: 'RATE' },
        UpdateExpression: 'ADD hits :one',
        ConditionExpression: 'windowEndsAt > :now AND hits < :limit',
        ReturnValues: 'UPDATED_NEW',
      };
      expect(allows('UpdateItemCommand', counter)).toBe(true);
      expect(
        allows('UpdateItemCommand', { ...counter, Key: { pk: 'WS#w1', sk: 'WORKSPACE' } }),
      ).toBe(false);
    });
  });

  it("checks an STS AssumeRole on the role, with the keys its policy's conditions read", () => {
    const role = 'arn:aws:iam::123456789012:role/Discovery';
    expect(
      requirementsOf(
        call('STSClient', 'AssumeRoleCommand', {
          RoleArn: role,
          ExternalId: 'er-1',
          RoleSessionName: 'er-1',
        }),
        resolver,
        lookups,
      ),
    ).toEqual([
      {
        action: 'sts:AssumeRole',
        resources: [role],
        context: {
          'sts:ExternalId': 'er-1',
          'sts:RoleSessionName': 'er-1',
          'aws:ResourceAccount': '123456789012',
        },
      },
    ]);
  });

  it('checks an SQS batch send as sqs:SendMessage on the queue ARN of its URL', () => {
    expect(
      requirementsOf(
        call('SQSClient', 'SendMessageBatchCommand', { QueueUrl: QUEUE_URL }),
        resolver,
        lookups,
      ),
    ).toEqual([
      { action: 'sqs:SendMessage', resources: ['arn:aws:sqs:us-east-1:000000000000:Alerts'] },
    ]);
  });

  it('checks an SES send against the sender identity, as its address or its domain', () => {
    const send = call('SESv2Client', 'SendEmailCommand', {
      FromEmailAddress: 'Expiry Radar <No-Reply@Example.com>',
    });
    expect(requirementsOf(send, resolver, lookups)).toEqual([
      {
        action: 'ses:SendEmail',
        resources: [
          'arn:aws:ses:us-east-1:000000000000:identity/no-reply@example.com',
          'arn:aws:ses:us-east-1:000000000000:identity/example.com',
        ],
      },
    ]);
  });

  it('checks secrets by their full ARN and parameters by their name', () => {
    expect(
      requirementsOf(
        call('SecretsManagerClient', 'GetSecretValueCommand', { SecretId: 'origin' }),
        resolver,
        lookups,
      ),
    ).toEqual([
      {
        action: 'secretsmanager:GetSecretValue',
        resources: ['arn:aws:secretsmanager:us-east-1:000000000000:secret:origin-AbCdEf'],
      },
    ]);
    expect(
      requirementsOf(
        call('SSMClient', 'GetParameterCommand', { Name: '/expiry-radar/key' }),
        resolver,
        lookups,
      ),
    ).toEqual([
      {
        action: 'ssm:GetParameter',
        resources: ['arn:aws:ssm:us-east-1:000000000000:parameter/expiry-radar/key'],
      },
    ]);
  });
});
