/**
 * Listing, adding and removing the certificate authorities a workspace's endpoint checks trust
 * (shared/domain/trusted-certificate-authorities): every member lists them; only admins add or
 * remove one, never while the workspace is frozen; both changes are audited. What an upload must
 * be is decided by domain/trusted-ca-certificate.ts, so every refusal is a 400 or 409 with words.
 */
import type {
  TrustedCa,
  ListTrustedCasResponse,
} from '@expiry-radar/shared/api/trusted-ca-api-schemas';
import {
  canManageTrustedCertificateAuthorities,
  canSeeTrustedCertificateAuthorities,
} from '@expiry-radar/shared/domain/permissions';
import {
  TRUSTED_CA_MESSAGES,
  TRUSTED_CAS_PER_WORKSPACE,
} from '@expiry-radar/shared/domain/trusted-certificate-authorities';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import type { TrustedCertificateAuthorityRecord } from '../../data/entities/trusted-certificate-authority';
import { keys } from '../../data/keys';
import { batchGetAll } from '../../data/table-operations';
import {
  findTrustedCertificateAuthority,
  insertTrustedCertificateAuthority,
  listTrustedCertificateAuthorities,
  removeTrustedCertificateAuthority,
  TrustedCaDuplicateError,
  TrustedCaLimitError,
  TrustedCaMissingError,
} from '../../data/trusted-certificate-authority-records';
import { toUserRecord, type UserRecord } from '../../data/user-records';
import { readTrustedCaCertificate } from '../../domain/trusted-ca-certificate';
import { AppError, badRequest } from '../../platform/app-error';
import { requireNotFrozen, type WorkspaceAccess } from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';

type Actor = Pick<UserRecord, 'id' | 'email'>;

const TARGET_TYPE = 'trusted_ca';

function requireManager(access: WorkspaceAccess): void {
  if (!canManageTrustedCertificateAuthorities(access.role)) {
    throw new AppError('FORBIDDEN', TRUSTED_CA_MESSAGES.forbidden);
  }
  requireNotFrozen(access);
}

function viewOf(record: TrustedCertificateAuthorityRecord, addedByEmail: string | null): TrustedCa {
  return {
    id: record.caId,
    subject: record.subject,
    issuer: record.issuer,
    not_before: record.notBefore,
    not_after: record.notAfter,
    fingerprint_sha256: record.fingerprintSha256,
    pem: record.pem,
    added_by: { id: record.addedById, email: addedByEmail },
    added_at: record.addedAt,
  };
}

/** The addresses of the users who added them, read from their accounts (gone: null). */
async function emailsOf(userIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const users = (await batchGetAll(unique.map((userId) => keys.user(userId)))).map(toUserRecord);
  return new Map(users.map((user) => [user.id, user.email]));
}

export async function listWorkspaceTrustedCas(
  access: WorkspaceAccess,
): Promise<ListTrustedCasResponse> {
  if (!canSeeTrustedCertificateAuthorities(access.role)) throw new AppError('FORBIDDEN');
  const records = await listTrustedCertificateAuthorities(access.workspaceId, {
    consistent: true,
  });
  const emails = await emailsOf(records.map((record) => record.addedById));
  return {
    items: records.map((record) => viewOf(record, emails.get(record.addedById) ?? null)),
    limit: TRUSTED_CAS_PER_WORKSPACE,
  };
}

function auditMetadata(record: TrustedCertificateAuthorityRecord) {
  return {
    subject: record.subject,
    issuer: record.issuer,
    not_after: record.notAfter,
    fingerprint_sha256: record.fingerprintSha256,
  };
}

export async function addWorkspaceTrustedCa(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Actor;
  readonly pem: string;
  readonly now: Date;
}): Promise<TrustedCa> {
  const { access, actor, now } = options;
  requireManager(access);
  const reading = readTrustedCaCertificate(options.pem, now);
  if (reading.kind === 'refused') {
    throw badRequest(reading.message, [{ path: 'pem', message: reading.message }]);
  }
  const { certificate } = reading;
  const record: TrustedCertificateAuthorityRecord = {
    workspaceId: access.workspaceId,
    caId: certificate.id,
    pem: certificate.pem,
    subject: certificate.subject,
    issuer: certificate.issuer,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    fingerprintSha256: certificate.fingerprintSha256,
    addedById: actor.id,
    addedAt: now.toISOString(),
  };
  try {
    await insertTrustedCertificateAuthority(record, TRUSTED_CAS_PER_WORKSPACE);
  } catch (error) {
    if (error instanceof TrustedCaDuplicateError) {
      throw new AppError('CONFLICT', TRUSTED_CA_MESSAGES.duplicate);
    }
    if (error instanceof TrustedCaLimitError) {
      throw new AppError('CONFLICT', TRUSTED_CA_MESSAGES.limit);
    }
    throw error;
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.trustedCaAdded,
    target: { type: TARGET_TYPE, id: record.caId, name: record.subject },
    metadata: auditMetadata(record),
    now,
  });
  return viewOf(record, actor.email);
}

export async function removeWorkspaceTrustedCa(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Actor;
  readonly caId: string;
  readonly now: Date;
}): Promise<void> {
  const { access, actor, caId, now } = options;
  requireManager(access);
  const notFound = () => new AppError('NOT_FOUND', TRUSTED_CA_MESSAGES.notFound);
  const record = await findTrustedCertificateAuthority(access.workspaceId, caId);
  if (!record) throw notFound();
  try {
    await removeTrustedCertificateAuthority(access.workspaceId, caId);
  } catch (error) {
    if (error instanceof TrustedCaMissingError) throw notFound();
    throw error;
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.trustedCaRemoved,
    target: { type: TARGET_TYPE, id: record.caId, name: record.subject },
    metadata: auditMetadata(record),
    now,
  });
}
