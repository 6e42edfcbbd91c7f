import { Match } from 'aws-cdk-lib/assertions';
import { tableDefinition } from '@expiry-radar/functions/data/table-definition';
import { buildTestApp, resourcesOf } from '../test-support/test-app';

const { templates, stacks } = buildTestApp();
const data = templates.data;

describe('data stack: the table', () => {
  it('is protected: PITR, deletion protection, retained on stack removal', () => {
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        BillingMode: 'PAY_PER_REQUEST',
        SSESpecification: { SSEEnabled: true },
      }),
    });
  });

  it('has the keys and TTL attribute of the shared table definition', () => {
    data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey.name, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: {
        AttributeName: tableDefinition.timeToLiveAttribute,
        Enabled: true,
      },
    });
  });

  it.each(tableDefinition.globalSecondaryIndexes.map((index) => [index.indexName, index]))(
    'has the global secondary index %s as defined',
    (_name, index) => {
      data.hasResourceProperties('AWS::DynamoDB::Table', {
        GlobalSecondaryIndexes: Match.arrayWith([
          {
            IndexName: index.indexName,
            KeySchema: [
              { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
              { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: index.projection },
          },
        ]),
      });
    },
  );

  it('has no index beyond the definition', () => {
    const [table] = Object.values(resourcesOf(data, 'AWS::DynamoDB::Table'));
    const indexes = table?.Properties?.GlobalSecondaryIndexes as { IndexName: string }[];
    expect(indexes.map((index) => index.IndexName).sort()).toEqual(
      tableDefinition.globalSecondaryIndexes.map((index) => index.indexName).sort(),
    );
  });
});

describe('data stack: the alert queue', () => {
  const dlqArn: unknown = stacks.data.resolve(stacks.data.deadLetterQueue.queueArn);
  const dlqName: unknown = stacks.data.resolve(stacks.data.deadLetterQueue.queueName);

  it('redrives to the dead-letter queue after the maximum receives', () => {
    data.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: {
        deadLetterTargetArn: dlqArn,
        maxReceiveCount: 5,
      },
    });
  });

  it('hides a message six times longer than the 60 s the worker may run', () => {
    const queues = Object.values(resourcesOf(data, 'AWS::SQS::Queue'));
    const alertQueue = queues.find((queue) => queue.Properties?.RedrivePolicy);
    expect(alertQueue?.Properties?.VisibilityTimeout).toBe(360);
  });

  it('keeps dead letters 14 days; every queue is encrypted and denies non-TLS access', () => {
    data.hasResourceProperties('AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
    for (const queue of Object.values(resourcesOf(data, 'AWS::SQS::Queue'))) {
      expect(queue.Properties?.SqsManagedSseEnabled).toBe(true);
    }
    const policies = Object.values(resourcesOf(data, 'AWS::SQS::QueuePolicy'));
    expect(policies).toHaveLength(10);
    for (const policy of policies) {
      expect(policy.Properties?.PolicyDocument).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]) as unknown,
      });
    }
  });

  it('raises an alarm as soon as one message waits in the dead-letter queue', () => {
    // The alert queue's, and each job queue's: endpoint checks, syncs, registrations, the watch.
    const names: unknown[] = [
      dlqName,
      ...[
        stacks.data.endpointCheckDeadLetterQueue,
        stacks.data.integrationSyncDeadLetterQueue,
        stacks.data.registrationCheckDeadLetterQueue,
        stacks.data.ctWatchDeadLetterQueue,
      ].map((queue): unknown => stacks.data.resolve(queue.queueName)),
    ];
    for (const name of names) {
      data.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: name }],
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });
});
