import { formatWait, retryAfterSecondsOf } from '@expiry-radar/shared/errors/retry-after';
import { ApiError } from '../../lib/api-client';
import { apiFieldErrors } from '../../lib/api-error-details';

/**
 * What a dialog shows beside the API client's toast when the server refused: the server's own
 * message (such as 409 PLAN_LIMIT's "Your Pro plan allows 3 workspaces…"; a 429 also says when
 * to try again), the field's message when it names one, nothing for failures without a message
 * of their own.
 */
export function requestFailure(
  error: unknown,
  field?: string,
): { field?: string; message?: string } {
  const fieldMessage = field ? apiFieldErrors(error)[field] : undefined;
  if (fieldMessage) return { field: fieldMessage };
  if (error instanceof ApiError && error.serverMessage && error.status !== 401) {
    const wait = error.status === 429 ? retryAfterSecondsOf(error.details) : undefined;
    return {
      message: wait
        ? `${error.serverMessage} You can try again in ${formatWait(wait)}.`
        : error.serverMessage,
    };
  }
  return {};
}
