/**
 * The stateful part: the one DynamoDB table (created from the shared table definition) and the
 * alert queue with its dead-letter queue, protected against deletion and kept on stack removal;
 * and the topic every alarm of the app notifies (see constructs/alarm-notifications.ts).
 */
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { AccountPrincipal, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  tableDefinition,
  type KeyAttribute,
  type TableDefinition,
} from '@expiry-radar/functions/data/table-definition';
import {
  ALERT_QUEUE_SETTINGS,
  ENDPOINT_CHECK_QUEUE_SETTINGS,
  REGISTRATION_CHECK_QUEUE_SETTINGS,
  CT_WATCH_QUEUE_SETTINGS,
  INTEGRATION_SYNC_QUEUE_SETTINGS,
} from '@expiry-radar/functions/data/queue-definition';
import type { AppResources } from '../constructs/permission-grants';

function attribute(key: KeyAttribute): { name: string; type: AttributeType } {
  return { name: key.name, type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER };
}

export interface DataStackProps extends StackProps {
  /** @default the shared tableDefinition */
  readonly tableDefinition?: TableDefinition;
  /** Subscribed to the alarm topic by email when set. */
  readonly alarmEmail?: string;
}

export class DataStack extends Stack {
  readonly table: Table;
  readonly alertQueue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly endpointCheckQueue: Queue;
  readonly integrationSyncQueue: Queue;
  readonly integrationSyncDeadLetterQueue: Queue;
  readonly integrationSyncDeadLetterAlarm: Alarm;
  readonly endpointCheckDeadLetterQueue: Queue;
  readonly endpointCheckDeadLetterAlarm: Alarm;
  readonly registrationCheckQueue: Queue;
  readonly registrationCheckDeadLetterQueue: Queue;
  readonly registrationCheckDeadLetterAlarm: Alarm;
  readonly ctWatchQueue: Queue;
  readonly ctWatchDeadLetterQueue: Queue;
  readonly ctWatchDeadLetterAlarm: Alarm;
  /** Every alarm of the app notifies this topic (alarm and OK). */
  readonly alarmTopic: Topic;
  /** Signs the one-click unsubscribe links of alert emails (the worker signs, the routes verify). */
  readonly alertLinkKey: Secret;
  /** Wraps the data keys integration credentials are sealed with (envelope encryption). */
  readonly integrationCredentialsKey: Key;
  /** What Google Cloud workload identity federation signs in as (functions/gcp-federation-identity.ts). */
  readonly gcpFederationRole: Role;
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

