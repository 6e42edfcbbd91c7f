/**
 * An organization's SSO connection, OpenID Connect or SAML: saved by its owner once the provider
 * answered (OIDC discovery, or the SAML IdP metadata read), so a typo is a 400 now, not a failed
 * sign-in later; the OIDC client secret sealed; read for the login page by the domain an address
 * belongs to.
 */
import {
  emailDomainOf,
  SAML_METADATA_MESSAGE,
  type SsoConnectionSettings,
} from '@expiry-radar/shared/domain/organization-sign-in';
import type { IdentityProvider } from '../../adapters/saml-service-provider';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { outboundPolicyFor } from '../../adapters/guarded-http';
import { checkWebhookUrl } from '../../adapters/ssrf-guard';
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
    client_id: record.clientId ?? '',
    has_client_secret: record.sealedClientSecret !== undefined,
    saml: record.saml
      ? {
          metadata_url: record.saml.metadataUrl,
          sso_url: record.saml.ssoUrl,
          certificates: record.saml.certificates.length,
        }
      : null,
    provider_enforces_mfa: record.providerEnforcesMfa === true,
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

/** The IdP a SAML connection signs in with. */
export function identityProviderOf(record: SsoConnectionRecord): IdentityProvider {
  if (record.protocol !== 'saml' || !record.saml) {
    throw new Error('The SSO connection is not a SAML one');
  }
  return {
    entityId: record.issuer,
    ssoUrl: record.saml.ssoUrl,
    certificates: record.saml.certificates,
  };
}

type ProtocolFields = Pick<
  SsoConnectionRecord,
  'protocol' | 'issuer' | 'clientId' | 'sealedClientSecret' | 'saml'
>;

/** OIDC: saved only once the issuer's discovery answered (a typo is a 400 now, not later). */
async function oidcFields(
  owner: Owner,
  settings: SsoConnectionSettings,
  current: SsoConnectionRecord | undefined,
): Promise<ProtocolFields> {
  const issuer = settings.issuer ?? '';
  const clientId = settings.client_id ?? '';
  const issuerCheck = checkWebhookUrl(issuer, outboundPolicyFor(issuer));
  if (!issuerCheck.ok) {
    throw new AppError(
      'VALIDATION_ERROR',
      'The issuer URL must not point to a private, local or reserved network address.',
    );
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
    await discoverProvider({ issuer, clientId, clientSecret });
  } catch (error) {
    logger.info('SSO issuer discovery failed', { error: error as Error });
    throw new AppError(
      'VALIDATION_ERROR',
      `The issuer's OpenID configuration could not be read (${issuer.replace(/\/$/, '')}/.well-known/openid-configuration). Check the issuer URL your provider shows.`,
    );
  }
  return { protocol: 'oidc', issuer, clientId, sealedClientSecret };
}

/**
 * SAML: the IdP metadata read when saving (from its URL through the SSRF guard, or as uploaded),
 * so a wrong file or URL is a 400 now; omitted, the stored metadata stays.
 */
async function samlFields(
  settings: SsoConnectionSettings,
  current: SsoConnectionRecord | undefined,
): Promise<ProtocolFields> {
  // Loaded here, not at init: the sign-in routes that read connections (login, password reset,
  // SSO lookup) would otherwise load SAML's XML libraries (about 700 KB) at every cold start.
  const { fetchIdentityProviderMetadata, readIdentityProviderMetadata, SamlMetadataError } =
    await import('../../adapters/saml-service-provider');
  let provider: IdentityProvider;
  let metadataUrl: string | null;
  try {
    if (settings.metadata_xml) {
      provider = await readIdentityProviderMetadata(settings.metadata_xml);
      metadataUrl = null;
    } else if (settings.metadata_url) {
      if (!checkWebhookUrl(settings.metadata_url, outboundPolicyFor(settings.metadata_url)).ok) {
        throw new SamlMetadataError(
          'The metadata URL must not point to a private, local or reserved network address.',
        );
      }
      provider = await fetchIdentityProviderMetadata(settings.metadata_url);
      metadataUrl = settings.metadata_url;
    } else if (current?.protocol === 'saml' && current.saml) {
      return { protocol: 'saml', issuer: current.issuer, saml: current.saml };
    } else {
      throw new SamlMetadataError(SAML_METADATA_MESSAGE);
    }
  } catch (error) {
    if (error instanceof SamlMetadataError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
  return {
    protocol: 'saml',
    issuer: provider.entityId,
    saml: { metadataUrl, ssoUrl: provider.ssoUrl, certificates: provider.certificates },
  };
}

export async function saveConnection(owner: Owner, settings: SsoConnectionSettings, now: Date) {
  const current = await findSsoConnection(owner.id);
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
  const fields =
    settings.protocol === 'saml'
      ? await samlFields(settings, current)
      : await oidcFields(owner, settings, current);
  const record: SsoConnectionRecord = {
    organizationId: owner.id,
    ...fields,
    defaultWorkspaceId: settings.default_workspace_id,
    defaultRole: settings.default_role,
    requireSso: settings.require_sso,
    providerEnforcesMfa: settings.provider_enforces_mfa,
    updatedAt: now.toISOString(),
  };
  await putSsoConnection(record);
  await recordAccountEvent(owner, AUDIT_ACTIONS.ssoConnectionSaved, now, {
    protocol: record.protocol,
    issuer: record.issuer,
    ...(record.protocol === 'oidc'
      ? { clientId: record.clientId, clientSecretChanged: settings.client_secret !== undefined }
      : {
          metadataUrl: record.saml?.metadataUrl ?? null,
          metadataChanged: Boolean(settings.metadata_url ?? settings.metadata_xml),
        }),
    defaultWorkspaceId: record.defaultWorkspaceId,
    defaultRole: record.defaultRole,
    requireSso: record.requireSso,
    providerEnforcesMfa: record.providerEnforcesMfa,
    ...(current
      ? {
          previousProtocol: current.protocol,
          previousIssuer: current.issuer,
          previousRequireSso: current.requireSso,
          previousProviderEnforcesMfa: current.providerEnforcesMfa === true,
        }
      : {}),
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
