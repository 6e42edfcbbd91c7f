/**
 * The alert pipeline's functions: the hourly expiry scan, the alert worker consuming the alert
 * queue, and the hourly weekly summary job (each user's summary goes out on their Monday
 * morning, so every hour is someone's). Each role allows only what its job does, in the routes'
 * permission vocabulary (config/job-permissions.ts): the scan queries the due-alerts index, reads
 * the items it names, writes tokens and alert records and sends to the queue; the worker reads
 * and writes the table, consumes the queue, and sends email only as the configured sender
 * identity; the summary job reads the table and its indexes, writes its own items and sends email
 * as the same sender. The endpoint check and integration sync dispatchers (hourly) query the
 * due-alerts index and send to their own queues, whose workers check TLS endpoints and sync
 * integrations (the latter may only Decrypt with the integration credentials key); the registration
 * check dispatcher (hourly) does the same for the domains tokens follow, whose worker looks them up
 * at their registries' RDAP services, and the weekly RDAP bootstrap job stores IANA's bootstrap
 * file. The certificate transparency watch dispatcher (hourly) does the same for the watched
 * domains due, whose worker opens a workspace's Cert Spotter API key (Decrypt only), records what
 * it finds, adds certificates to the inventory, sends alerts to the alert queue and emails an
 * unexpected issuer to the admins as the configured sender.
 */
import * as path from 'node:path';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Metric,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Schedule } from 'aws-cdk-lib/aws-events';
import type { Construct } from 'constructs';
import {
  ALERT_QUEUE_SETTINGS,
  CT_WATCH_QUEUE_SETTINGS,
  ENDPOINT_CHECK_QUEUE_SETTINGS,
  INTEGRATION_SYNC_QUEUE_SETTINGS,
  REGISTRATION_CHECK_QUEUE_SETTINGS,
} from '@expiry-radar/functions/data/queue-definition';
import { DEFAULT_EMAIL_FROM } from '@expiry-radar/functions/platform/config';
import { METRIC_NAMES, METRIC_NAMESPACE } from '@expiry-radar/functions/platform/metric-names';
import { appOriginEnvironment, type AccountContext } from '../config/app-context';
import { jobPermissions } from '../config/job-permissions';
import { REPO_ROOT } from '../constructs/app-function';
import type { AppResources } from '../constructs/permission-grants';
import { QueueConsumer } from '../constructs/queue-consumer';
import { ScheduledJob } from '../constructs/scheduled-job';

export const EXPIRY_SCAN_SCHEDULE = Schedule.rate(Duration.hours(1));
export const EXPIRY_SCAN_TIMEOUT = Duration.minutes(5);
/** The jobs' Powertools service name: the `service` dimension of their metrics. */
const JOBS_SERVICE_NAME = 'expiry-radar-jobs';
export const WEEKLY_SUMMARY_SCHEDULE = Schedule.rate(Duration.hours(1));
/** The worker's limit; the queue's visibility timeout is six times this (AWS guidance). */
export const ALERT_WORKER_TIMEOUT = Duration.seconds(
  ALERT_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
);
export const ALERT_WORKER_BATCH_SIZE = 10;
/**
 * Hourly: due endpoints are checked every 6 hours (every hour for Enterprise tokens that ask),
 * each by its schedule item's next check time.
 */
export const ENDPOINT_DISPATCH_SCHEDULE = Schedule.rate(Duration.hours(1));
export const ENDPOINT_WORKER_TIMEOUT = Duration.seconds(
  ENDPOINT_CHECK_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
);
/** Batches of endpoint checks in flight at once: at most 5 × 10 connections open. */
export const ENDPOINT_WORKER_MAX_CONCURRENCY = 5;
/**
 * Hourly: each enabled daily integration is due once a day, a day after the dispatch that took
 * it last, so the syncs spread over the day as the integrations were turned on.
 */
export const INTEGRATION_SYNC_DISPATCH_SCHEDULE = Schedule.rate(Duration.hours(1));
export const INTEGRATION_SYNC_WORKER_TIMEOUT = Duration.seconds(
  INTEGRATION_SYNC_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
);
/** Syncs at once: each asks its source many times, and sources rate-limit. */
export const INTEGRATION_SYNC_WORKER_MAX_CONCURRENCY = 2;

/**
 * Hourly: each followed domain is due a day after its last lookup (sooner after a failure, when
 * the registry's Retry-After allows), so lookups spread over the day.
 */
export const REGISTRATION_DISPATCH_SCHEDULE = Schedule.rate(Duration.hours(1));
export const REGISTRATION_WORKER_TIMEOUT = Duration.seconds(
  REGISTRATION_CHECK_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
);
/** Batches of lookups at once: registries rate-limit, so few (at most 2 × 5 requests open). */
export const REGISTRATION_WORKER_MAX_CONCURRENCY = 2;
/**
 * Hourly: each watched domain is read once an hour (sooner after a failure, at the service's
 * Retry-After), from the position its last read reached.
 */
