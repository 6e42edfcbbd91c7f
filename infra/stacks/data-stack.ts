/**
 * The stateful part: the one DynamoDB table (created from the shared table definition) and the
 * alert queue with its dead-letter queue, protected against deletion and kept on stack removal;
 * and the topic every alarm of the app notifies (see constructs/alarm-notifications.ts).
 */
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
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
import type { Queue } from 'aws-cdk-lib/aws-sqs';
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
import { addDeadLetteredQueue } from '../constructs/dead-lettered-queue';
import type { AppResources } from '../constructs/permission-grants';

/** How long an alert message waits in the alert queue (its retries take far less). */
const ALERT_QUEUE_RETENTION_SECONDS = 4 * 24 * 60 * 60;

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

    const alert = addDeadLetteredQueue(this, 'Alert', {
      ...ALERT_QUEUE_SETTINGS,
      retentionSeconds: ALERT_QUEUE_RETENTION_SECONDS,
      alarmDescription:
        'Alert messages failed every retry and wait in the dead-letter queue; requeue them from the alert queue page once the cause is fixed.',
    });
    this.alertQueue = alert.queue;
    this.deadLetterQueue = alert.deadLetterQueue;
    this.deadLetterAlarm = alert.deadLetterAlarm;

    // One message per TLS endpoint to check; a check failing every retry waits here.
    const endpointCheck = addDeadLetteredQueue(this, 'EndpointCheck', {
      ...ENDPOINT_CHECK_QUEUE_SETTINGS,
      alarmDescription:
        'Endpoint checks failed every retry (a table or queue error, not a failed connection, which is a result) and wait in their dead-letter queue.',
    });
    this.endpointCheckQueue = endpointCheck.queue;
    this.endpointCheckDeadLetterQueue = endpointCheck.deadLetterQueue;
    this.endpointCheckDeadLetterAlarm = endpointCheck.deadLetterAlarm;

    // One message per integration due for its daily sync; a sync failing every retry waits here.
    const integrationSync = addDeadLetteredQueue(this, 'IntegrationSync', {
      ...INTEGRATION_SYNC_QUEUE_SETTINGS,
      alarmDescription:
        "Scheduled integration syncs failed every retry (a table error, not a source's error, which is recorded on the integration) and wait in their dead-letter queue.",
    });
    this.integrationSyncQueue = integrationSync.queue;
    this.integrationSyncDeadLetterQueue = integrationSync.deadLetterQueue;
    this.integrationSyncDeadLetterAlarm = integrationSync.deadLetterAlarm;

    // One message per followed domain due for a lookup; a check failing every retry waits here.
    const registrationCheck = addDeadLetteredQueue(this, 'RegistrationCheck', {
      ...REGISTRATION_CHECK_QUEUE_SETTINGS,
      alarmDescription:
        "Domain registration checks failed every retry (a table error, not a registry's failure, which is recorded on the token) and wait in their dead-letter queue.",
    });
    this.registrationCheckQueue = registrationCheck.queue;
    this.registrationCheckDeadLetterQueue = registrationCheck.deadLetterQueue;
    this.registrationCheckDeadLetterAlarm = registrationCheck.deadLetterAlarm;

    // One message per watched domain due for a read; a read failing every retry waits here.
    const ctWatch = addDeadLetteredQueue(this, 'CtWatch', {
      ...CT_WATCH_QUEUE_SETTINGS,
      alarmDescription:
        "Certificate transparency reads failed every retry (a table error, not the search service's failure, which is recorded on the watched domain) and wait in their dead-letter queue.",
    });
    this.ctWatchQueue = ctWatch.queue;
    this.ctWatchDeadLetterQueue = ctWatch.deadLetterQueue;
    this.ctWatchDeadLetterAlarm = ctWatch.deadLetterAlarm;

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
