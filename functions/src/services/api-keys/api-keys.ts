/**
 * A user's API keys: create (within their plan's limit, which expired keys do not take up, with a
 * token in the inventory that alerts before the key expires), list, revoke one, revoke all (a
 * password reset).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiKey, CreateApiKeyInput } from '@expiry-radar/shared/api/api-key-api-schemas';
import {
  API_KEY_PREFIX,
  API_KEY_SECRET_BYTES,
  apiKeyExpiresAt,
  apiKeyTokenName,
  pausedApiKeyIds,
} from '@expiry-radar/shared/domain/api-keys';
import { createTokenSchema } from '@expiry-radar/shared/domain/create-token-schema';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import {
  formatLimit,
  PLAN_LABELS,
  PLAN_LIMITS,
  type Plan,
} from '@expiry-radar/shared/domain/plans';
import {
  deleteApiKey,
  findApiKeyOfUser,
  insertApiKey,
  listApiKeysOfUser,
  type ApiKeyRecord,
} from '../../data/api-key-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { hashSecret } from '../../data/secret-hash';
import { createToken } from '../../data/token-mutations';
import type { UserRecord } from '../../data/user-records';
import { findWorkspaces } from '../../data/workspace-store';
import { newTokenId } from '../../domain/token-ids';
import { AppError } from '../../platform/app-error';
import { recordAccountEvent } from '../accounts/account-audit';
import { createdTokenMetadata, recordTokenEvent } from '../tokens/token-audit';
import { withTokenWriteErrors } from '../tokens/token-write-errors';
import { listUserWorkspaces } from '../workspaces/user-workspaces';
import { loadWorkspaceAccess, type WorkspaceAccess } from '../workspaces/workspace-access';

type KeyOwner = Pick<UserRecord, 'id' | 'email' | 'plan' | 'twoFactorEnabled'>;

export function apiKeyView(record: ApiKeyRecord, now: Date, paused = false): ApiKey {
  return {
    id: record.id,
    name: record.name,
    workspace_id: record.workspaceId,
    workspace_name: record.workspaceName,
    access: record.access,
    created_at: record.createdAt,
    expires_at: record.expiresOn,
    expired: apiKeyExpiresAt(record.expiresOn).getTime() <= now.getTime(),
    last_used_at: record.lastUsedAt,
    paused,
    token: { id: record.tokenId, workspace_id: record.tokenWorkspaceId },
  };
}

export function apiKeyLimitMessage(plan: Plan): string {
  const limit = formatLimit(PLAN_LIMITS[plan].apiKeysPerUser);
  return `The ${PLAN_LABELS[plan]} plan allows ${limit} API keys per user. Revoke one or upgrade your plan to add more.`;
}

function canAddTokens(access: WorkspaceAccess): boolean {
  return isEditorRole(access.role) && !access.isFrozen;
}

/**
 * Where the key's inventory token goes: the key's workspace when the user may add tokens there;
 * otherwise (a key for all workspaces, or a workspace where the user only views) the first
 * workspace by name that the user administers, then any they manage, that is not frozen.
 */
async function tokenWorkspaceFor(
  user: KeyOwner,
  scoped: WorkspaceAccess | null,
): Promise<WorkspaceAccess> {
  if (scoped && canAddTokens(scoped)) return scoped;
  const workspaces = await listUserWorkspaces(user);
  const candidates = [
    ...workspaces.filter((workspace) => workspace.role === 'admin'),
    ...workspaces.filter((workspace) => workspace.role === 'workspace_manager'),
  ].filter((workspace) => !workspace.is_frozen);
  for (const candidate of candidates) {
    const access = await loadWorkspaceAccess(candidate.id, user);
    if (canAddTokens(access)) return access;
  }
  throw new AppError(
    'FORBIDDEN',
    'An API key needs a workspace where you can add tokens: its expiry is tracked there as a token. Create a workspace first.',
  );
}

