/**
 * Whose audit events the page shows (the server's audit sources, functions/src/http/audit): the
 * selected workspace (its admin and workspace managers), the user's own activity (always), or
 * every workspace the user owns (`scope=organization`; the owner is a workspace's only admin).
 */
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { ExportFormat } from '@expiry-radar/shared/constants/paging';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { ExportAuditQuery } from './api/audit-export';
import { auditSourceQueryOptions } from './api/audit-queries';

export type AuditScope = 'workspace' | 'own' | 'organization';

export interface AuditScopeContext {
  /** The app's selected workspace. */
  readonly selected: Workspace | null;
  /** Every workspace of the user, frozen ones included. */
  readonly allWorkspaces: readonly Workspace[];
}

/** The scopes the user may read, in the order the page offers them. */
export function availableScopes({ selected, allWorkspaces }: AuditScopeContext): AuditScope[] {
  const scopes: AuditScope[] = [];
  if (selected && isEditorRole(selected.role)) scopes.push('workspace');
  scopes.push('own');
  if (allWorkspaces.some((workspace) => workspace.role === 'admin')) scopes.push('organization');
  return scopes;
}

/** The chosen scope while it is available, else the first one that is. */
export function effectiveScope(chosen: AuditScope | null, available: readonly AuditScope[]) {
  return chosen && available.includes(chosen) ? chosen : (available[0] ?? 'own');
}

export const SCOPE_LABELS: Readonly<Record<AuditScope, string>> = {
  workspace: 'This workspace',
  own: 'My activity',
  organization: 'Organization',
};

/** One line under the scope picker on what the scope holds. */
export function scopeDescription(scope: AuditScope, workspace: Workspace | null): string {
  switch (scope) {
    case 'workspace':
      return `Everything that happened in ${workspace?.name ?? 'the selected workspace'}, by anyone.`;
    case 'own':
      return 'What you did yourself, in every workspace and on your account.';
    case 'organization':
      return 'Everything that happened in the workspaces you own, by anyone.';
  }
}

export interface AuditPage {
  readonly limit: number;
  readonly offset: number;
}

/** The list query of a scope and page. */
export function scopeQueryOptions(scope: AuditScope, workspaceId: string | null, page: AuditPage) {
  return auditSourceQueryOptions(
    scope === 'workspace' && workspaceId
      ? { kind: 'workspace', workspaceId }
      : { kind: scope === 'organization' ? 'organization' : 'own' },
    page,
  );
}

/**
 * The start of a date field's day (`YYYY-MM-DD`) in the browser's zone, as the ISO instant the
 * server filters on; any other text is passed on for the server to judge.
 */
export function startOfLocalDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(start.getTime()) ? date : start.toISOString();
}

/** The query of the audit export (exportAudit) for a scope (workspace_id wins over scope). */
export function exportQuery(options: {
  scope: AuditScope;
  workspaceId: string | null;
  format: ExportFormat;
  since: string;
}): ExportAuditQuery {
  const { scope, workspaceId, format, since } = options;
  return {
    format,
    scope: scope === 'organization' ? 'organization' : undefined,
    workspace_id: scope === 'workspace' && workspaceId ? workspaceId : undefined,
    since: since.trim() ? startOfLocalDay(since.trim()) : undefined,
  };
}
