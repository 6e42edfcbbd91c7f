/**
 * An organization's SSO connection: saved by its owner after the issuer's discovery answered
 * (so a typo is a 400 now, not a failed sign-in later), with the client secret sealed, and read
 * for the login page by the domain an address belongs to.
 */
import {
  emailDomainOf,
  type SsoConnectionSettings,
} from '@expiry-radar/shared/domain/organization-sign-in';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { checkWebhookUrl, webhookTargetPolicy } from '../../adapters/ssrf-guard';
import { discoverProvider, type SsoClient } from '../../adapters/sso-openid-client';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  findSsoConnection,
  findVerifiedDomainClaim,
  listOrganizationDomains,
  putSsoConnection,
  type SsoConnectionRecord,
} from '../../data/organization-sign-in-records';
import { findUserById, type UserRecord } from '../../data/user-records';
import { listOwnedWorkspaces } from '../../data/workspace-store';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { recordAccountEvent } from '../accounts/account-audit';
import { organizationAllowed } from './organization-owner';

type Owner = Pick<UserRecord, 'id' | 'email' | 'plan'>;

/** The sealed secret's context: the organization, and what it belongs to. */
function sealingContext(organizationId: string) {
  return { workspaceId: `ORG#${organizationId}`, integrationId: 'SSO_CONNECTION' };
}

export function connectionView(record: SsoConnectionRecord) {
  return {
    protocol: record.protocol,
    issuer: record.issuer,
    client_id: record.clientId,
    has_client_secret: true,
    default_workspace_id: record.defaultWorkspaceId,
    default_role: record.defaultRole,
    require_sso: record.requireSso,
    updated_at: record.updatedAt,
  };
}

export async function ssoClientOf(record: SsoConnectionRecord): Promise<SsoClient> {
  if (record.protocol !== 'oidc' || !record.clientId || !record.sealedClientSecret) {
    throw new Error('The SSO connection is not an OpenID Connect one');
  }
  const clientSecret = await getCredentialSealer().open(
    record.sealedClientSecret,
    sealingContext(record.organizationId),
  );
  return { issuer: record.issuer, clientId: record.clientId, clientSecret };
}

export async function saveConnection(owner: Owner, settings: SsoConnectionSettings, now: Date) {
  const current = await findSsoConnection(owner.id);
  const issuerCheck = checkWebhookUrl(settings.issuer, webhookTargetPolicy());
  if (!issuerCheck.ok) {
    throw new AppError(
      'VALIDATION_ERROR',
      'The issuer URL must not point to a private, local or reserved network address.',
    );
  }
  const owned = await listOwnedWorkspaces(owner.id);
  if (!owned.some((workspace) => workspace.id === settings.default_workspace_id)) {
    throw new AppError(
      'VALIDATION_ERROR',
      'The default workspace must be one of the workspaces you own.',
    );
  }
  if (settings.require_sso) {
    const domains = await listOrganizationDomains(owner.id);
    if (!domains.some((domain) => domain.verifiedAt)) {
      throw new AppError('VALIDATION_ERROR', 'Verify a domain before requiring SSO for it.');
    }
  }
  let sealedClientSecret: string;
  let clientSecret: string;
  if (settings.client_secret !== undefined) {
    clientSecret = settings.client_secret;
    sealedClientSecret = await getCredentialSealer().seal(clientSecret, sealingContext(owner.id));
  } else if (current?.sealedClientSecret) {
    clientSecret = (await ssoClientOf(current)).clientSecret;
    sealedClientSecret = current.sealedClientSecret;
  } else {
    throw new AppError('VALIDATION_ERROR', 'Enter the client secret.');
  }
  try {
    await discoverProvider({ issuer: settings.issuer, clientId: settings.client_id, clientSecret });
  } catch (error) {
    logger.info('SSO issuer discovery failed', { error: error as Error });
    throw new AppError(
      'VALIDATION_ERROR',
      `The issuer's OpenID configuration could not be read (${settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration). Check the issuer URL your provider shows.`,
    );
  }
  const record: SsoConnectionRecord = {
    organizationId: owner.id,
    protocol: 'oidc',
    issuer: settings.issuer,
    clientId: settings.client_id,
    sealedClientSecret,
    defaultWorkspaceId: settings.default_workspace_id,
    defaultRole: settings.default_role,
    requireSso: settings.require_sso,
    updatedAt: now.toISOString(),
  };
  await putSsoConnection(record);
  await recordAccountEvent(owner, AUDIT_ACTIONS.ssoConnectionSaved, now, {
    protocol: record.protocol,
    issuer: record.issuer,
    clientId: record.clientId,
    clientSecretChanged: settings.client_secret !== undefined,
    defaultWorkspaceId: record.defaultWorkspaceId,
    defaultRole: record.defaultRole,
    requireSso: record.requireSso,
    ...(current ? { previousIssuer: current.issuer, previousRequireSso: current.requireSso } : {}),
  });
  return connectionView(record);
}

export interface AddressConnection {
  readonly organizationId: string;
  readonly domain: string;
  readonly connection: SsoConnectionRecord;
}

/** The SSO connection an address's verified domain has, if any, while its plan allows it. */
export async function connectionForAddress(email: string): Promise<AddressConnection | undefined> {
  const domain = emailDomainOf(email);
  if (!domain) return undefined;
  const claim = await findVerifiedDomainClaim(domain);
  if (!claim) return undefined;
  const [connection, owner] = await Promise.all([
    findSsoConnection(claim.organizationId),
    findUserById(claim.organizationId),
  ]);
  // Below Team the stored connection stays, unused, for an upgrade.
  if (!connection || !owner || !organizationAllowed(owner)) return undefined;
  return { organizationId: claim.organizationId, domain, connection };
}

/**
 * Whether passwords, Google sign-in and resets are off for the account: its address's
 * organization requires SSO. The organization's owner is never held to it, so a broken
 * provider cannot lock out the one person who can fix the connection.
 */
export async function ssoRequiredFor(email: string, userId?: string): Promise<boolean> {
  const found = await connectionForAddress(email);
  if (!found?.connection.requireSso) return false;
  return userId === undefined || userId !== found.organizationId;
}
