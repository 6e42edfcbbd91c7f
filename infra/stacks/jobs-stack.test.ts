import { Match, Template } from 'aws-cdk-lib/assertions';
import {
  ALERT_QUEUE_SETTINGS,
  CT_WATCH_QUEUE_SETTINGS,
  INTEGRATION_SYNC_QUEUE_SETTINGS,
} from '@expiry-radar/functions/data/queue-definition';
import { INDEX_NAMES } from '@expiry-radar/functions/data/table-definition';
import { jobPermissions } from '../config/job-permissions';
import { buildTestApp, resourcesOf } from '../test-support/test-app';
import { senderAddress } from './jobs-stack';

const { stacks } = buildTestApp({ emailFrom: 'Expiry Radar <alerts@radar.example.com>' });
const jobs = Template.fromStack(stacks.jobs);

type Statement = { Action: string | string[]; Resource: unknown };

function statementsOf(roleLogicalIdPrefix: string): Statement[] {
  const policies = resourcesOf(jobs, 'AWS::IAM::Policy');
  return Object.entries(policies)
    .filter(([id]) => id.startsWith(roleLogicalIdPrefix))
    .flatMap(
      ([, policy]) =>
        (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument
          .Statement,
    );
}

const actionsOf = (statements: Statement[]) =>
  statements.flatMap((statement) => [statement.Action].flat()).sort();

describe('jobs stack', () => {
  it('runs the expiry scan, the weekly summary and the dispatchers every hour, the RDAP bootstrap job weekly', () => {
    const allRules = Object.values(resourcesOf(jobs, 'AWS::Events::Rule'));
    expect(allRules.map((rule) => rule.Properties?.Description).sort()).toEqual([
      'Runs the certificate transparency watch dispatcher: enqueues one read per watched domain due',
      'Runs the endpoint check dispatcher: enqueues one check per due TLS endpoint',
      'Runs the hourly expiry scan: enqueues one alert per due token window',
      'Runs the integration sync dispatcher: enqueues each enabled daily integration due',
      'Runs the registration check dispatcher: enqueues one lookup per followed domain due',
      "Runs the weekly RDAP bootstrap job: stores IANA's bootstrap file for domains",
      'Runs the weekly summary job: emails each opted-in user on their Monday morning',
    ]);
    const weekly = allRules.filter((rule) =>
      String(rule.Properties?.Description).includes('RDAP bootstrap'),
    );
    expect(weekly.map((rule) => rule.Properties?.ScheduleExpression)).toEqual(['rate(7 days)']);
    const rules = allRules.filter((rule) => !weekly.includes(rule));
    for (const rule of rules) {
      expect(rule.Properties).toMatchObject({
        ScheduleExpression: 'rate(1 hour)',
        State: 'ENABLED',
        Targets: [{ RetryPolicy: { MaximumRetryAttempts: 0 } }],
      });
    }
    jobs.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
    });
  });

  it('lets the scan query only the due-alerts index, read, put and update items, send to the queue', () => {
    const statements = statementsOf('ExpiryScanJobRole');
    expect([...new Set(actionsOf(statements))]).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'sqs:SendMessage',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ].sort(),
    );
    const indexResources = statements
      .map((statement) => JSON.stringify(statement.Resource))
      .filter((resource) => resource.includes('/index/'));
    expect(indexResources).toEqual([expect.stringContaining(`/index/${INDEX_NAMES.dueAlerts}`)]);
    const indexStatement = statements.find((statement) =>
      JSON.stringify(statement.Resource).includes('/index/'),
    );
    expect(indexStatement?.Action).toBe('dynamodb:Query');
    expect(JSON.stringify(statements)).not.toContain('/index/*');
    expect(JSON.stringify(statements)).not.toContain('dynamodb:Scan');
  });

  it("grants the jobs in the routes' vocabulary, through the same grant code", () => {
    const scan = new Set(actionsOf(statementsOf('ExpiryScanJobRole')));
    const worker = new Set(actionsOf(statementsOf('AlertWorkerConsumerRole')));
    // Each job gets the table actions its config lists, and no others.
    for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem']) {
      expect(scan.has(action)).toBe(true);
      expect(worker.has(action)).toBe(true);
    }
    expect(scan.has('dynamodb:DeleteItem')).toBe(false);
    expect(worker.has('dynamodb:Query')).toBe(false);
    expect(jobPermissions.expiryScan).toEqual(
      expect.arrayContaining(['index:dueAlerts', 'table:PutItem', 'alertQueueSend']),
    );
    expect(jobPermissions.alertWorker).toContain('senderEmailSend');
    // The worker reads items by key only, no index.
    const workerStatements = statementsOf('AlertWorkerConsumerRole');
    expect(JSON.stringify(workerStatements)).not.toContain('/index/');
  });

  it('lets the weekly summary job read the table and its indexes, update items, send as the sender, sign links, read the app origin', () => {
    const statements = statementsOf('WeeklySummaryJobRole');
    expect([...new Set(actionsOf(statements))]).toEqual(
      [
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'secretsmanager:GetSecretValue',
        'ses:SendEmail',
        'ssm:GetParameter',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ].sort(),
    );
    expect(JSON.stringify(statements)).not.toContain('dynamodb:Scan');
    expect(JSON.stringify(statements)).not.toContain('sqs:');
    const ssm = statements.find((statement) =>
      [statement.Action].flat().includes('ssm:GetParameter'),
    );
    expect(JSON.stringify(ssm?.Resource)).toContain(':parameter/expiry-radar/app-origin');
    const ses = statements.find((statement) => [statement.Action].flat().includes('ses:SendEmail'));
    expect(JSON.stringify(ses?.Resource)).toContain('identity/alerts@radar.example.com');
    expect(JSON.stringify(ses?.Resource)).not.toContain('identity/*');
    const summaryJob = Object.values(resourcesOf(jobs, 'AWS::Lambda::Function')).find((fn) =>
      String(fn.Properties?.Description).startsWith('the weekly summary job'),
    );
    expect(
      (summaryJob?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables,
    ).toMatchObject({ ALERT_LINK_KEY_SECRET_ARN: expect.anything() as unknown });
  });

  it('traces the scan and the worker with X-Ray', () => {
    const functions = Object.values(resourcesOf(jobs, 'AWS::Lambda::Function'));
    expect(functions.length).toBeGreaterThanOrEqual(2);
    for (const fn of functions) {
      expect(fn.Properties?.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });

  it('feeds the worker from the alert queue with partial batch failures', () => {
    jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const workers = Object.values(resourcesOf(jobs, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties?.Description).startsWith('the alert worker'),
    );
    expect(workers).toHaveLength(1);
    // SQS guidance: the queue's visibility timeout is six times the function's timeout.
    expect(workers[0]!.Properties?.Timeout).toBe(ALERT_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6);
  });

  it('limits the worker to sending email as the configured sender identity', () => {
    const ses = statementsOf('AlertWorkerConsumerRole').find((statement) =>
      [statement.Action].flat().includes('ses:SendEmail'),
    );
    const resources = JSON.stringify(ses?.Resource);
    expect(resources).toContain('identity/alerts@radar.example.com');
    expect(resources).toContain('identity/radar.example.com');
    expect(resources).not.toContain('identity/*');
  });

  it('alarms on a backlog in the alert queue (the dead-letter alarm is in the data stack)', () => {
    jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateAgeOfOldestMessage',
      Threshold: 7200,
    });
    Template.fromStack(stacks.data).hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
    });
  });

  it('alarms when the expiry scan leaves due tokens for the next scan three hours running', () => {
    jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'ExpiryRadar',
      MetricName: 'AlertScanDeferred',
      Dimensions: [{ Name: 'service', Value: 'expiry-radar-jobs' }],
      Statistic: 'Sum',
      Period: 3600,
      Threshold: 0,
      EvaluationPeriods: 3,
      TreatMissingData: 'notBreaching',
    });
  });

  it('feeds the certificate transparency watch worker from its own queue, two batches at once, with a backlog alarm', () => {
    jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    const workers = Object.values(resourcesOf(jobs, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties?.Description).startsWith('the certificate transparency watch worker'),
    );
    expect(workers.map((worker) => worker.Properties?.Timeout)).toEqual([
      CT_WATCH_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
    ]);
    jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateAgeOfOldestMessage',
      AlarmDescription: Match.stringLikeRegexp('certificate transparency watch worker'),
    });
    const dispatch = new Set(actionsOf(statementsOf('CtWatchDispatchJobRole')));
    expect(dispatch.has('sqs:SendMessage')).toBe(true);
    expect(dispatch.has('ses:SendEmail')).toBe(false);
    expect([...dispatch].some((action) => action.startsWith('kms:'))).toBe(false);
    const worker = new Set(actionsOf(statementsOf('CtWatchWorkerConsumerRole')));
    // Alerts go to the alert queue; an unexpected issuer is emailed to the admins at once.
    expect(worker.has('sqs:SendMessage')).toBe(true);
    expect(worker.has('ses:SendEmail')).toBe(true);
    expect(worker.has('kms:Decrypt')).toBe(true);
    expect(worker.has('kms:GenerateDataKey')).toBe(false);
  });

  it('feeds the endpoint check worker from its own queue, at most 5 batches at once', () => {
    jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 5 },
    });
    const dispatch = new Set(actionsOf(statementsOf('EndpointDispatchJobRole')));
    expect(dispatch.has('sqs:SendMessage')).toBe(true);
    expect(dispatch.has('ses:SendEmail')).toBe(false);
    const worker = new Set(actionsOf(statementsOf('EndpointCheckWorkerConsumerRole')));
    expect(worker.has('sqs:SendMessage')).toBe(true);
    expect(worker.has('dynamodb:Query')).toBe(true);
    expect(worker.has('ses:SendEmail')).toBe(false);
  });

  it('feeds the integration sync worker one integration at a time, two at once, Decrypt only', () => {
    jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    const workers = Object.values(resourcesOf(jobs, 'AWS::Lambda::Function')).filter((fn) =>
      String(fn.Properties?.Description).startsWith('the integration sync worker'),
    );
    expect(workers).toHaveLength(1);
    expect(workers[0]!.Properties?.Timeout).toBe(
      INTEGRATION_SYNC_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6,
    );
    const dispatch = new Set(actionsOf(statementsOf('IntegrationSyncDispatchJobRole')));
    expect(dispatch.has('sqs:SendMessage')).toBe(true);
    expect([...dispatch].some((action) => action.startsWith('kms:'))).toBe(false);
    const worker = new Set(actionsOf(statementsOf('IntegrationSyncWorkerConsumerRole')));
    expect(worker.has('kms:Decrypt')).toBe(true);
    expect(worker.has('kms:GenerateDataKey')).toBe(false);
    // A large account's continuation and a failed sync's backoff, on its own queue only.
    expect(worker.has('sqs:SendMessage')).toBe(true);
    expect(worker.has('sqs:ChangeMessageVisibility')).toBe(true);
    const queueStatements = statementsOf('IntegrationSyncWorkerConsumerRole').filter((statement) =>
      actionsOf([statement]).some((action) => action.startsWith('sqs:')),
    );
    // The queue its event source consumes, and no other.
    expect(
      new Set(queueStatements.map((statement) => JSON.stringify(statement.Resource))).size,
    ).toBe(1);
    expect(worker.has('ses:SendEmail')).toBe(false);
    // An AWS integration's scheduled sync assumes the customer's role from the account it names.
    expect(worker.has('sts:AssumeRole')).toBe(true);
    expect(dispatch.has('sts:AssumeRole')).toBe(false);
    const environment = workers[0]!.Properties?.Environment as {
      Variables: Record<string, unknown>;
    };
    expect(environment.Variables.DISCOVERY_ACCOUNT_ID).toEqual({ Ref: 'AWS::AccountId' });
    // Only the rehearsal lets discovery reach its stand-ins (adapters/guarded-http.ts).
    expect(environment.Variables).not.toHaveProperty('DISCOVERY_STAND_IN_ORIGINS');
  });

  it('reads the sender address out of a display name', () => {
    expect(senderAddress('Expiry Radar <a@b.example>')).toBe('a@b.example');
    expect(senderAddress('a@b.example')).toBe('a@b.example');
  });
});
