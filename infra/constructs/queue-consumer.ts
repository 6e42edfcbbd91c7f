/**
 * A function fed by an SQS queue (the alert worker): batches with partial batch failures
 * (`reportBatchItemFailures`), so only failed messages come back; the queue's redrive policy
 * moves a message to its dead-letter queue after the last receive, where the data stack's
 * alarm reports it. An alarm here reports a backlog: the oldest message waiting too long.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AppFunction, type AppFunctionProps } from './app-function';

export interface QueueConsumerProps extends AppFunctionProps {
  readonly queue: IQueue;
  readonly batchSize: number;
  /** Raise the backlog alarm when the oldest message waited longer than this. */
  readonly maxMessageAge: Duration;
  /** Batches in flight at once (the event source's maximum concurrency, 2 to 1,000). */
  readonly maxConcurrency?: number;
}

export class QueueConsumer extends Construct {
  readonly consumer: AppFunction;
  readonly backlogAlarm: Alarm;

  constructor(scope: Construct, id: string, props: QueueConsumerProps) {
    super(scope, id);
    this.consumer = new AppFunction(this, 'Consumer', props);
    // The mapping itself rather than CDK's SqsEventSource, whose grant adds actions the event
    // source never calls (ChangeMessageVisibility, GetQueueUrl). A consumer that changes a
    // message's visibility itself says so in its own permissions.
    this.consumer.function.addEventSourceMapping('SqsEventSource', {
      eventSourceArn: props.queue.queueArn,
      batchSize: props.batchSize,
      reportBatchItemFailures: true,
      ...(props.maxConcurrency ? { maxConcurrency: props.maxConcurrency } : {}),
    });
    // What the SQS event source calls with the function's role (Lambda's documentation).
    this.consumer.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'],
        resources: [props.queue.queueArn],
      }),
    );
    this.backlogAlarm = new Alarm(this, 'BacklogAlarm', {
      alarmDescription: `Messages wait longer than ${props.maxMessageAge.toHumanString()} for ${props.description}.`,
      metric: props.queue.metricApproximateAgeOfOldestMessage({
        period: Duration.minutes(5),
        statistic: Stats.MAXIMUM,
      }),
      threshold: props.maxMessageAge.toSeconds(),
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
