import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { AUDIT_DEFAULT_LIMIT } from '@expiry-radar/shared/constants/paging';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { call } from '../../../lib/api-call';
import { auditKeys } from './audit-keys';

const firstPage = { limit: AUDIT_DEFAULT_LIMIT, offset: 0 };

type Page = { limit: number; offset: number };

function fetchAuditEvents(scope: 'own' | 'organization', page: Page, signal?: AbortSignal) {
  return call(
    'listAuditEvents',
    { query: { ...page, scope: scope === 'organization' ? 'organization' : undefined } },
    { signal },
  );
}

function fetchWorkspaceAuditEvents(workspaceId: string, page: Page, signal?: AbortSignal) {
  return call('listWorkspaceAuditEvents', { params: { id: workspaceId }, query: page }, { signal });
}

/** The user's own events, or with `organization` scope all they manage (listAuditEvents), cached 8 s. */
export function auditEventsQueryOptions(scope: 'own' | 'organization', page = firstPage) {
  return queryOptions({
    queryKey: scope === 'organization' ? auditKeys.organization(page) : auditKeys.own(page),
    queryFn: ({ signal }) => fetchAuditEvents(scope, page, signal),
    staleTime: CLIENT_CACHE_MS.auditEvents,
  });
}

/** A workspace's events (listWorkspaceAuditEvents), cached 8 s. */
export function workspaceAuditEventsQueryOptions(workspaceId: string, page = firstPage) {
  return queryOptions({
    queryKey: auditKeys.workspace(workspaceId, page),
    queryFn: ({ signal }) => fetchWorkspaceAuditEvents(workspaceId, page, signal),
    staleTime: CLIENT_CACHE_MS.auditEvents,
  });
}

export type AuditSource =
  | { readonly kind: 'workspace'; readonly workspaceId: string }
  | { readonly kind: 'own' }
  | { readonly kind: 'organization' };

/** Either list above behind one type, for a page that switches between them (same keys). */
export function auditSourceQueryOptions(source: AuditSource, page = firstPage) {
  const queryKey: QueryKey =
    source.kind === 'workspace'
      ? auditKeys.workspace(source.workspaceId, page)
      : source.kind === 'organization'
        ? auditKeys.organization(page)
        : auditKeys.own(page);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      source.kind === 'workspace'
        ? fetchWorkspaceAuditEvents(source.workspaceId, page, signal)
        : fetchAuditEvents(source.kind, page, signal),
    staleTime: CLIENT_CACHE_MS.auditEvents,
  });
}