/** A new secret: the prefix and 32 random bytes, base64url. */
function newSecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(API_KEY_SECRET_BYTES).toString('base64url')}`;
}

export async function createApiKey(
  user: KeyOwner,
  input: CreateApiKeyInput,
  now: Date,
): Promise<{ key: ApiKey; secret: string }> {
  const scoped = input.workspace_id ? await loadWorkspaceAccess(input.workspace_id, user) : null;
  const tokenWorkspace = await tokenWorkspaceFor(user, scoped);
  const fields = createTokenSchema(() => now).safeParse({
    name: apiKeyTokenName(input.name),
    category: 'key_secret',
    type: 'api_key',
    expiresAt: input.expires_at,
    used_by: 'Expiry Radar API',
    description: `API key of ${user.email}, ${
      scoped === null ? 'all workspaces' : `workspace ${scoped.name}`
    }, ${input.access === 'read' ? 'read-only' : 'read and write'}.`,
  });
  if (!fields.success) throw AppError.fromZodError(fields.error);
  const secret = newSecret();
  const record: ApiKeyRecord = {
    id: randomUUID(),
    userId: user.id,
    name: input.name,
    workspaceId: scoped?.workspaceId ?? null,
    workspaceName: scoped?.name ?? null,
    access: input.access,
    createdAt: now.toISOString(),
    expiresOn: input.expires_at,
    lastUsedAt: null,
    secretHash: hashSecret(secret),
    tokenId: newTokenId(tokenWorkspace.workspaceId),
    tokenWorkspaceId: tokenWorkspace.workspaceId,
  };
  const limit = PLAN_LIMITS[user.plan].apiKeysPerUser;
  const inserted =
    (await insertApiKey(record, limit)) ||
    ((await revokeExpiredApiKeys(user, now)) > 0 && (await insertApiKey(record, limit)));
  if (!inserted) throw new AppError('FORBIDDEN', apiKeyLimitMessage(user.plan));
  let token;
  try {
    token = await withTokenWriteErrors(tokenWorkspace.plan, () =>
      createToken({
        workspaceId: tokenWorkspace.workspaceId,
        fields: fields.data,
        tokenLimit: PLAN_LIMITS[tokenWorkspace.plan].tokensPerWorkspace,
        now,
        tokenId: record.tokenId,
      }),
    );
  } catch (error) {
    // No key without its token: the user would not be alerted before it expires.
    await deleteApiKey(record);
    throw error;
  }
  await recordTokenEvent({
    access: tokenWorkspace,
    user,
    action: AUDIT_ACTIONS.tokenCreated,
    target: token,
    metadata: createdTokenMetadata(token),
    now,
  });
  await recordAccountEvent(user, AUDIT_ACTIONS.apiKeyCreated, now, {
    api_key: { id: record.id, name: record.name },
    workspaceId: record.workspaceId,
    access: record.access,
    expiresOn: record.expiresOn,
  });
  return { key: apiKeyView(record, now), secret };
}

/**
 * The user's keys, oldest first, each naming its workspace as it is called now (the name stored
 * at creation only for a workspace that is gone) and saying whether the plan's limit pauses it.
 */
export async function listApiKeys(
  user: Pick<UserRecord, 'id' | 'plan'>,
  now: Date,
): Promise<ApiKey[]> {
  const records = await listApiKeysOfUser(user.id);
  const paused = pausedApiKeyIds(records, PLAN_LIMITS[user.plan].apiKeysPerUser, now);
  const scopedIds = [...new Set(records.flatMap((record) => record.workspaceId ?? []))];
  const currentNames = new Map(
    (await findWorkspaces(scopedIds)).map((workspace) => [workspace.id, workspace.name]),
  );
  return records
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((record) => {
      const view = apiKeyView(record, now, paused.has(record.id));
      const currentName = record.workspaceId && currentNames.get(record.workspaceId);
      return currentName ? { ...view, workspace_name: currentName } : view;
    });
}

/** Revokes one of the user's keys at once; 404 when they have none by that id. */
export async function revokeApiKey(user: KeyOwner, keyId: string, now: Date): Promise<void> {
  const record = await findApiKeyOfUser(user.id, keyId);
  if (!record || !(await deleteApiKey(record))) {
    throw new AppError('NOT_FOUND', 'API key not found.');
  }
  await recordAccountEvent(user, AUDIT_ACTIONS.apiKeyRevoked, now, {
    api_key: { id: record.id, name: record.name },
  });
}

/**
 * Revokes the user's expired keys (they no longer open anything), audited: run when the user is at
 * their plan's limit, so an expired key never stands in the way of a new one. Answers how many.
 */
async function revokeExpiredApiKeys(user: KeyOwner, now: Date): Promise<number> {
  const expired = (await listApiKeysOfUser(user.id)).filter(
    (record) => apiKeyExpiresAt(record.expiresOn).getTime() <= now.getTime(),
  );
  let revoked = 0;
  for (const record of expired) {
    if (await deleteApiKey(record)) {
      revoked += 1;
      await recordAccountEvent(user, AUDIT_ACTIONS.apiKeyRevoked, now, {
        api_key: { id: record.id, name: record.name },
        reason: 'expired',
      });
    }
  }
  return revoked;
}

/**
 * Revokes every key of the user (a password reset, or a password change that signs out
 * everywhere: whoever held the account loses its keys); `reason` goes in each revocation's audit
 * event.
 */
export async function revokeAllApiKeys(
  user: KeyOwner,
  now: Date,
  reason = 'password_reset',
): Promise<number> {
  const records = await listApiKeysOfUser(user.id);
  for (const record of records) {
    if (await deleteApiKey(record)) {
      await recordAccountEvent(user, AUDIT_ACTIONS.apiKeyRevoked, now, {
        api_key: { id: record.id, name: record.name },
        reason,
      });
    }
  }
  return records.length;
}
