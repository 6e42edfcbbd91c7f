import { formRefusal } from '../../lib/api-client';
import { apiFieldErrors } from '../../lib/api-error-details';

/**
 * What a dialog shows when the server refused (its call is silent, so this is the one place the
 * refusal shows): the field's message when the server names that field, else the refusal's
 * message (such as 409 PLAN_LIMIT's "Your Pro plan allows 3 workspaces…"; a 429 also says when
 * to try again), or none when the session expired (the client's toast says so).
 */
export function requestFailure(
  error: unknown,
  field?: string,
): { field: string; message?: undefined } | { field?: undefined; message: string | null } {
  const fieldMessage = field ? apiFieldErrors(error)[field] : undefined;
  if (fieldMessage) return { field: fieldMessage };
  return { message: formRefusal(error) };
}
