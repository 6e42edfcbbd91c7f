/** The registration check queue: the dispatcher puts one message per followed domain due. */
import type { RegistrationCheckMessage } from '@expiry-radar/shared/api/domain-registration-api-schemas';
import { getConfig } from '../platform/config';
import { sendInBatches } from './sqs-batch-sender';

/**
 * Port: puts registration check messages on the queue; answers those it could not put there (the
 * dispatcher gives their schedules back, so the next dispatch takes them again).
 */
export type RegistrationCheckEnqueuer = (
  messages: readonly RegistrationCheckMessage[],
) => Promise<RegistrationCheckMessage[]>;

export const enqueueRegistrationChecks: RegistrationCheckEnqueuer = (messages) =>
  sendInBatches(getConfig().registrationCheckQueueUrl, messages, 'registration checks');
