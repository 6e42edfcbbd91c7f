/**
 * A certificate seen in certificate transparency logs, as the alert worker reads it in place of a
 * token (its alert subject id is `domain/certificate-transparency` `ctFindingAlertSubjectId`): a
 * TLS certificate named by its watched domain, expiring when the certificate does, with its names
 * and issuer, in no contact group (so the workspace's default one, or its owner, and its webhooks
 * get it) and with no owner. `description` holds what the alert says ("new certificate for … by …,
 * valid until …", "Unexpected issuer: …" first when its issuer is not on the allow-list).
 */
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';
import { emptyTokenFields, type Token } from '@expiry-radar/shared/domain/token';
import { newCertificateText } from '@expiry-radar/shared/domain/watched-domains';
import { ctFindingAlertSubjectId } from '../domain/certificate-transparency';
import type { CtFindingRecord } from './entities/ct-finding';

/** What the alert of a certificate seen says. */
export function ctFindingAlertText(finding: CtFindingRecord): string {
  const text = newCertificateText(finding);
  return finding.unexpectedIssuer ? `Unexpected issuer: ${text}` : text;
}

export function ctFindingAlertSubject(finding: CtFindingRecord): Token {
  return {
    id: ctFindingAlertSubjectId(finding.workspaceId, finding.certificateId),
    name: displayDomain(finding.domain),
    type: 'tls_cert',
    category: 'cert',
    expiresAt: finding.notAfter,
    ...emptyTokenFields(),
    domains: [...finding.dnsNames],
    owner_id: null,
    issuer: finding.issuer,
    description: ctFindingAlertText(finding),
    created_at: finding.seenAt,
    updated_at: finding.seenAt,
    workspace_id: finding.workspaceId,
  };
}
