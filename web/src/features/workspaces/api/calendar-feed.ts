import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedLink } from '@expiry-radar/shared/api/calendar-feed-api-schemas';
import { call } from '../../../lib/api-call';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { showSuccessToast } from '../../../lib/toasts';
import { workspaceKeys } from './workspace-keys';

export const CALENDAR_MESSAGES = {
  copied: 'Calendar link copied. Add it to your calendar app as a subscription.',
  rotated: 'Calendar link replaced. Calendars subscribed with the old link stop updating.',
} as const;

const calendarFeedKey = (workspaceId: string) =>
  [...workspaceKeys.detail(workspaceId), 'calendar-feed'] as const;

/** The feed's full URL, as a calendar app fetches it: the API's origin and the feed's path. */
export function calendarFeedUrl(link: CalendarFeedLink): string {
  return new URL(`${getRuntimeConfig().apiBaseUrl}${link.path}`, window.location.origin).toString();
}

export function useCalendarFeedLink(workspaceId: string) {
  return useQuery({
    queryKey: calendarFeedKey(workspaceId),
    queryFn: () => call('getCalendarFeedLink', { params: { id: workspaceId } }),
  });
}

/** Replaces the feed's key; the new link is the query's answer at once. */
export function useRotateCalendarFeedMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('rotateCalendarFeed', { params: { id: workspaceId } }),
    onSuccess: (link) => {
      queryClient.setQueryData(calendarFeedKey(workspaceId), link);
      showSuccessToast(CALENDAR_MESSAGES.rotated);
    },
  });
}
