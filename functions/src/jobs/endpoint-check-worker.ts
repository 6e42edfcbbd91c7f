/**
 * The endpoint check worker (SQS event source of the endpoint check queue): each message is one
 * TLS endpoint, checked with a 10 s connection deadline (services/endpoints/endpoint-checks.ts),
 * at most CHECK_CONCURRENCY at once within a batch; the function's reserved concurrency bounds
 * the batches. A check that throws (a table or queue error; a failed connection is a result, not
 * an error) is reported as a batch item failure and retried by the queue, then dead-lettered.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { endpointCheckMessageSchema } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { enqueueAlerts } from '../adapters/alert-queue';
import { checkTlsEndpoint } from '../adapters/tls-endpoint-checker';
import { logger } from '../platform/logger';
import { checkEndpoint, type EndpointCheckPorts } from '../services/endpoints/endpoint-checks';
import { handleEachMessage, queueMessageOf } from './queue-batch';

/** Checks of one batch running at once (each mostly waits on the network). */
export const CHECK_CONCURRENCY = 10;

export function createEndpointCheckWorker(ports: Partial<EndpointCheckPorts> = {}) {
  const resolved: EndpointCheckPorts = {
    check: ports.check ?? checkTlsEndpoint,
    enqueueAlerts: ports.enqueueAlerts ?? enqueueAlerts,
  };
  const recordHandler = async (record: SQSRecord): Promise<void> => {
    const message = queueMessageOf(record, endpointCheckMessageSchema, 'an endpoint check');
    await checkEndpoint(message, resolved, new Date());
  };

  const worker = middy(async (event: SQSEvent, _context: Context): Promise<SQSBatchResponse> => {
    const failures = await handleEachMessage(
      event.Records,
      { concurrency: CHECK_CONCURRENCY, failedMessage: 'Endpoint check failed' },
      recordHandler,
    );
    if (failures.length > 0) logger.info('Endpoint checks to retry', { messages: failures.length });
    return { batchItemFailures: failures };
  }).use(injectLambdaContext(logger, { resetKeys: true }));
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => worker(event, context);
}

export const handler = createEndpointCheckWorker();
