/**
 * The certificate transparency watch worker (SQS event source of the watch queue): each message is
 * one watched domain, read from its stored position at Cert Spotter
 * (services/certificate-transparency/ct-watch.ts), the reads of a batch at once. Work per domain is
 * bounded (at most 20 pages a read, 10 s a request) and resumes from the stored position. A read
 * that fails (a 429, a 5xx, a timeout, malformed JSON) is a result, shown on the domain and read
 * again sooner; a read that throws (a table error) is reported as a batch item failure and retried
 * by the queue, then dead-lettered. A domain removed since its dispatch is not read.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { ctWatchMessageSchema } from '@expiry-radar/shared/api/watched-domain-api-schemas';
import { enqueueAlerts } from '../adapters/alert-queue';
import { defaultCertSpotterClient } from '../adapters/cert-spotter-client';
import { enqueueEndpointChecks } from '../adapters/endpoint-check-queue';
import { sesMailer } from '../adapters/ses-mailer';
import { findWatchedDomain } from '../data/ct-watch-records';
import { logger } from '../platform/logger';
import { watchDomain, type CtWatchPorts } from '../services/certificate-transparency/ct-watch';
import { handleEachMessage, queueMessageOf } from './queue-batch';

export function createCtWatchWorker(ports: Partial<CtWatchPorts> = {}) {
  const worker = middy(async (event: SQSEvent, _context: Context): Promise<SQSBatchResponse> => {
    const resolved: CtWatchPorts = {
      issuances: ports.issuances ?? defaultCertSpotterClient(),
      mailer: ports.mailer ?? sesMailer,
      enqueueAlerts: ports.enqueueAlerts ?? enqueueAlerts,
      enqueueEndpointChecks: ports.enqueueEndpointChecks ?? enqueueEndpointChecks,
    };
    const readOne = async (record: SQSRecord): Promise<void> => {
      const { workspaceId, domain } = queueMessageOf(
        record,
        ctWatchMessageSchema,
        'a certificate transparency watch',
      );
      const watched = await findWatchedDomain(workspaceId, domain);
      if (watched) await watchDomain(watched, resolved, new Date());
    };
    // The reads of a batch at once.
    const failures = await handleEachMessage(
      event.Records,
      { concurrency: event.Records.length, failedMessage: 'Certificate transparency read failed' },
      readOne,
    );
    return { batchItemFailures: failures };
  }).use(injectLambdaContext(logger, { resetKeys: true }));
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => worker(event, context);
}

export const handler = createCtWatchWorker();
