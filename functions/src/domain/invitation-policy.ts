/**
 * Limits on invitations, which send email to outside addresses: every invitation (a first one,
 * or one sent again after a cancellation) counts for the person who sends it and for the
 * invited address, whoever sends it.
 */
import type { RateLimitRule } from './account-policy';

const HOUR = 60 * 60;

export const INVITATION_RATE_LIMITS = {
  perActor: { name: 'invite-actor', limit: 30, windowSeconds: HOUR },
  perAddress: { name: 'invite-address', limit: 5, windowSeconds: 24 * HOUR },
  /** Look-ups of an invitation link's names (a public route) from one client address. */
  previewPerIp: { name: 'invite-preview-ip', limit: 60, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimitRule>;
