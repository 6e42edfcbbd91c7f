import { CfnResolver } from './cfn-resolver';
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
