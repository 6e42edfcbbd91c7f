/** The endpoint check queue: the dispatcher puts one message per TLS endpoint due for a check. */
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { getConfig } from '../platform/config';
import { sendInBatches } from './sqs-batch-sender';

/**
 * Port: puts endpoint check messages on the queue; answers those it could not put there (the
 * dispatcher gives their schedules back, so the next dispatch takes them again).
 */
export type EndpointCheckEnqueuer = (
  messages: readonly EndpointCheckMessage[],
) => Promise<EndpointCheckMessage[]>;

export const enqueueEndpointChecks: EndpointCheckEnqueuer = (messages) =>
  sendInBatches(getConfig().endpointCheckQueueUrl, messages, 'endpoint checks');
