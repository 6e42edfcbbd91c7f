import { queryOptions } from '@tanstack/react-query';
import { call } from './api-call';

/**
 * `GET .../alert-settings` (route table: getAlertSettings), one query for every reader: the
 * preferences page, the dashboard's alerts-disabled notice and the token forms' contact groups
 * (these select their part), so a page that shows several of them fetches the settings once.
 */

export const alertSettingsQueryKey = (workspaceId: string) =>
  ['preferences', 'alert-settings', workspaceId] as const;

/**
 * A workspace's alert settings. Quiet on failure: the preferences page shows its own error state,
 * the dashboard's notice simply stays away and the forms offer no contact groups.
 */
export function alertSettingsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: alertSettingsQueryKey(workspaceId),
    queryFn: ({ signal }) =>
      call('getAlertSettings', { params: { id: workspaceId } }, { silent: true, signal }),
    staleTime: 30_000,
  });
}
