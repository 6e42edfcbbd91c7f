/**
 * The registration check worker (SQS event source of the registration check queue): each message
 * is one domain registration token, looked up at its registry with a 10 s deadline
 * (services/domain-registrations/registration-checks.ts), at most CHECK_CONCURRENCY at once
 * within a batch. A failed lookup is a result (stored on the token, retried by the schedule), not
 * an error; a check that throws (a table error) is reported as a batch item failure and retried by
 * the queue, then dead-lettered.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { registrationCheckMessageSchema } from '@expiry-radar/shared/api/domain-registration-api-schemas';
import { defaultRdapClient, SNAPSHOT_BOOTSTRAP } from '../adapters/rdap-client';
import { readStoredRdapBootstrap } from '../data/registration-records';
import { errorMessage } from '../platform/error-message';
import { logger } from '../platform/logger';
import {
  checkRegistration,
  type RegistrationCheckPorts,
} from '../services/domain-registrations/registration-checks';
import { handleEachMessage, queueMessageOf } from './queue-batch';

/** Lookups of one batch running at once (each mostly waits on the network). */
export const CHECK_CONCURRENCY = 5;

/** The bootstrap file the weekly job stored, read once per batch; the snapshot until then. */
async function currentBootstrap() {
  try {
    return (await readStoredRdapBootstrap()) ?? SNAPSHOT_BOOTSTRAP;
  } catch (error) {
    logger.warn('Stored RDAP bootstrap not read; the snapshot is used', {
      error: errorMessage(error),
    });
    return SNAPSHOT_BOOTSTRAP;
  }
}

export function createRegistrationCheckWorker(ports: Partial<RegistrationCheckPorts> = {}) {
  const worker = middy(async (event: SQSEvent, _context: Context): Promise<SQSBatchResponse> => {
    const bootstrap = ports.lookup ? null : currentBootstrap();
    const resolved: RegistrationCheckPorts = {
      lookup: ports.lookup ?? defaultRdapClient(() => bootstrap!),
    };
    const recordHandler = async (record: SQSRecord): Promise<void> => {
      const message = queueMessageOf(
        record,
        registrationCheckMessageSchema,
        'a registration check',
      );
      await checkRegistration(message, resolved, new Date());
    };
    const failures = await handleEachMessage(
      event.Records,
      { concurrency: CHECK_CONCURRENCY, failedMessage: 'Registration check failed' },
      recordHandler,
    );
    return { batchItemFailures: failures };
  }).use(injectLambdaContext(logger, { resetKeys: true }));
  return (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => worker(event, context);
}

export const handler = createRegistrationCheckWorker();
