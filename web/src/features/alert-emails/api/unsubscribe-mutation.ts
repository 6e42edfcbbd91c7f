import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-call';

/**
 * Stops (or, `resume`, resumes) the alert emails a signed link of an alert email names (route
 * table: unsubscribeAlertEmails). Answers the address, the workspaces and the new state. Silent:
 * the page shows a refusal inline, so it is not also a toast.
 */
export function useAlertEmailSubscriptionMutation(token: string) {
  return useMutation({
    mutationFn: (resume: boolean) =>
      call(
        'unsubscribeAlertEmails',
        {
          query: { token, resume: resume ? 'true' : undefined },
        },
        { silent: true },
      ),
  });
}
