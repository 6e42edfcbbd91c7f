/**
 * An organization's email domains: added with a random token, verified when the domain's TXT
 * record `_expiry-radar-verification.<domain>` holds `expiry-radar-verification=<token>`, and
 * claimed by one organization only. Every change is in the owner's audit trail.
 */
import { randomBytes } from 'node:crypto';
import {
  domainVerificationRecordName,
  domainVerificationRecordValue,
} from '@expiry-radar/shared/domain/organization-sign-in';
import { DnsLookupError, resolveTxtRecords } from '../../adapters/dns-txt-resolver';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  addOrganizationDomain,
  findOrganizationDomain,
  findVerifiedDomainClaim,
  listOrganizationDomains,
  markDomainVerified,
  recordDomainCheckError,
  removeOrganizationDomain,
  type OrganizationDomainRecord,
} from '../../data/organization-sign-in-records';
import type { UserRecord } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { recordAccountEvent } from '../accounts/account-audit';

/** An organization verifies at most this many domains (each is one query of the login lookup). */
export const MAX_ORGANIZATION_DOMAINS = 20;

export const DOMAIN_TAKEN_MESSAGE =
  'Another organization has already verified this domain. If it is yours, ask that organization to remove it, or contact support.';

type Owner = Pick<UserRecord, 'id' | 'email' | 'plan'>;

export function domainView(record: OrganizationDomainRecord) {
  return {
    domain: record.domain,
    status: record.verifiedAt ? ('verified' as const) : ('pending' as const),
    record_name: domainVerificationRecordName(record.domain),
    record_value: domainVerificationRecordValue(record.token),
    added_at: record.addedAt,
    verified_at: record.verifiedAt,
    last_check_error: record.lastCheckError,
  };
}

export async function addDomain(owner: Owner, domain: string, now: Date) {
  const existing = await listOrganizationDomains(owner.id);
  if (existing.some((record) => record.domain === domain)) {
    throw new AppError('CONFLICT', `${domain} is already one of your organization's domains.`);
  }
  if (existing.length >= MAX_ORGANIZATION_DOMAINS) {
    throw new AppError(
      'PLAN_LIMIT',
      `An organization verifies at most ${MAX_ORGANIZATION_DOMAINS} domains. Remove one first.`,
    );
  }
  const claim = await findVerifiedDomainClaim(domain);
  if (claim && claim.organizationId !== owner.id) {
    throw new AppError('CONFLICT', DOMAIN_TAKEN_MESSAGE);
  }
  const record: OrganizationDomainRecord = {
    organizationId: owner.id,
    domain,
    token: randomBytes(18).toString('base64url'),
    addedAt: now.toISOString(),
    verifiedAt: null,
    lastCheckError: null,
  };
  if (!(await addOrganizationDomain(record))) {
    throw new AppError('CONFLICT', `${domain} is already one of your organization's domains.`);
  }
  await recordAccountEvent(owner, AUDIT_ACTIONS.organizationDomainAdded, now, { domain });
  return domainView(record);
}

async function requireDomain(owner: Owner, domain: string): Promise<OrganizationDomainRecord> {
  const record = await findOrganizationDomain(owner.id, domain);
  if (!record)
    throw new AppError('NOT_FOUND', `${domain} is not one of your organization's domains.`);
  return record;
}

async function refuseCheck(
  owner: Owner,
  domain: string,
  message: string,
  now: Date,
): Promise<never> {
  await recordDomainCheckError(owner.id, domain, message);
  await recordAccountEvent(owner, AUDIT_ACTIONS.organizationDomainCheckFailed, now, {
    domain,
    reason: message,
  });
  throw new AppError('VALIDATION_ERROR', message);
}

/** Reads the TXT records now; verified when the token is among them and nobody else holds it. */
export async function verifyDomain(owner: Owner, domain: string, now: Date) {
  const record = await requireDomain(owner, domain);
  const name = domainVerificationRecordName(domain);
  const expected = domainVerificationRecordValue(record.token);
  let values: string[];
  try {
    values = await resolveTxtRecords(name);
  } catch (error) {
    if (!(error instanceof DnsLookupError)) throw error;
    return refuseCheck(owner, domain, `${error.message} Try again in a few minutes.`, now);
  }
  if (!values.some((value) => value.trim() === expected)) {
    return refuseCheck(
      owner,
      domain,
      values.length === 0
        ? `No TXT record found at ${name} yet. Add it at your DNS provider; a new record can take a few minutes to appear.`
        : `The TXT records at ${name} do not hold this domain's token. Add the value shown here.`,
      now,
    );
  }
  if ((await markDomainVerified(owner.id, domain, now, record.verifiedAt)) === 'taken') {
    return refuseCheck(owner, domain, DOMAIN_TAKEN_MESSAGE, now);
  }
  if (!record.verifiedAt) {
    await recordAccountEvent(owner, AUDIT_ACTIONS.organizationDomainVerified, now, { domain });
  }
  return domainView({
    ...record,
    verifiedAt: record.verifiedAt ?? now.toISOString(),
    lastCheckError: null,
  });
}

export async function removeDomain(owner: Owner, domain: string, now: Date): Promise<void> {
  await requireDomain(owner, domain);
  await removeOrganizationDomain(owner.id, domain);
  await recordAccountEvent(owner, AUDIT_ACTIONS.organizationDomainRemoved, now, { domain });
}
