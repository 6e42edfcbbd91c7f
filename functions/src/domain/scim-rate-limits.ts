/**
 * Limits on SCIM requests with a wrong bearer token that names an organization (its id is the
 * token's prefix; the token is then looked up). A missing token, or one that names none, is
 * refused 401 at once, reading nothing, and is not counted. A right token is never limited here: a
 * stranger's flood cannot hold up the organization's identity provider. Over a limit the answer
 * is 429 with `Retry-After` instead of 401, and nothing is audited.
 */
import { tryAgainIn } from '@expiry-radar/shared/errors/retry-after';
import type { RateLimitRule } from './account-policy';
import { rateLimitAddress } from './rate-limit-address';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const SCIM_RATE_LIMITS = {
  /** Wrong tokens from one client address (an IPv6 one by its /64), whatever they name. */
  wrongTokenPerIp: { name: 'scim-wrong-token-ip', limit: 30, windowSeconds: 15 * MINUTE },
  /** Wrong tokens that name one organization, from anywhere. */
  wrongTokenPerOrganization: {
    name: 'scim-wrong-token-organization',
    limit: 100,
    windowSeconds: HOUR,
  },
  /**
   * "SCIM request refused" entries in the owner's trail: one per organization and client address
   * an hour; the refusals after it in that hour are answered the same and not recorded again.
   */
  refusalAuditPerOrganizationAndIp: {
    name: 'scim-refusal-audit',
    limit: 1,
    windowSeconds: HOUR,
  },
} as const satisfies Record<string, RateLimitRule>;

/** The subject of `refusalAuditPerOrganizationAndIp`. */
export function organizationAndClientSubject(organizationId: string, ip: string): string {
  return `${organizationId} from ${rateLimitAddress(ip)}`;
}

/** The 429's detail. */
export function scimWrongTokenLimitMessage(retryAfterSeconds: number): string {
  return `Too many requests with a wrong bearer token. ${tryAgainIn(retryAfterSeconds)}.`;
}
