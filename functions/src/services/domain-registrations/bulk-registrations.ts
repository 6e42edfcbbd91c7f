/**
 * Adding domains to follow in bulk (`POST /api/v1/workspaces/{id}/domain-registrations`): each
 * entry is read as a registered domain (as the token form reads it); one Domain Registration token
 * per new domain, named by the domain in Unicode, with the given expiry (kept until its registry
 * answers, and for good where the registry has no RDAP service), created one by one as single
 * creates are (the plan's tokens per workspace; each audited). Domains the workspace already
 * follows (its registration schedules, one Query) and entries that are not registered domains are
 * answered, not added. A plan limit reached part way stops there with its 409: the tokens created
 * before it stay.
 */
import type { DomainRegistrationsResponse } from '@expiry-radar/shared/api/domain-registration-api-schemas';
import { createTokenSchema } from '@expiry-radar/shared/domain/create-token-schema';
import {
  displayDomain,
  readRegisteredDomain,
} from '@expiry-radar/shared/domain/registered-domains';
import type { Token } from '@expiry-radar/shared/domain/token';
import { listWorkspaceRegistrationSchedules } from '../../data/registration-records';
import type { UserRecord } from '../../data/user-records';
import { createAuditedToken } from '../tokens/token-creation';
import type { WorkspaceAccess } from '../workspaces/workspace-access';

export async function addDomainRegistrations(options: {
  readonly access: WorkspaceAccess;
  readonly user: Pick<UserRecord, 'id' | 'email'>;
  readonly entries: readonly string[];
  readonly expiresAt: string;
  readonly section: string | null;
  readonly now: Date;
}): Promise<DomainRegistrationsResponse> {
  const { access, user, now } = options;
  const refused: DomainRegistrationsResponse['refused'] = [];
  const domains: string[] = [];
  for (const entry of options.entries) {
    const reading = readRegisteredDomain(entry);
    if ('problem' in reading) refused.push({ entry, message: reading.problem });
    else if (!domains.includes(reading.domain)) domains.push(reading.domain);
  }
  const followed = new Map(
    (await listWorkspaceRegistrationSchedules(access.workspaceId)).map((schedule) => [
      schedule.domain,
      schedule.tokenId,
    ]),
  );
  const existing = domains.flatMap((domain) => {
    const tokenId = followed.get(domain);
    return tokenId ? [{ domain, token_id: tokenId }] : [];
  });
  const created: Token[] = [];
  for (const domain of domains.filter((candidate) => !followed.has(candidate))) {
    // Through the create form's schema, so the token is what the form would make of it.
    const fields = createTokenSchema(null).parse({
      name: displayDomain(domain),
      category: 'license',
      type: 'domain_registration',
      expiresAt: options.expiresAt,
      section: options.section,
      registration_domain: domain,
    });
    created.push(await createAuditedToken({ access, user, fields, now }));
  }
  return { created, existing, refused };
}
