/**
 * PagerDuty's V3 webhooks, the back-channel of PagerDuty alerts: the documented signature
 * (`X-PagerDuty-Signature: v1=<hex HMAC-SHA256 of the raw body under the subscription's
 * secret>`, several comma-separated while PagerDuty rotates the secret; one match is enough) and
 * the part of an event it reads (`event.event_type`, `event.data` the incident with its
 * `incident_key`, which is the `dedup_key` our trigger sent: the alert id).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import type { RateLimitRule } from './account-policy';

export const PAGERDUTY_SIGNATURE_HEADER = 'x-pagerduty-signature';

/**
 * Deliveries no stored secret signed, limited (each check opens the webhooks' sealed secrets; one
 * without a signature header is refused 400 before, opening nothing, and is not counted).
 * Every delivery is counted before its signature is checked and given back once it proves signed,
 * so PagerDuty's own deliveries never add up: PagerDuty delivers from a few addresses for all its
 * customers, and a limit that counted them would let one busy or misconfigured customer, or
 * anyone posting to a workspace's address, hold up everybody's events. Per client address and
 * workspace first (a stranger's flood refuses only their own address's posts to that workspace),
 * then per client address. PagerDuty retries a 429 after `Retry-After`.
 */
export const PAGERDUTY_WEBHOOK_RATE_LIMITS = {
  refusedPerIpAndWorkspace: {
    name: 'pagerduty-webhook-refused',
    limit: 60,
    windowSeconds: 5 * 60,
  },
  refusedPerIp: { name: 'pagerduty-webhook-refused-ip', limit: 600, windowSeconds: 5 * 60 },
} as const satisfies Record<string, RateLimitRule>;

const SIGNATURE_VERSION = 'v1=';

/** The header value PagerDuty sends for `rawBody` signed with `secret` (for tests and the script). */
export function pagerDutySignature(secret: string, rawBody: string): string {
  return `${SIGNATURE_VERSION}${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** The v1 signatures of a header value, without their prefix; other versions are left out. */
export function signaturesOf(header: string): string[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(SIGNATURE_VERSION))
    .map((part) => part.slice(SIGNATURE_VERSION.length).toLowerCase());
}

/** Whether one of the header's v1 signatures is the body's under `secret` (constant time). */
export function isSignedWith(secret: string, rawBody: string, signatures: readonly string[]) {
  const expected = Buffer.from(pagerDutySignature(secret, rawBody).slice(SIGNATURE_VERSION.length));
  let matched = false;
  for (const signature of signatures) {
    const presented = Buffer.from(signature);
    matched =
      (presented.length === expected.length && timingSafeEqual(presented, expected)) || matched;
  }
  return matched;
}

/** The incident events that act on an alert; every other event type is answered and ignored. */
export const PAGERDUTY_ACTING_EVENTS = ['incident.acknowledged', 'incident.resolved'] as const;
export type PagerDutyActingEvent = (typeof PAGERDUTY_ACTING_EVENTS)[number];

const reference = z.object({ summary: z.string().max(500).optional() }).nullish();

export const pagerDutyEventSchema = z.object({
  event: z.object({
    id: z.string().min(1).max(200),
    event_type: z.string().min(1).max(200),
    occurred_at: z.string().max(60).optional(),
    /** Who did it in PagerDuty (a user reference; its summary is the person's name). */
    agent: reference,
    data: z
      .object({
        id: z.string().max(200).optional(),
        type: z.string().max(100).optional(),
        number: z.number().optional(),
        html_url: z.string().max(2000).optional(),
        incident_key: z.string().max(1000).nullish(),
      })
      .nullish(),
  }),
});
export type PagerDutyEvent = z.infer<typeof pagerDutyEventSchema>;

export function isActingEvent(eventType: string): eventType is PagerDutyActingEvent {
  return (PAGERDUTY_ACTING_EVENTS as readonly string[]).includes(eventType);
}

/** A V3 webhook body as PagerDuty sends it for an incident event (for tests and the script). */
export function pagerDutyIncidentEvent(options: {
  eventType: string;
  incidentKey: string;
  incidentId?: string;
  agent?: string;
  occurredAt?: Date;
}): Record<string, unknown> {
  const incidentId = options.incidentId ?? 'PGR0VU2';
  return {
    event: {
      id: randomUUID(),
      event_type: options.eventType,
      resource_type: 'incident',
      occurred_at: (options.occurredAt ?? new Date()).toISOString(),
      agent: {
        id: 'PLH1HKV',
        type: 'user_reference',
        summary: options.agent ?? 'Ada Lovelace',
        self: 'https://api.pagerduty.com/users/PLH1HKV',
        html_url: 'https://acme.pagerduty.com/users/PLH1HKV',
      },
      client: { name: 'PagerDuty' },
      data: {
        id: incidentId,
        type: 'incident',
        self: `https://api.pagerduty.com/incidents/${incidentId}`,
        html_url: `https://acme.pagerduty.com/incidents/${incidentId}`,
        number: 2,
        status: options.eventType === 'incident.resolved' ? 'resolved' : 'acknowledged',
        incident_key: options.incidentKey,
        title: 'Expiry Radar alert',
        urgency: 'high',
        resolve_reason: null,
      },
    },
  };
}
