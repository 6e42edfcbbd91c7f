/**
 * The alert worker: consumes the SQS alert queue (event source with `reportBatchItemFailures`),
 * one record per digest (one email to one address listing its due alerts) or per alert window
 * for its webhooks, with Powertools batch processing. A record that still has
 * deliveries to retry is reported as failed after its visibility is set to the backoff delay, so
 * the queue hands it out again then; after `maxReceiveCount` receives the queue moves it to the
 * dead-letter queue, and its alert record already says failed and dead-lettered.
 *
 * Backoff: ALERT_RETRY_BASE_SECONDS (default 60) doubling per receive, at most
 * ALERT_RETRY_MAX_SECONDS (default 900). Tests set both to seconds.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import {
  alertQueueMessageSchema,
  isDigestMessage,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { delayRedelivery } from '../adapters/alert-queue';
import { resolveAppOrigin } from '../adapters/app-origin';
import { sesMailer } from '../adapters/ses-mailer';
import { sendWebhook } from '../adapters/webhook-sender';
import { recordAlertEvent } from '../data/alert-audit';
import { alertBatchPorts } from '../data/alert-batch-reads';
import { loadAlertContexts } from '../data/alert-context';
import { workspacesOptedOut } from '../data/alert-email-opt-outs';
import { findEmailSuppression } from '../data/email-suppressions';
import { findRecipientAccount } from '../data/alert-recipient-accounts';
import { alertRecordStore } from '../data/alert-record-store';
import { countDeliveryOutcome, releaseDelivery, reserveDelivery } from '../data/alert-usage';
import { ALERT_QUEUE_SETTINGS } from '../data/queue-definition';
import type { AlertDeliveryPorts, DeliveryOutcomeMetric } from '../domain/alert-delivery-model';
import { deliverQueueMessage } from '../services/alerts/alert-delivery';
import { signUnsubscribe } from '../services/alerts/alert-unsubscribe';
import { signAlertAction } from '../services/alerts/alert-action-links';
import { sendSlackAppAlert } from '../services/slack/slack-alerts';
import {
  retryDelaySeconds,
  type DeliveryResult,
  type RetryPolicy,
} from '../services/alerts/delivery-rules';
import { logger } from '../platform/logger';
import { countWithDimension, METRIC_NAMES, type MetricName } from '../platform/metrics';

function secondsFrom(variable: string, fallback: number): number {
  const value = Number(process.env[variable]);
  return process.env[variable] !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : fallback;
}

export function retryPolicyFromEnvironment(): RetryPolicy {
  return {
    maxReceiveCount: ALERT_QUEUE_SETTINGS.maxReceiveCount,
    baseDelaySeconds: secondsFrom('ALERT_RETRY_BASE_SECONDS', 60),
    maxDelaySeconds: secondsFrom('ALERT_RETRY_MAX_SECONDS', 900),
  };
}

const DELIVERY_METRICS: Record<DeliveryOutcomeMetric, MetricName> = {
  sent: METRIC_NAMES.alertsSent,
  failed: METRIC_NAMES.alertsFailed,
  deadLettered: METRIC_NAMES.alertsDeadLettered,
};

/** Delivery outcomes as CloudWatch metrics with the channel kind as dimension `channel`. */
export function countDeliveryMetric(outcome: DeliveryOutcomeMetric, channelKind: string): void {
  countWithDimension(DELIVERY_METRICS[outcome], 'channel', channelKind);
}

/**
 * The production ports: DynamoDB records and counters, SES, the webhook sender, the audit, the
 * metrics.
 */
export async function defaultAlertPorts(appOrigin?: string): Promise<AlertDeliveryPorts> {
  return {
    records: alertRecordStore,
    loadContexts: loadAlertContexts,
    quota: { reserve: reserveDelivery, release: releaseDelivery },
    stats: { count: countDeliveryOutcome },
    mailer: sesMailer,
    sendWebhook,
    sendSlackApp: sendSlackAppAlert,
    workspacesOptedOut,
    suppressionOf: async (address) => (await findEmailSuppression(address))?.reason ?? null,
    recipientAccountOf: findRecipientAccount,
    signUnsubscribe,
    signAlertAction,
    audit: (event) => recordAlertEvent(event, new Date()),
    metrics: { count: countDeliveryMetric },
    appOrigin: appOrigin ?? (await resolveAppOrigin()),
  };
}

