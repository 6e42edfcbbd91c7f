/**
 * ACM certificates of one region: ListCertificates (every key type: without `Includes` ACM
 * lists RSA 2048 certificates only), with DescribeCertificate where the summary is not enough
 * (no NotAfter, more names than the summary holds, or an imported certificate's issuer).
 * Certificates that have no validity (pending validation, failed, timed out) or were revoked
 * are left out.
 */
import type { CertificateDetail, CertificateSummary } from '@aws-sdk/client-acm';
import type { DiscoveredToken } from '../domain/discovery';
import { loadAcm } from '../platform/aws-clients';
import { traceAwsClient } from '../platform/tracing';
import { clientSettings, isValidDate, utcDate, type AwsReadContext } from './aws-discovery-common';

const UNTRACKED_STATUSES = new Set([
  'PENDING_VALIDATION',
  'FAILED',
  'VALIDATION_TIMED_OUT',
  'REVOKED',
]);

/** The external id prefix of one region's ACM certificates (their ARNs). */
export function acmPrefix(context: Pick<AwsReadContext, 'account' | 'region'>): string {
  return `arn:${context.account.partition}:acm:${context.region}:${context.account.accountId}:certificate/`;
}

function needsDescription(summary: CertificateSummary): boolean {
  return (
    !isValidDate(summary.NotAfter) ||
    summary.HasAdditionalSubjectAlternativeNames === true ||
    summary.Type === 'IMPORTED'
  );
}

const ISSUERS: Readonly<Record<string, string>> = {
  AMAZON_ISSUED: 'Amazon',
  PRIVATE: 'AWS Private CA',
};

const RENEWAL_NOTES: Readonly<Record<string, string>> = {
  AMAZON_ISSUED: 'Issued by ACM, which renews it by itself while it is in use and validated.',
  PRIVATE: 'Issued by AWS Private CA through ACM.',
  IMPORTED: 'Imported into ACM: renew it with its issuer and import it again.',
};

function keySize(algorithm: string | undefined): number | null {
  const bits = algorithm?.match(/^RSA[-_](\d+)$/)?.[1];
  return bits ? Number(bits) : null;
}

function tokenOf(
  summary: CertificateSummary,
  detail: CertificateDetail | undefined,
  context: AwsReadContext,
): DiscoveredToken | null {
  const arn = summary.CertificateArn;
  const status = detail?.Status ?? summary.Status;
  const notAfter = detail?.NotAfter ?? summary.NotAfter;
  if (!arn || !isValidDate(notAfter) || (status && UNTRACKED_STATUSES.has(status))) return null;
  const domainName = detail?.DomainName ?? summary.DomainName ?? arn;
  const names = detail?.SubjectAlternativeNames ?? summary.SubjectAlternativeNameSummaries ?? [];
  const type = detail?.Type ?? summary.Type;
  const algorithm = detail?.KeyAlgorithm ?? summary.KeyAlgorithm ?? null;
  const inUseBy = detail?.InUseBy ?? [];
  const inUse = inUseBy.length > 0 || summary.InUse === true;
  return {
    externalId: arn,
    name: `ACM certificate ${domainName} (${context.region})`,
    type: 'tls_cert',
    expiresAt: utcDate(notAfter),
    renewsAutomatically: type === 'AMAZON_ISSUED',
    fields: {
      domains: [...new Set([domainName, ...names])],
      subject: detail?.Subject ?? `CN=${domainName}`,
      issuer: detail?.Issuer ?? (type ? (ISSUERS[type] ?? null) : null),
      serial_number: detail?.Serial ?? null,
      algorithm,
      key_size: keySize(algorithm ?? undefined),
      location: `ACM ${context.region}, account ${context.account.accountId}`,
      used_by: inUseBy.length > 0 ? inUseBy.join(', ') : inUse ? 'In use' : null,
      description: [
        type ? RENEWAL_NOTES[type] : undefined,
        inUse ? undefined : 'Not in use by any AWS resource.',
      ]
        .filter(Boolean)
        .join(' '),
    },
  };
}

export async function readAcmCertificates(context: AwsReadContext): Promise<DiscoveredToken[]> {
  const { ACMClient, DescribeCertificateCommand, KeyAlgorithm, ListCertificatesCommand } =
    loadAcm();
  const client = traceAwsClient(new ACMClient(clientSettings(context)));
  const tokens: DiscoveredToken[] = [];
  let nextToken: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListCertificatesCommand({
          Includes: { keyTypes: Object.values(KeyAlgorithm) },
          MaxItems: 1000,
          NextToken: nextToken,
        }),
      );
      for (const summary of page.CertificateSummaryList ?? []) {
        if (summary.Status && UNTRACKED_STATUSES.has(summary.Status)) continue;
        const detail =
          summary.CertificateArn && needsDescription(summary)
            ? (
                await client.send(
                  new DescribeCertificateCommand({ CertificateArn: summary.CertificateArn }),
                )
              ).Certificate
            : undefined;
        const token = tokenOf(summary, detail, context);
        if (token) tokens.push(token);
      }
      nextToken = page.NextToken;
    } while (nextToken);
  } finally {
    client.destroy();
  }
  return tokens;
}