export const CT_WATCH_SCHEDULE = Schedule.rate(Duration.hours(1));
export const CT_WATCH_WORKER_TIMEOUT = Duration.seconds(
  CT_WATCH_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
);
/** Batches of reads at once: Cert Spotter rate-limits, so few (at most 2 × 5 reads open). */
export const CT_WATCH_WORKER_MAX_CONCURRENCY = 2;
/** IANA updates its bootstrap file rarely; a week is the job's period. */
export const RDAP_BOOTSTRAP_SCHEDULE = Schedule.rate(Duration.days(7));

export interface JobsStackProps extends StackProps {
  readonly resources: AppResources;
  /** The SPA's public origin when known at synth time; empty: the web stack's parameter. */
  readonly appOrigin: string;
  readonly accountSettings?: AccountContext;
  /** The SES configuration set the mailer sends with (email stack); none without one. */
  readonly emailConfigurationSet?: string;
  /** @default functions/src/jobs of this repository */
  readonly jobsDir?: string;
}

/** The address of a sender like `Name <no-reply@example.com>`. */
export function senderAddress(emailFrom: string): string {
  const match = /<([^>]+)>/.exec(emailFrom);
  return (match?.[1] ?? emailFrom).trim();
}

export class JobsStack extends Stack {
  readonly expiryScan: ScheduledJob;
  readonly expiryScanBehindAlarm: Alarm;
  readonly alertWorker: QueueConsumer;
  readonly weeklySummary: ScheduledJob;
  readonly endpointDispatch: ScheduledJob;
  readonly endpointCheckWorker: QueueConsumer;
  readonly integrationSyncDispatch: ScheduledJob;
  readonly integrationSyncWorker: QueueConsumer;
  readonly registrationDispatch: ScheduledJob;
  readonly registrationCheckWorker: QueueConsumer;
  readonly rdapBootstrapRefresh: ScheduledJob;
  readonly ctWatchDispatch: ScheduledJob;
  readonly ctWatchWorker: QueueConsumer;

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
      ...appOriginEnvironment(props.appOrigin),
      ENDPOINT_CHECK_QUEUE_URL: resources.endpointCheckQueue.queueUrl,
      INTEGRATION_SYNC_QUEUE_URL: resources.integrationSyncQueue.queueUrl,
      REGISTRATION_CHECK_QUEUE_URL: resources.registrationCheckQueue.queueUrl,
      CT_WATCH_QUEUE_URL: resources.ctWatchQueue.queueUrl,
      INTEGRATION_CREDENTIALS_KMS_KEY_ID: resources.integrationCredentialsKey.keyArn,
      // The account customers' AWS discovery roles trust: the scheduled sync assumes them from it.
      DISCOVERY_ACCOUNT_ID: this.account,
      GCP_FEDERATION_ROLE_ARN: resources.gcpFederationRole.roleArn,
      EMAIL_FROM: emailFrom,
      ...(props.emailConfigurationSet
        ? { EMAIL_CONFIGURATION_SET: props.emailConfigurationSet }
        : {}),
      // The secret's ARN, never its value: the worker reads it at cold start.
      ALERT_LINK_KEY_SECRET_ARN: resources.alertLinkKey.secretArn,
      POWERTOOLS_SERVICE_NAME: JOBS_SERVICE_NAME,
    };

    const permissionTargets = {
      emailSender: senderAddress(emailFrom),
      ...(props.emailConfigurationSet
        ? { emailConfigurationSet: props.emailConfigurationSet }
        : {}),
    };

    this.expiryScan = new ScheduledJob(this, 'ExpiryScan', {
      entry: path.join(jobsDir, 'expiry-scan.ts'),
      description: 'the hourly expiry scan: enqueues one alert per due token window',
      resources,
      permissions: jobPermissions.expiryScan,
      environment,
      timeout: EXPIRY_SCAN_TIMEOUT,
      schedule: EXPIRY_SCAN_SCHEDULE,
    });
    this.expiryScanBehindAlarm = new Alarm(this, 'ExpiryScanBehindAlarm', {
      alarmDescription:
        'The expiry scan ran out of time and left due tokens for the next scan, three hours running: it cannot keep up with what comes due.',
      metric: new Metric({
        namespace: METRIC_NAMESPACE,
        metricName: METRIC_NAMES.alertScanDeferred,
        dimensionsMap: { service: JOBS_SERVICE_NAME },
        period: Duration.hours(1),
        statistic: Stats.SUM,
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alertWorker = new QueueConsumer(this, 'AlertWorker', {
      entry: path.join(jobsDir, 'alert-worker.ts'),
      description: 'the alert worker: email through SES and webhooks, per delivery state',
      resources,
      permissions: jobPermissions.alertWorker,
      permissionTargets,
      environment,
      timeout: ALERT_WORKER_TIMEOUT,
      queue: alertQueue,
      batchSize: ALERT_WORKER_BATCH_SIZE,
      maxMessageAge: Duration.hours(2),
    });
    this.weeklySummary = new ScheduledJob(this, 'WeeklySummary', {
      entry: path.join(jobsDir, 'weekly-summary.ts'),
      description: 'the weekly summary job: emails each opted-in user on their Monday morning',
      resources,
      permissions: jobPermissions.weeklySummary,
      permissionTargets,
      environment,
      timeout: Duration.minutes(10),
      schedule: WEEKLY_SUMMARY_SCHEDULE,
    });
    this.endpointDispatch = new ScheduledJob(this, 'EndpointDispatch', {
      entry: path.join(jobsDir, 'endpoint-dispatch.ts'),
      description: 'the endpoint check dispatcher: enqueues one check per due TLS endpoint',
      resources,
      permissions: jobPermissions.endpointDispatch,
      environment,
      timeout: Duration.minutes(5),
      schedule: ENDPOINT_DISPATCH_SCHEDULE,
    });
    this.endpointCheckWorker = new QueueConsumer(this, 'EndpointCheckWorker', {
      entry: path.join(jobsDir, 'endpoint-check-worker.ts'),
      description: 'the endpoint check worker: connects to each TLS endpoint and acts on it',
      resources,
      permissions: jobPermissions.endpointCheckWorker,
      environment,
      timeout: ENDPOINT_WORKER_TIMEOUT,
      queue: resources.endpointCheckQueue,
      batchSize: 10,
      maxConcurrency: ENDPOINT_WORKER_MAX_CONCURRENCY,
      maxMessageAge: Duration.hours(2),
    });
    this.integrationSyncDispatch = new ScheduledJob(this, 'IntegrationSyncDispatch', {
      entry: path.join(jobsDir, 'integration-sync-dispatch.ts'),
      description: 'the integration sync dispatcher: enqueues each enabled daily integration due',
      resources,
      permissions: jobPermissions.integrationSyncDispatch,
      environment,
      timeout: Duration.minutes(5),
      schedule: INTEGRATION_SYNC_DISPATCH_SCHEDULE,
    });
    this.integrationSyncWorker = new QueueConsumer(this, 'IntegrationSyncWorker', {
      entry: path.join(jobsDir, 'integration-sync-worker.ts'),
      description: 'the integration sync worker: syncs one integration from its source',
      resources,
      permissions: jobPermissions.integrationSyncWorker,
      environment,
      timeout: INTEGRATION_SYNC_WORKER_TIMEOUT,
      queue: resources.integrationSyncQueue,
      batchSize: 1,
      maxConcurrency: INTEGRATION_SYNC_WORKER_MAX_CONCURRENCY,
      maxMessageAge: Duration.hours(12),
    });
    this.registrationDispatch = new ScheduledJob(this, 'RegistrationDispatch', {
      entry: path.join(jobsDir, 'registration-dispatch.ts'),
      description: 'the registration check dispatcher: enqueues one lookup per followed domain due',
      resources,
      permissions: jobPermissions.registrationDispatch,
      environment,
      timeout: Duration.minutes(5),
      schedule: REGISTRATION_DISPATCH_SCHEDULE,
    });
    this.registrationCheckWorker = new QueueConsumer(this, 'RegistrationCheckWorker', {
      entry: path.join(jobsDir, 'registration-check-worker.ts'),
      description: "the registration check worker: looks each domain up at its registry's RDAP",
      resources,
      permissions: jobPermissions.registrationCheckWorker,
      environment,
      timeout: REGISTRATION_WORKER_TIMEOUT,
      queue: resources.registrationCheckQueue,
      batchSize: 10,
      maxConcurrency: REGISTRATION_WORKER_MAX_CONCURRENCY,
      maxMessageAge: Duration.hours(2),
    });
    this.ctWatchDispatch = new ScheduledJob(this, 'CtWatchDispatch', {
      entry: path.join(jobsDir, 'ct-watch-dispatch.ts'),
      description:
        'the certificate transparency watch dispatcher: enqueues one read per watched domain due',
      resources,
      permissions: jobPermissions.ctWatchDispatch,
      environment,
      timeout: Duration.minutes(5),
      schedule: CT_WATCH_SCHEDULE,
    });
    this.ctWatchWorker = new QueueConsumer(this, 'CtWatchWorker', {
      entry: path.join(jobsDir, 'ct-watch-worker.ts'),
      description:
        "the certificate transparency watch worker: reads each watched domain's new certificates at Cert Spotter",
      resources,
      permissions: jobPermissions.ctWatchWorker,
      permissionTargets,
      environment,
      timeout: CT_WATCH_WORKER_TIMEOUT,
      queue: resources.ctWatchQueue,
      batchSize: 5,
      maxConcurrency: CT_WATCH_WORKER_MAX_CONCURRENCY,
      maxMessageAge: Duration.hours(2),
    });
    this.rdapBootstrapRefresh = new ScheduledJob(this, 'RdapBootstrapRefresh', {
      entry: path.join(jobsDir, 'rdap-bootstrap-refresh.ts'),
      description: "the weekly RDAP bootstrap job: stores IANA's bootstrap file for domains",
      resources,
      permissions: jobPermissions.rdapBootstrapRefresh,
      environment,
      timeout: Duration.minutes(1),
      schedule: RDAP_BOOTSTRAP_SCHEDULE,
    });
  }
}
