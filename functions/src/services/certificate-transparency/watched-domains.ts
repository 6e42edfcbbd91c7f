/**
 * A workspace's certificate transparency watch, as its routes use it: every member lists the
 * watched domains and the certificates seen; admins add, change and remove domains (within the
 * plan's watched domains: 0 / 5 / 50 / unlimited) and store the optional Cert Spotter API key,
 * sealed as integration credentials are and never answered, logged or audited; admins and
 * workspace managers add a certificate seen to the inventory. Changes wait while the workspace is
 * frozen, and each is audited (domain and settings, never the key).
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import type {
  CtFinding,
  ListWatchedDomainsResponse,
  WatchedDomain,
} from '@expiry-radar/shared/api/watched-domain-api-schemas';
import {
  canCreateToken,
  canManageWatchedDomains,
  canViewTokens,
} from '@expiry-radar/shared/domain/permissions';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';
import {
  CT_FINDINGS_SHOWN,
  newCertificateText,
  WATCHED_DOMAIN_MESSAGES,
} from '@expiry-radar/shared/domain/watched-domains';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  findCtFinding,
  findWatchedDomain,
  insertWatchedDomain,
  listCtFindings,
  listWatchedDomains,
  markCtFindingAdded,
  readSealedCtApiKey,
  removeWatchedDomain as deleteWatchedDomain,
  storeSealedCtApiKey,
  updateWatchedDomainSettings,
  WatchedDomainDuplicateError,
  WatchedDomainLimitError,
  WatchedDomainMissingError,
} from '../../data/ct-watch-records';
import type { CtFindingRecord } from '../../data/entities/ct-finding';
import type { WatchedDomainRecord } from '../../data/entities/watched-domain';
import type { UserRecord } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { createdTokenMetadata, recordTokenEvent } from '../tokens/token-audit';
import { requireNotFrozen, type WorkspaceAccess } from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import { createCtFindingToken } from './ct-inventory';
import { ctApiKeyContext } from './ct-watch';

type Actor = Pick<UserRecord, 'id' | 'email'>;

const TARGET_TYPE = 'watched_domain';

function requireAdminOf(access: WorkspaceAccess): void {
  if (!canManageWatchedDomains(access.role)) {
    throw new AppError('FORBIDDEN', WATCHED_DOMAIN_MESSAGES.forbidden);
  }
  requireNotFrozen(access);
}

export function watchedDomainView(record: WatchedDomainRecord): WatchedDomain {
  return {
    domain: record.domain,
    display_domain: displayDomain(record.domain),
    include_subdomains: record.includeSubdomains,
    auto_add: record.autoAdd,
    allowed_issuers: [...record.allowedIssuers],
    added_at: record.addedAt,
    last_checked_at: record.lastCheckedAt,
    last_error: record.lastError,
    next_check_at: record.nextCheckAt,
  };
}

export function ctFindingView(record: CtFindingRecord): CtFinding {
  return {
    id: record.certificateId,
    domain: record.domain,
    dns_names: [...record.dnsNames],
    issuer: record.issuer,
    not_before: record.notBefore,
    not_after: record.notAfter,
    unexpected_issuer: record.unexpectedIssuer,
    status: record.status,
    token_id: record.tokenId,
    message: newCertificateText(record),
    seen_at: record.seenAt,
  };
}

export async function listWorkspaceWatch(
  access: WorkspaceAccess,
): Promise<ListWatchedDomainsResponse> {
  if (!canViewTokens(access.role)) throw new AppError('FORBIDDEN');
  const [domains, findings, key] = await Promise.all([
    listWatchedDomains(access.workspaceId),
    listCtFindings(access.workspaceId),
    readSealedCtApiKey(access.workspaceId),
  ]);
  return {
    items: domains.map(watchedDomainView),
    limit: PLAN_LIMITS[access.plan].watchedDomainsPerWorkspace,
    api_key_set: key !== null,
    certificates: findings.slice(0, CT_FINDINGS_SHOWN).map(ctFindingView),
  };
}

function settingsMetadata(record: WatchedDomainRecord) {
  return {
    domain: record.domain,
    include_subdomains: record.includeSubdomains,
    auto_add: record.autoAdd,
    allowed_issuers: [...record.allowedIssuers],
  };
}

export async function addWorkspaceWatchedDomain(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Actor;
  readonly body: {
    readonly domain: string;
    readonly include_subdomains: boolean;
    readonly auto_add: boolean;
    readonly allowed_issuers: readonly string[];
  };
  readonly now: Date;
}): Promise<WatchedDomain> {
  const { access, actor, body, now } = options;
  requireAdminOf(access);
  const limit = PLAN_LIMITS[access.plan].watchedDomainsPerWorkspace;
  if (limit === 0) throw new AppError('PLAN_LIMIT', WATCHED_DOMAIN_MESSAGES.planNone);
  const record: WatchedDomainRecord = {
    workspaceId: access.workspaceId,
    domain: body.domain,
    includeSubdomains: body.include_subdomains,
    autoAdd: body.auto_add,
    allowedIssuers: body.allowed_issuers,
    addedById: actor.id,
    addedAt: now.toISOString(),
    position: null,
    lastCheckedAt: null,
    lastError: null,
    // Read within the next run of the hourly watch.
    nextCheckAt: now.toISOString(),
  };
  try {
    await insertWatchedDomain(record, limit);
  } catch (error) {
    if (error instanceof WatchedDomainDuplicateError) {
      throw new AppError('CONFLICT', WATCHED_DOMAIN_MESSAGES.duplicate);
    }
    if (error instanceof WatchedDomainLimitError) {
      throw new AppError(
        'PLAN_LIMIT',
        `Your plan watches at most ${limit} domains per workspace: remove one or upgrade to watch more`,
      );
    }
    throw error;
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.watchedDomainAdded,
    target: { type: TARGET_TYPE, id: record.domain, name: displayDomain(record.domain) },
    metadata: settingsMetadata(record),
    now,
  });
  return watchedDomainView(record);
}

export async function updateWorkspaceWatchedDomain(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Actor;
  readonly domain: string;
  readonly body: {
    readonly include_subdomains?: boolean | undefined;
    readonly auto_add?: boolean | undefined;
    readonly allowed_issuers?: readonly string[] | undefined;
  };
  readonly now: Date;
}): Promise<WatchedDomain> {
  const { access, actor, body, now } = options;
  requireAdminOf(access);
  const notFound = () => new AppError('NOT_FOUND', WATCHED_DOMAIN_MESSAGES.notFound);
  const current = await findWatchedDomain(access.workspaceId, options.domain);
  if (!current) throw notFound();
  const record: WatchedDomainRecord = {
    ...current,
    includeSubdomains: body.include_subdomains ?? current.includeSubdomains,
    autoAdd: body.auto_add ?? current.autoAdd,
    allowedIssuers: body.allowed_issuers ?? current.allowedIssuers,
  };
  try {
    await updateWatchedDomainSettings(record);
  } catch (error) {
    if (error instanceof WatchedDomainMissingError) throw notFound();
    throw error;
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.watchedDomainUpdated,
    target: { type: TARGET_TYPE, id: record.domain, name: displayDomain(record.domain) },
    metadata: settingsMetadata(record),
    now,
  });
  return watchedDomainView(record);
}

export async function removeWorkspaceWatchedDomain(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Actor;
  readonly domain: string;
  readonly now: Date;
}): Promise<void> {
  const { access, actor, domain, now } = options;
  requireAdminOf(access);
  try {
    await deleteWatchedDomain(access.workspaceId, domain);
  } catch (error) {
    if (error instanceof WatchedDomainMissingError) {
      throw new AppError('NOT_FOUND', WATCHED_DOMAIN_MESSAGES.notFound);
    }
    throw error;
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.watchedDomainRemoved,
    target: { type: TARGET_TYPE, id: domain, name: displayDomain(domain) },
    metadata: { domain },
    now,
  });
}

/** Stores (sealed) or removes the Cert Spotter API key; the audit event says only which. */
export async function setWorkspaceCtApiKey(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Actor;
  readonly apiKey: string | null;
  readonly now: Date;
}): Promise<{ api_key_set: boolean }> {
  const { access, actor, apiKey, now } = options;
  requireAdminOf(access);
  const sealed =
    apiKey === null
      ? null
      : await getCredentialSealer().seal(apiKey, ctApiKeyContext(access.workspaceId));
  await storeSealedCtApiKey(access.workspaceId, sealed, now);
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.ctApiKeyChanged,
    target: { type: 'cert_spotter_api_key', id: access.workspaceId, name: 'Cert Spotter API key' },
    metadata: { api_key_set: sealed !== null },
    now,
  });
  return { api_key_set: sealed !== null };
}

/** "Add to inventory": the certificate seen becomes a monitored certificate token. */
export async function addCtFindingToInventory(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Actor;
  readonly certificateId: string;
  readonly now: Date;
}): Promise<Token> {
  const { access, actor, certificateId, now } = options;
  if (!canCreateToken(access.role)) throw new AppError('FORBIDDEN');
  requireNotFrozen(access);
  const finding = await findCtFinding(access.workspaceId, certificateId);
  if (!finding) throw new AppError('NOT_FOUND', WATCHED_DOMAIN_MESSAGES.findingNotFound);
  if (finding.status === 'added') {
    throw new AppError('CONFLICT', WATCHED_DOMAIN_MESSAGES.alreadyAdded);
  }
  const token = await createCtFindingToken({ finding, plan: access.plan, now });
  await markCtFindingAdded(access.workspaceId, certificateId, token.id);
  await recordTokenEvent({
    access,
    user: actor,
    action: AUDIT_ACTIONS.tokenCreated,
    target: token,
    metadata: {
      ...createdTokenMetadata(token),
      certificateTransparency: { domain: finding.domain, certificateId },
    },
    now,
  });
  return token;
}
