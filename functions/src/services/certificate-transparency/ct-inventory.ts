/**
 * Making a certificate seen in certificate transparency logs a token ("Add to inventory", or a
 * watched domain's automatic adding): a monitored certificate token, named by its first name,
 * with its names, issuer and expiry, and its first name that is not a wildcard checked on port
 * 443 (as a certificate with an endpoint is), within the plan's tokens per workspace. With the
 * plan's monitored endpoints all taken, the certificate is added without its endpoint (its expiry
 * is known from the log), and its notes say why.
 */
import { toIsoDate } from '@expiry-radar/shared/domain/calendar-date';
import { createTokenSchema } from '@expiry-radar/shared/domain/create-token-schema';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';
import type { Token, TokenFields } from '@expiry-radar/shared/domain/token';
import type { CtFindingRecord } from '../../data/entities/ct-finding';
import { endpointsWithinLimit } from '../endpoints/endpoint-rules';
import { endpointLimitMessage } from '../../domain/plan-limit-messages';
import { createToken } from '../../data/token-mutations';
import type { TokenRecord } from '../../data/entities/token';
import { withTokenWriteErrors } from '../tokens/token-write-errors';

/** The token fields of a certificate seen; `endpointAllowed` false leaves its endpoint out. */
export function ctFindingTokenFields(
  finding: CtFindingRecord,
  endpointAllowed:
    { readonly allowed: true } | { readonly allowed: false; readonly why: string } = {
    allowed: true,
  },
): TokenFields {
  const names = finding.dnsNames.map((name) => name.toLowerCase());
  const host = names.find((name) => !name.startsWith('*.'));
  const base = {
    name: displayDomain(names[0] ?? finding.domain),
    category: 'cert',
    type: 'tls_cert',
    // A token's expiry is a calendar day: the UTC day of the certificate's notAfter.
    expiresAt: toIsoDate(new Date(finding.notAfter)),
    issuer: finding.issuer,
    notes: `Seen in certificate transparency logs for ${displayDomain(finding.domain)} (SHA-256 ${finding.certificateId}).`,
  };
  const withEndpoint = !host
    ? base
    : endpointAllowed.allowed
      ? { ...base, domains: names, endpoints: [{ host, port: 443 }] }
      : { ...base, domains: names, notes: `${base.notes} ${endpointAllowed.why}` };
  // Names the form would refuse (odd ones a log may hold) leave the token without them.
  const parsed = createTokenSchema(null).safeParse(withEndpoint);
  return parsed.success ? parsed.data : createTokenSchema(null).parse(base);
}

export async function createCtFindingToken(options: {
  readonly finding: CtFindingRecord;
  readonly plan: Plan;
  readonly now: Date;
}): Promise<Token> {
  const { finding, plan, now } = options;
  const fields = ctFindingTokenFields(finding, await endpointAllowance(finding.workspaceId, plan));
  return withTokenWriteErrors(plan, () =>
    createToken({
      workspaceId: finding.workspaceId,
      fields,
      tokenLimit: PLAN_LIMITS[plan].tokensPerWorkspace,
      now,
    }),
  );
}

/** Whether the workspace may monitor one more endpoint, as the token form's rule says. */
async function endpointAllowance(workspaceId: string, plan: Plan) {
  if (await endpointsWithinLimit(workspaceId, plan, 1)) return { allowed: true } as const;
  return {
    allowed: false,
    why: `Its endpoint is not monitored: ${endpointLimitMessage(plan)}`,
  } as const;
}

/** Lower-case hex of a fingerprint as endpoint checks store it (`AB:CD:…`). */
function hexOf(fingerprint: string): string {
  return fingerprint.replace(/:/g, '').toLowerCase();
}

/**
 * The certificates the workspace's tokens hold, by SHA-256: the ones its endpoint checks last saw
 * served, and the ones made from certificate transparency findings.
 */
export function inventoryFingerprints(tokens: readonly TokenRecord[]): Map<string, string> {
  const held = new Map<string, string>();
  for (const { token } of tokens) {
    for (const endpoint of token.endpoints ?? []) {
      const fingerprint = endpoint.last_check?.fingerprint_sha256;
      if (fingerprint) held.set(hexOf(fingerprint), token.id);
    }
    const seen = /SHA-256 ([0-9a-f]{64})/.exec(token.notes ?? '');
    if (seen) held.set(seen[1]!, token.id);
  }
  return held;
}
