/**
 * The alert pipeline's functions (DESIGN.md "Shape"): the hourly expiry scan and the alert
 * worker consuming the alert queue. Each role allows only what its job does: the scan reads the
 * due-alerts index and the items it names, writes tokens and alert records, sends to the queue;
 * the worker reads and writes the table, consumes the queue, and sends email only as the
 * configured sender identity.
 */
import * as path from 'node:path';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ALERT_QUEUE_SETTINGS } from '../../functions/src/data/queue-definition';
import { INDEX_NAMES } from '../../functions/src/data/table-definition';
import { DEFAULT_EMAIL_FROM } from '../../functions/src/platform/config';
import type { AccountContext } from '../config/app-context';
import { REPO_ROOT, type AppResources } from '../constructs/http-function';
import { QueueConsumer } from '../constructs/queue-consumer';
import { ScheduledJob } from '../constructs/scheduled-job';

export const EXPIRY_SCAN_SCHEDULE = Schedule.rate(Duration.hours(1));
/** The worker's limit; the queue's visibility timeout is six times this (AWS guidance). */
export const ALERT_WORKER_TIMEOUT = Duration.seconds(
  ALERT_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
);
export const ALERT_WORKER_BATCH_SIZE = 10;

export interface JobsStackProps extends StackProps {
  readonly resources: AppResources;
  readonly appOrigin: string;
  readonly accountSettings?: AccountContext;
  /** @default functions/src/jobs of this repository */
  readonly jobsDir?: string;
}

/** The address of a sender like `Name <no-reply@example.com>`. */
export function senderAddress(emailFrom: string): string {
  const match = /<([^>]+)>/.exec(emailFrom);
  return (match?.[1] ?? emailFrom).trim();
}

const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

export class JobsStack extends Stack {
  readonly expiryScan: ScheduledJob;
  readonly alertWorker: QueueConsumer;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { resources } = props;
    const { table, alertQueue } = resources;
    const jobsDir = props.jobsDir ?? path.join(REPO_ROOT, 'functions/src/jobs');
    const emailFrom = props.accountSettings?.emailFrom || DEFAULT_EMAIL_FROM;
    const environment = {
      TABLE_NAME: table.tableName,
      ALERT_QUEUE_URL: alertQueue.queueUrl,
      ALERT_DLQ_URL: resources.deadLetterQueue.queueUrl,
      APP_ORIGIN: props.appOrigin,
      EMAIL_FROM: emailFrom,
      POWERTOOLS_SERVICE_NAME: 'expiry-radar-jobs',
    };

    this.expiryScan = new ScheduledJob(this, 'ExpiryScan', {
      entry: path.join(jobsDir, 'expiry-scan.ts'),
      description: 'the hourly expiry scan: enqueues one alert per due token window',
      resources,
      permissions: [],
      environment,
      timeout: Duration.minutes(5),
      schedule: EXPIRY_SCAN_SCHEDULE,
    });
    const scanRole = this.expiryScan.job.role;
    scanRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: TABLE_READ_ACTIONS,
        resources: [table.tableArn, `${table.tableArn}/index/${INDEX_NAMES.dueAlerts}`],
      }),
    );
    scanRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: TABLE_WRITE_ACTIONS, resources: [table.tableArn] }),
    );
    scanRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes'],
        resources: [alertQueue.queueArn],
      }),
    );

    this.alertWorker = new QueueConsumer(this, 'AlertWorker', {
      entry: path.join(jobsDir, 'alert-worker.ts'),
      description: 'the alert worker: email through SES and webhooks, per delivery state',
      resources,
      permissions: [],
      environment,
      timeout: ALERT_WORKER_TIMEOUT,
      queue: alertQueue,
      batchSize: ALERT_WORKER_BATCH_SIZE,
      maxMessageAge: Duration.hours(2),
    });
    const workerRole = this.alertWorker.consumer.role;
    workerRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: TABLE_READ_ACTIONS, resources: [table.tableArn] }),
    );
    workerRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: TABLE_WRITE_ACTIONS, resources: [table.tableArn] }),
    );
    const address = senderAddress(emailFrom);
    const domain = address.split('@')[1] ?? address;
    workerRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        // The sender identity, verified as the address or as its domain.
        resources: [address, domain].map((identity) =>
          this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
        ),
      }),
    );
  }
}
