import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import type { Token, TokenFields } from '@expiry-radar/shared/domain/token';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createToken } from '../../data/token-mutations';
import type { UserRecord } from '../../data/user-records';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import { createdTokenMetadata, recordTokenEvent } from './token-audit';
import { withTokenWriteErrors } from './token-write-errors';

/**
 * A token a user creates in the workspace: within the plan's tokens per workspace (a refused
 * write as the API's error), then audited as created by the user.
 */
export async function createAuditedToken(options: {
  readonly access: WorkspaceAccess;
  readonly user: Pick<UserRecord, 'id' | 'email'>;
  readonly fields: TokenFields;
  readonly now: Date;
}): Promise<Token> {
  const { access, user, fields, now } = options;
  const token = await withTokenWriteErrors(access.plan, () =>
    createToken({
      workspaceId: access.workspaceId,
      fields,
      tokenLimit: PLAN_LIMITS[access.plan].tokensPerWorkspace,
      now,
    }),
  );
  await recordTokenEvent({
    access,
    user,
    action: AUDIT_ACTIONS.tokenCreated,
    target: token,
    metadata: createdTokenMetadata(token),
    now,
  });
  return token;
}
