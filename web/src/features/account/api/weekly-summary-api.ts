import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeeklySummaryUpdate } from '@expiry-radar/shared/api/weekly-summary-api-schemas';
import { call } from '../../../lib/api-call';

/** Query keys of the account's weekly summary. */
export const weeklySummaryKeys = {
  all: ['account', 'weekly-summary'] as const,
};

/** Whether the weekly summary is on, its time zone, when it goes out next. Silent: the section says. */
export function weeklySummaryQueryOptions() {
  return queryOptions({
    queryKey: weeklySummaryKeys.all,
    queryFn: ({ signal }) => call('getWeeklySummary', {}, { signal, silent: true }),
  });
}

/** Turns it on (with a time zone) or off; the answer replaces what was loaded. */
export function useSaveWeeklySummaryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WeeklySummaryUpdate) => call('updateWeeklySummary', { body }),
    onSuccess: (answer) => queryClient.setQueryData(weeklySummaryKeys.all, answer),
  });
}
