/**
 * Linking a token typed in by hand to what an integration found at its source. A sync never
 * creates a duplicate of a hand-entered token with the same name and type: it offers it as a link
 * candidate instead. Linking sets the token's `source` (the integration's kind and id, the id at
 * the source), so the next sync matches it and updates it like any token it found. Admins and
 * workspace managers only, not while the workspace is frozen. A token already linked, or an id at
 * the source another token of the workspace already carries, is refused: one token per source id.
 */
import { INTEGRATION_MESSAGES } from '@expiry-radar/shared/api/integration-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { readArmingContext } from '../../data/alert-arming';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { writeImportBatch } from '../../data/token-mutations';
import { listAllTokens } from '../../data/token-records';
import type { UserRecord } from '../../data/user-records';
import { nextRevision } from '../../domain/search-entries';
import { AppError, badRequest } from '../../platform/app-error';
import {
  requireEditor,
  requireNotFrozen,
  type WorkspaceAccess,
} from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import { withTokenWriteErrors } from '../tokens/token-write-errors';
import { requireIntegration } from './integration-management';

export const LINK_TOKEN_NOT_FOUND = 'Token not found.';

export async function linkIntegrationToken(options: {
  access: WorkspaceAccess;
  actor: Pick<UserRecord, 'id' | 'email'>;
  integrationId: string;
  tokenId: string;
  externalId: string;
  now: Date;
}): Promise<Token> {
  const { access, externalId, now } = options;
  requireEditor(access);
  requireNotFrozen(access);
  const integration = await requireIntegration(access, options.integrationId);
  const records = await listAllTokens(access.workspaceId);
  const record = records.find((candidate) => candidate.token.id === options.tokenId);
  if (!record) throw new AppError('NOT_FOUND', LINK_TOKEN_NOT_FOUND);
  if (record.token.source) throw badRequest(INTEGRATION_MESSAGES.tokenAlreadyLinked);
  const taken = records.some(
    ({ token }) =>
      token.source?.integration_id === integration.integrationId &&
      token.source.external_id === externalId,
  );
  if (taken) throw badRequest(INTEGRATION_MESSAGES.externalIdAlreadyLinked);

  const current = record.token;
  const next: Token = {
    ...current,
    source: {
      kind: integration.kind,
      integration_id: integration.integrationId,
      external_id: externalId,
      removed_at: null,
    },
    updated_at: nextRevision(current.updated_at, now),
  };
  const arming = await readArmingContext(access.workspaceId);
  // The import's batch write: the token replaced only if unchanged since read, its alert
  // history kept (its expiry does not change here), refused while the workspace is frozen.
  await withTokenWriteErrors(access.plan, () =>
    writeImportBatch({
      workspaceId: access.workspaceId,
      creates: [],
      updates: [{ current, lastAlert: record.schedule.lastAlert, next }],
      tokenLimit: PLAN_LIMITS[access.plan].tokensPerWorkspace,
      arming,
      now,
    }),
  );
  await recordWorkspaceEvent({
    workspace: access,
    actor: options.actor,
    action: AUDIT_ACTIONS.integrationTokenLinked,
    target: { type: 'token', id: current.id, name: current.name },
    metadata: {
      kind: integration.kind,
      integration_id: integration.integrationId,
      integration_name: integration.name,
      external_id: externalId,
    },
    now,
  });
  return next;
}
