/**
 * Whose audit events a request reads: one workspace (its admin or workspace managers), every
 * workspace the caller owns (`scope=organization`; those that require two-factor authentication
 * the caller lacks are left out), or else the events the caller acted in.
 */
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import {
  listActorAuditEvents,
  listAuditEventsOfWorkspaces,
  listWorkspaceAuditEvents,
  type AuditQuery,
} from '../../data/audit-queries';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { listOwnedWorkspaces } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import {
  isOpenTo,
  loadWorkspaceAccess,
  type WorkspaceCaller,
} from '../workspaces/workspace-access';
import { auditEventView } from './audit-event-view';

export type AuditSource =
  | { readonly kind: 'workspace'; readonly workspaceId: string }
  | { readonly kind: 'organization' }
  | { readonly kind: 'own' };

export function auditSourceOf(query: {
  scope?: 'organization';
  workspace_id?: string;
}): AuditSource {
  if (query.workspace_id !== undefined) {
    return { kind: 'workspace', workspaceId: query.workspace_id };
  }
  return query.scope === 'organization' ? { kind: 'organization' } : { kind: 'own' };
}

/** A viewer asking for a workspace's trail: a read, refused for who may read it, not for writing. */
export const AUDIT_TRAIL_REFUSAL =
  "Only the workspace's admin and workspace managers can read its audit trail.";

/** Checks access to a workspace's trail: 404 for non-members, 403 for viewers. */
export async function requireAuditAccess(workspaceId: string, caller: WorkspaceCaller) {
  const access = await loadWorkspaceAccess(workspaceId, caller);
  if (!isEditorRole(access.role)) throw new AppError('FORBIDDEN', AUDIT_TRAIL_REFUSAL);
  return access;
}

/** The newest `query.count` events of the source, newest first, as the API answers them. */
export async function readAuditEvents(
  source: AuditSource,
  caller: WorkspaceCaller,
  query: AuditQuery,
): Promise<AuditEvent[]> {
  return (await readAuditRecords(source, caller, query)).map(auditEventView);
}

async function readAuditRecords(source: AuditSource, caller: WorkspaceCaller, query: AuditQuery) {
  switch (source.kind) {
    case 'workspace': {
      const access = await requireAuditAccess(source.workspaceId, caller);
      return listWorkspaceAuditEvents(access.workspaceId, query);
    }
    case 'organization': {
      // Not the trails of workspaces that require two-factor authentication the caller lacks.
      const owned = (await listOwnedWorkspaces(caller.id)).filter((workspace) =>
        isOpenTo(workspace, caller),
      );
      return listAuditEventsOfWorkspaces(
        owned.map((workspace) => workspace.id),
        query,
      );
    }
    case 'own':
      return listActorAuditEvents(caller.id, query);
  }
}
