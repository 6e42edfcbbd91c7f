/** The certificate transparency watch queue: the dispatcher puts one message per domain due. */
import type { CtWatchMessage } from '@expiry-radar/shared/api/watched-domain-api-schemas';
import { getConfig } from '../platform/config';
import { sendInBatches } from './sqs-batch-sender';

/**
 * Port: puts watch messages on the queue; answers those it could not put there (the dispatcher
 * gives their domains back, so the next dispatch takes them again).
 */
export type CtWatchEnqueuer = (messages: readonly CtWatchMessage[]) => Promise<CtWatchMessage[]>;

export const enqueueCtWatches: CtWatchEnqueuer = (messages) =>
  sendInBatches(getConfig().ctWatchQueueUrl, messages, 'certificate transparency reads');
