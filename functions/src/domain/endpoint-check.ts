/**
 * What one check of a TLS endpoint means for its certificate token (pure; the connection is the
 * `EndpointChecker` port, adapters/tls-endpoint-checker.ts). Served certificate later than the
 * token's expiry date: a renewal the token follows. Expired, for another name, with a chain that
 * does not lead to a trusted root, or expiring sooner than the token says: a problem. Failed to
 * connect: a problem once it failed UNREACHABLE_AFTER_FAILURES times in a row. A problem is raised
 * once (when it appears) and cleared once (when the endpoint no longer has it).
 */
import {
  UNREACHABLE_AFTER_FAILURES,
  endpointProblemText,
  type EndpointCheck,
  type EndpointProblem,
} from '@expiry-radar/shared/domain/endpoints';

export interface ServedCertificate {
  /** ISO instants. */
  readonly notAfter: string;
  readonly notBefore: string;
  /** DNS names and IP addresses of its subject alternative names (else its common name). */
  readonly names: readonly string[];
  readonly subject: string;
  readonly issuer: string;
  /** The issuer as the certificate form fills the token's field (its organization, else CN). */
  readonly issuerField: string | null;
  /** Upper-case hexadecimal. */
  readonly serialNumber: string;
  /** `AB:CD:…`. */
  readonly fingerprintSha256: string;
  /** `TLSv1.3`, … */
  readonly protocol: string | null;
  /** The chain leads to a trusted root. */
  readonly chainTrusted: boolean;
  readonly chainError: string | null;
  /** The certificate is for the name asked for (SNI name, else the host). */
  readonly nameMatches: boolean;
  /** The leaf as PEM, to read it as the certificate form does. */
  readonly pem: string;
}

export type EndpointProbe =
  | { readonly ok: true; readonly certificate: ServedCertificate }
  | { readonly ok: false; readonly reason: 'blocked' | 'unreachable'; readonly message: string };

/**
 * What a check trusts beyond the checker's roots: the PEM certificates of the certificate
 * authorities the endpoint's workspace trusts (none: the checker's roots alone).
 */
export interface EndpointTrust {
  readonly trustedCertificateAuthorities: readonly string[];
}

/** Port: connects to one endpoint (SSRF guarded, bounded in time) and reads what it serves. */
export type EndpointChecker = (
  endpoint: {
    readonly host: string;
    readonly port: number;
    readonly sni: string | null;
  },
  trust?: EndpointTrust,
) => Promise<EndpointProbe>;

export interface EndpointRenewal {
  /** `YYYY-MM-DD` of the served notAfter, as the certificate form fills it. */
  readonly expiresAt: string;
  readonly issuer: string | null;
  readonly serialNumber: string;
}

export interface EndpointVerdict {
  /** The check to store on the endpoint. */
  readonly check: EndpointCheck;
  /** Set when the token should follow the served certificate. */
  readonly renewal: EndpointRenewal | null;
  /** A problem that appeared with this check: alert once. */
  readonly raised: EndpointProblem | null;
  /** A problem the endpoint had and no longer has. */
  readonly cleared: EndpointProblem | null;
}

function problemOf(
  certificate: ServedCertificate,
  tokenExpiry: string,
  now: Date,
): EndpointProblem | null {
  if (certificate.notAfter <= now.toISOString()) return 'expired';
  if (!certificate.nameMatches) return 'name_mismatch';
  if (!certificate.chainTrusted) return 'untrusted_chain';
  if (certificate.notAfter.slice(0, 10) < tokenExpiry.slice(0, 10)) return 'older';
  return null;
}

export function evaluateEndpointCheck(options: {
  readonly endpointKey: string;
  readonly probe: EndpointProbe;
  readonly previous: EndpointCheck | null;
  /** The token's expiry (`YYYY-MM-DD` or ISO instant). */
  readonly tokenExpiresAt: string;
  readonly now: Date;
}): EndpointVerdict {
  const { endpointKey, probe, previous, tokenExpiresAt, now } = options;
  const checkedAt = now.toISOString();
  const previousProblem = previous?.problem ?? null;
  if (!probe.ok) {
    const failures = (previous?.consecutive_failures ?? 0) + 1;
    const unreachable = failures >= UNREACHABLE_AFTER_FAILURES;
    // Below the threshold the endpoint keeps what it had: nothing is known of its certificate.
    const problem = unreachable ? 'unreachable' : previousProblem;
    const check: EndpointCheck = {
      checked_at: checkedAt,
      status: problem ? 'problem' : 'failing',
      problem,
      message: unreachable
        ? `${endpointProblemText(endpointKey, 'unreachable')}: ${probe.message}`
        : `${probe.message} (${failures} of ${UNREACHABLE_AFTER_FAILURES} failed checks in a row)`,
      problem_since: problem === previousProblem ? (previous?.problem_since ?? null) : checkedAt,
      consecutive_failures: failures,
      not_after: previous?.not_after ?? null,
      fingerprint_sha256: previous?.fingerprint_sha256 ?? null,
      issuer: previous?.issuer ?? null,
      names: previous?.names ?? [],
      protocol: previous?.protocol ?? null,
      alerted_at:
        problem !== null && problem === previousProblem ? (previous?.alerted_at ?? null) : null,
    };
    return {
      check,
      renewal: null,
      raised: problem !== previousProblem ? problem : null,
      cleared: problem !== previousProblem ? previousProblem : null,
    };
  }
  const { certificate } = probe;
  const problem = problemOf(certificate, tokenExpiresAt, now);
  const servedDate = certificate.notAfter.slice(0, 10);
  const renewal =
    problem === null && servedDate > tokenExpiresAt.slice(0, 10)
      ? {
          expiresAt: servedDate,
          issuer: certificate.issuerField,
          serialNumber: certificate.serialNumber,
        }
      : null;
  const protocol = certificate.protocol ? ` over ${certificate.protocol}` : '';
  const message = problem
    ? endpointProblemText(endpointKey, problem) +
      (problem === 'untrusted_chain' && certificate.chainError
        ? ` (${certificate.chainError})`
        : '')
    : renewal
      ? `Renewed: serves a certificate valid until ${servedDate}${protocol}`
      : `Serves the certificate, valid until ${servedDate}${protocol}`;
  return {
    check: {
      checked_at: checkedAt,
      status: problem ? 'problem' : renewal ? 'renewed' : 'ok',
      problem,
      message,
      problem_since:
        problem === null
          ? null
          : problem === previousProblem
            ? (previous?.problem_since ?? checkedAt)
            : checkedAt,
      consecutive_failures: 0,
      not_after: certificate.notAfter,
      fingerprint_sha256: certificate.fingerprintSha256,
      issuer: certificate.issuer,
      names: [...certificate.names],
      protocol: certificate.protocol,
      alerted_at:
        problem !== null && problem === previousProblem ? (previous?.alerted_at ?? null) : null,
    },
    renewal,
    raised: problem !== previousProblem ? problem : null,
    cleared: problem !== previousProblem ? previousProblem : null,
  };
}
