/**
 * A work queue with its dead-letter queue and the alarm that fires on any message left there:
 * both queues SQS-encrypted, SSL only and retained on stack removal; the alarm breaches at one
 * visible message (nothing is dropped silently). The resources are made in the given scope with
 * the ids `<name>DeadLetterQueue`, `<name>Queue` and `<name>DeadLetterAlarm`, in that order, so
 * a stack that made them one by one before keeps every logical id (no nested construct, whose
 * path would prefix them and make CloudFormation replace the queues).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export interface DeadLetteredQueueSettings {
  readonly visibilityTimeoutSeconds: number;
  /** How long a message waits in the work queue. */
  readonly retentionSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly deadLetterRetentionSeconds: number;
}

export interface DeadLetteredQueue {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;
}

export function addDeadLetteredQueue(
  scope: Construct,
  name: string,
  settings: DeadLetteredQueueSettings & {
    /** What a message left in the dead-letter queue means, and what to do. */
    readonly alarmDescription: string;
  },
): DeadLetteredQueue {
  const deadLetterQueue = new Queue(scope, `${name}DeadLetterQueue`, {
    retentionPeriod: Duration.seconds(settings.deadLetterRetentionSeconds),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const queue = new Queue(scope, `${name}Queue`, {
    visibilityTimeout: Duration.seconds(settings.visibilityTimeoutSeconds),
    retentionPeriod: Duration.seconds(settings.retentionSeconds),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: settings.maxReceiveCount },
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const deadLetterAlarm = new Alarm(scope, `${name}DeadLetterAlarm`, {
    alarmDescription: settings.alarmDescription,
    metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(1),
      statistic: Stats.MAXIMUM,
    }),
    threshold: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return { queue, deadLetterQueue, deadLetterAlarm };
}
