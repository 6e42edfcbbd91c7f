/**
 * The organization's SCIM bearer token: `scim_<organizationId>.<secret>`, shown once when made,
 * stored as its SHA-256 (one per organization: making a new one ends the one before). Naming
 * the organization lets a wrong token be audited in that organization's trail. A request is
 * let through only while the owner's plan has enterprise sign-in.
 */
import { timingSafeEqual } from 'node:crypto';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  deleteScimToken,
  findScimToken,
  putScimToken,
  type ScimTokenRecord,
} from '../../data/scim-records';
import { consumeRateLimit } from '../../data/rate-limiter';
import { generateSecret, hashSecret } from '../../data/secret-hash';
import { findUserById, type UserRecord } from '../../data/user-records';
import { ScimError } from '../../domain/scim-protocol';
import {
  organizationAndClientSubject,
  SCIM_RATE_LIMITS,
  scimWrongTokenLimitMessage,
} from '../../domain/scim-rate-limits';
import { recordAccountEvent } from '../accounts/account-audit';
import { enforceRateLimits } from '../accounts/account-rate-limits';
import { organizationAllowed } from '../organizations/organization-owner';
import { recordScimEvent } from './scim-audit';

const TOKEN_PREFIX = 'scim_';

export const SCIM_UNAUTHORIZED_MESSAGE =
  'The bearer token is not valid for SCIM provisioning. Make a new one on the Single sign-on page.';
export const SCIM_PLAN_MESSAGE =
  'SCIM provisioning comes with the Team and Enterprise plans; this organization is on another plan.';

/** Who a SCIM request acts for: the organization and its owner. */
export interface ScimCaller {
  readonly organizationId: string;
  readonly owner: UserRecord;
}

export function scimTokenView(record: ScimTokenRecord | undefined) {
  return record ? { created_at: record.createdAt } : null;
}

/** Makes the organization's token (replacing any before it); answers it once. */
export async function createScimToken(owner: UserRecord, now: Date) {
  const token = `${TOKEN_PREFIX}${owner.id}.${generateSecret()}`;
  const replaced = await findScimToken(owner.id);
  const record: ScimTokenRecord = {
    organizationId: owner.id,
    tokenHash: hashSecret(token),
    createdAt: now.toISOString(),
    createdBy: owner.id,
  };
  await putScimToken(record);
  await recordAccountEvent(owner, AUDIT_ACTIONS.scimTokenCreated, now, {
    replacedTokenCreatedAt: replaced?.createdAt ?? null,
  });
  return { token, created_at: record.createdAt };
}

export async function revokeScimToken(owner: UserRecord, now: Date): Promise<void> {
  const current = await findScimToken(owner.id);
  if (!current) return;
  await deleteScimToken(owner.id);
  await recordAccountEvent(owner, AUDIT_ACTIONS.scimTokenRevoked, now, {
    tokenCreatedAt: current.createdAt,
  });
}

function organizationNamedBy(token: string): string | undefined {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  const separator = token.indexOf('.', TOKEN_PREFIX.length);
  return separator > TOKEN_PREFIX.length ? token.slice(TOKEN_PREFIX.length, separator) : undefined;
}

function sameHash(presented: string, stored: string): boolean {
  const a = Buffer.from(hashSecret(presented));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The caller a request's `Authorization: Bearer …` names; 401 in SCIM's shape otherwise (audited
 * in the named organization's trail when the token names one that uses SCIM; 429 when wrong
 * tokens exceed their limits), 403 when the owner's plan no longer has SCIM.
 */
export async function authenticateScimRequest(
  authorization: string | undefined,
  now: Date,
  ip: string,
): Promise<ScimCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  const organizationId = token ? organizationNamedBy(token) : undefined;
  // No token, or one that names no organization, cost no read: refused without counting.
  if (!token || !organizationId) throw new ScimError(401, SCIM_UNAUTHORIZED_MESSAGE);
  const stored = await findScimToken(organizationId);
  const owner = stored ? await findUserById(stored.organizationId) : undefined;
  if (!stored || !owner || !sameHash(token, stored.tokenHash)) {
    return refuseWrongToken(owner, ip, now);
  }
  if (!organizationAllowed(owner)) throw new ScimError(403, SCIM_PLAN_MESSAGE);
  return { organizationId: owner.id, owner };
}

/**
 * A wrong token: counted for the client address and the organization it names (429 over either,
 * domain/scim-rate-limits.ts), audited once per organization and address an hour, then 401.
 */
async function refuseWrongToken(
  owner: UserRecord | undefined,
  ip: string,
  now: Date,
): Promise<never> {
  await enforceRateLimits(
    [
      [SCIM_RATE_LIMITS.wrongTokenPerIp, ip],
      ...(owner ? [[SCIM_RATE_LIMITS.wrongTokenPerOrganization, owner.id] as const] : []),
    ],
    now,
    scimWrongTokenLimitMessage,
  );
  const rule = SCIM_RATE_LIMITS.refusalAuditPerOrganizationAndIp;
  if (owner && (await consumeRateLimit(rule, organizationAndClientSubject(owner.id, ip), now))) {
    await recordScimEvent(
      owner,
      AUDIT_ACTIONS.scimRequestRefused,
      { type: 'user', id: owner.id, name: owner.email },
      now,
      { reason: 'wrong_token', ip },
    );
  }
  throw new ScimError(401, SCIM_UNAUTHORIZED_MESSAGE);
}
