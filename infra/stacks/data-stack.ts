/**
 * The stateful part: the one DynamoDB table (created from the shared table definition) and the
 * alert queue with its dead-letter queue. Protected against deletion and kept on stack removal.
 */
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  tableDefinition,
  type KeyAttribute,
  type TableDefinition,
} from '../../functions/src/data/table-definition';
import { ALERT_QUEUE_SETTINGS } from '../../functions/src/data/queue-definition';
import type { AppResources } from '../constructs/http-function';

function attribute(key: KeyAttribute): { name: string; type: AttributeType } {
  return { name: key.name, type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER };
}

export interface DataStackProps extends StackProps {
  /** @default the shared tableDefinition */
  readonly tableDefinition?: TableDefinition;
}

export class DataStack extends Stack {
  readonly table: Table;
  readonly alertQueue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly resources: AppResources;

  constructor(scope: Construct, id: string, props: DataStackProps = {}) {
    super(scope, id, props);
    const definition = props.tableDefinition ?? tableDefinition;

    this.table = new Table(this, 'Table', {
      partitionKey: attribute(definition.partitionKey),
      sortKey: attribute(definition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: definition.timeToLiveAttribute,
    });
    for (const index of definition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
        projectionType: index.projection === 'ALL' ? ProjectionType.ALL : ProjectionType.KEYS_ONLY,
      });
    }

    this.deadLetterQueue = new Queue(this, 'AlertDeadLetterQueue', {
      retentionPeriod: Duration.seconds(ALERT_QUEUE_SETTINGS.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.alertQueue = new Queue(this, 'AlertQueue', {
      visibilityTimeout: Duration.seconds(ALERT_QUEUE_SETTINGS.visibilityTimeoutSeconds),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: {
        queue: this.deadLetterQueue,
        maxReceiveCount: ALERT_QUEUE_SETTINGS.maxReceiveCount,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Nothing is dropped silently: any message in the dead-letter queue raises the alarm.
    this.deadLetterAlarm = new Alarm(this, 'AlertDeadLetterAlarm', {
      alarmDescription:
        'Alert messages failed every retry and wait in the dead-letter queue; requeue them from the alert queue page once the cause is fixed.',
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.resources = {
      table: this.table,
      tableIndexNames: definition.globalSecondaryIndexes.map((index) => index.indexName),
      alertQueue: this.alertQueue,
      deadLetterQueue: this.deadLetterQueue,
    };
  }
}