    // One message per TLS endpoint to check; a check failing every retry waits here.
    this.endpointCheckDeadLetterQueue = new Queue(this, 'EndpointCheckDeadLetterQueue', {
      retentionPeriod: Duration.seconds(ENDPOINT_CHECK_QUEUE_SETTINGS.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.endpointCheckQueue = new Queue(this, 'EndpointCheckQueue', {
      visibilityTimeout: Duration.seconds(ENDPOINT_CHECK_QUEUE_SETTINGS.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(ENDPOINT_CHECK_QUEUE_SETTINGS.retentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: {
        queue: this.endpointCheckDeadLetterQueue,
        maxReceiveCount: ENDPOINT_CHECK_QUEUE_SETTINGS.maxReceiveCount,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.endpointCheckDeadLetterAlarm = new Alarm(this, 'EndpointCheckDeadLetterAlarm', {
      alarmDescription:
        'Endpoint checks failed every retry (a table or queue error, not a failed connection, which is a result) and wait in their dead-letter queue.',
      metric: this.endpointCheckDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // One message per integration due for its daily sync; a sync failing every retry waits here.
    this.integrationSyncDeadLetterQueue = new Queue(this, 'IntegrationSyncDeadLetterQueue', {
      retentionPeriod: Duration.seconds(INTEGRATION_SYNC_QUEUE_SETTINGS.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.integrationSyncQueue = new Queue(this, 'IntegrationSyncQueue', {
      visibilityTimeout: Duration.seconds(INTEGRATION_SYNC_QUEUE_SETTINGS.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(INTEGRATION_SYNC_QUEUE_SETTINGS.retentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: {
        queue: this.integrationSyncDeadLetterQueue,
        maxReceiveCount: INTEGRATION_SYNC_QUEUE_SETTINGS.maxReceiveCount,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.integrationSyncDeadLetterAlarm = new Alarm(this, 'IntegrationSyncDeadLetterAlarm', {
      alarmDescription:
        "Scheduled integration syncs failed every retry (a table error, not a source's error, which is recorded on the integration) and wait in their dead-letter queue.",
      metric: this.integrationSyncDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // One message per followed domain due for a lookup; a check failing every retry waits here.
    this.registrationCheckDeadLetterQueue = new Queue(this, 'RegistrationCheckDeadLetterQueue', {
      retentionPeriod: Duration.seconds(
        REGISTRATION_CHECK_QUEUE_SETTINGS.deadLetterRetentionSeconds,
      ),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.registrationCheckQueue = new Queue(this, 'RegistrationCheckQueue', {
      visibilityTimeout: Duration.seconds(
        REGISTRATION_CHECK_QUEUE_SETTINGS.visibilityTimeoutSeconds,
      ),
      retentionPeriod: Duration.seconds(REGISTRATION_CHECK_QUEUE_SETTINGS.retentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: {
        queue: this.registrationCheckDeadLetterQueue,
        maxReceiveCount: REGISTRATION_CHECK_QUEUE_SETTINGS.maxReceiveCount,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.registrationCheckDeadLetterAlarm = new Alarm(this, 'RegistrationCheckDeadLetterAlarm', {
      alarmDescription:
        "Domain registration checks failed every retry (a table error, not a registry's failure, which is recorded on the token) and wait in their dead-letter queue.",
      metric: this.registrationCheckDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // One message per watched domain due for a read; a read failing every retry waits here.
    this.ctWatchDeadLetterQueue = new Queue(this, 'CtWatchDeadLetterQueue', {
      retentionPeriod: Duration.seconds(CT_WATCH_QUEUE_SETTINGS.deadLetterRetentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.ctWatchQueue = new Queue(this, 'CtWatchQueue', {
      visibilityTimeout: Duration.seconds(CT_WATCH_QUEUE_SETTINGS.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(CT_WATCH_QUEUE_SETTINGS.retentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: {
        queue: this.ctWatchDeadLetterQueue,
        maxReceiveCount: CT_WATCH_QUEUE_SETTINGS.maxReceiveCount,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.ctWatchDeadLetterAlarm = new Alarm(this, 'CtWatchDeadLetterAlarm', {
      alarmDescription:
        "Certificate transparency reads failed every retry (a table error, not the search service's failure, which is recorded on the watched domain) and wait in their dead-letter queue.",
      metric: this.ctWatchDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: Stats.MAXIMUM,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.alarmTopic = this.createAlarmTopic(props.alarmEmail);

    this.alertLinkKey = new Secret(this, 'AlertLinkKey', {
      description:
        'Key material the one-click unsubscribe links of alert emails are signed with (HMAC-SHA-256 under a key derived with HKDF)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Links in emails already sent stop working without it: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.alertLinkKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand (README "Deployment"): links signed with the current or the previous version verify, so a scheduled rotation would break the unsubscribe links of emails sent before its second run.',
    });

    this.integrationCredentialsKey = new Key(this, 'IntegrationCredentialsKey', {
      description:
        'Wraps the data keys the credentials of discovery integrations (GitLab, Vault) are sealed with',
      enableKeyRotation: true,
      // Without it no stored integration credentials open again: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // No permissions: Google Cloud learns the caller's ARN from a signed GetCallerIdentity, which
    // needs none; its session name (the workspace) is what a customer's pool provider trusts. The
    // functions' own policies say which may assume it (gcpFederationRoleAssume).
    this.gcpFederationRole = new Role(this, 'GcpFederationRole', {
      description:
        "Signs in to customers' Google Cloud by workload identity federation, one session per workspace; no permissions",
      assumedBy: new AccountPrincipal(this.account),
      maxSessionDuration: Duration.hours(1),
    });

    this.resources = {
      table: this.table,
      tableIndexNames: definition.globalSecondaryIndexes.map((index) => index.indexName),
      alertQueue: this.alertQueue,
      deadLetterQueue: this.deadLetterQueue,
      endpointCheckQueue: this.endpointCheckQueue,
      integrationSyncQueue: this.integrationSyncQueue,
      registrationCheckQueue: this.registrationCheckQueue,
      ctWatchQueue: this.ctWatchQueue,
      alertLinkKey: this.alertLinkKey,
      integrationCredentialsKey: this.integrationCredentialsKey,
      gcpFederationRole: this.gcpFederationRole,
    };
  }

  private createAlarmTopic(alarmEmail: string | undefined): Topic {
    // A customer managed key: CloudWatch may not use the AWS managed SNS key to publish.
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the Expiry Radar alarm topic',
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        // Only this account's alarms, not another account's CloudWatch acting on our behalf.
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    const topic = new Topic(this, 'AlarmTopic', {
      displayName: 'Expiry Radar alarms',
      masterKey: key,
      enforceSSL: true,
    });
    if (alarmEmail) topic.addSubscription(new EmailSubscription(alarmEmail));
    return topic;
  }
}
