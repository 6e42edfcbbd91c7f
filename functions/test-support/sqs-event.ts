import type { SQSEvent } from 'aws-lambda';

/**
 * An SQS event as Lambda's event source mapping hands a batch to a consumer: a record per body
 * (sent as JSON), received `receiveCount` times. Message ids are `m0`, `m1`… in the batch (as
 * SQS, a message received again keeps its id), or what `messageIdOf` says; receipt handles `r0`,
 * `r1`….
 */
export function sqsEvent<Body>(
  bodies: readonly Body[],
  options: {
    readonly receiveCount?: number;
    readonly queueName?: string;
    readonly messageIdOf?: (body: Body, index: number) => string;
  } = {},
): SQSEvent {
  const sentAt = String(Date.now());
  return {
    Records: bodies.map((body, index) => ({
      messageId: options.messageIdOf?.(body, index) ?? `m${index}`,
      receiptHandle: `r${index}`,
      body: JSON.stringify(body),
      attributes: {
        ApproximateReceiveCount: String(options.receiveCount ?? 1),
        SentTimestamp: sentAt,
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: sentAt,
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${options.queueName ?? 'queue'}`,
      awsRegion: 'us-east-1',
    })),
  };
}