export interface AlertWorkerOptions {
  readonly ports?: Partial<AlertDeliveryPorts>;
  readonly policy?: RetryPolicy;
  /** Sets a retried message's visibility (the backoff); SQS ChangeMessageVisibility by default. */
  readonly delay?: (receiptHandle: string, seconds: number) => Promise<void>;
}

export class AlertRetryError extends Error {
  constructor(
    /** The alert id, or `digest <id>`. */
    readonly subject: string,
    message: string,
  ) {
    super(`Alert ${subject} will be retried: ${message}`);
    this.name = 'AlertRetryError';
  }
}

/** The alert messages of a batch's records; one that is not is left to its record's handling. */
function queueMessagesOf(event: SQSEvent): AlertQueueMessage[] {
  return event.Records.flatMap((record) => {
    try {
      const parsed = alertQueueMessageSchema.safeParse(JSON.parse(record.body));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

/** A worker handler with some ports replaced (tests and benchmarks inject failures here). */
export function createAlertWorker(options: AlertWorkerOptions = {}) {
  let basePorts: AlertDeliveryPorts | undefined;
  const delay = options.delay ?? delayRedelivery;

  /**
   * The ports of one batch: its messages' contexts, opt-outs and suppressions read at once
   * (data/alert-batch-reads.ts) unless a test replaced those ports.
   */
  const batchPortsOf = async (event: SQSEvent): Promise<AlertDeliveryPorts> => {
    basePorts ??= {
      ...(await defaultAlertPorts(options.ports?.appOrigin)),
      ...options.ports,
    };
    return {
      ...basePorts,
      ...alertBatchPorts(queueMessagesOf(event), basePorts),
      ...options.ports,
    };
  };

  const recordHandler = async (
    record: SQSRecord,
    batchPorts: Promise<AlertDeliveryPorts>,
  ): Promise<void> => {
    const ports = await batchPorts;
    const policy = options.policy ?? retryPolicyFromEnvironment();
    const parsed = alertQueueMessageSchema.safeParse(JSON.parse(record.body));
    if (!parsed.success) {
      // Left to reach the dead-letter queue, where an operator can see it.
      throw new Error(`Not an alert message: ${record.messageId}`);
    }
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    let result: DeliveryResult;
    try {
      result = await deliverQueueMessage(
        parsed.data,
        { receiveCount, policy, now: new Date() },
        ports,
      );
    } catch (error) {
      // An unexpected failure (throttling, a network error) backs off like a failed send rather
      // than waiting out the queue's whole visibility timeout.
      await delay(record.receiptHandle, retryDelaySeconds(receiveCount, policy)).catch(
        () => undefined,
      );
      throw error;
    }
    if (result.kind === 'done') return;
    // Also after the last attempt: the queue moves the message to the dead-letter queue on its
    // next receive, so it should not wait out the queue's long visibility timeout first.
    await delay(record.receiptHandle, result.delaySeconds);
    const message = parsed.data;
    const subject = isDigestMessage(message) ? `digest ${message.digestId}` : message.alertId;
    throw new AlertRetryError(subject, result.error);
  };

  const worker = middy(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    // A processor per invocation: it holds the batch's state, and the local poller (unlike
    // Lambda) runs several invocations of one handler at once.
    const processor = new BatchProcessor(EventType.SQS);
    const batchPorts = batchPortsOf(event);
    // A failure to make the ports fails each record, as its own handling reports it.
    batchPorts.catch(() => undefined);
    const response = await processPartialResponse(
      event,
      (record: SQSRecord) => recordHandler(record, batchPorts),
      processor,
      { context, throwOnFullBatchFailure: false },
    );
    if (response.batchItemFailures.length > 0) {
      logger.info('Alert deliveries to retry', { messages: response.batchItemFailures.length });
    }
    return response;
  }).use(injectLambdaContext(logger, { resetKeys: true }));
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => worker(event, context);
}

export const handler = createAlertWorker();
