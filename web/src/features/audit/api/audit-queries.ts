import { queryOptions } from '@tanstack/react-query';
import { listAuditEventsResponse } from '@expiry-radar/shared/api/audit-api-schemas';
import { AUDIT_DEFAULT_LIMIT } from '@expiry-radar/shared/constants/paging';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { apiRequest } from '../../../lib/api-client';
import { auditKeys } from './audit-keys';

const firstPage = { limit: AUDIT_DEFAULT_LIMIT, offset: 0 };

/** GET /api/audit-events (the user's own, or `organization` scope), cached 8 s (spec §7). */
export function auditEventsQueryOptions(scope: 'own' | 'organization', page = firstPage) {
  return queryOptions({
    queryKey: scope === 'organization' ? auditKeys.organization(page) : auditKeys.own(page),
    queryFn: ({ signal }) =>
      apiRequest('/api/audit-events', {
        query: { ...page, scope: scope === 'organization' ? 'organization' : undefined },
        schema: listAuditEventsResponse,
        signal,
      }),
    staleTime: CLIENT_CACHE_MS.auditEvents,
  });
}

/** GET /api/v1/workspaces/{id}/audit-events, cached 8 s (spec §7). */
export function workspaceAuditEventsQueryOptions(workspaceId: string, page = firstPage) {
  return queryOptions({
    queryKey: auditKeys.workspace(workspaceId, page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/audit-events`, {
        query: page,
        schema: listAuditEventsResponse,
        signal,
      }),
    staleTime: CLIENT_CACHE_MS.auditEvents,
  });
}
