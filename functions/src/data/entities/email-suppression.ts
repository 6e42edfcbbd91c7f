/**
 * The email suppression entity (ACCESS_PATTERNS.md row 48; codec pattern: entity-codec.ts): an
 * address SES reported as permanently bouncing or complaining, `pk=EMAIL_SUPPRESSION#<lower-cased
 * address>`, `sk=EMAIL_SUPPRESSION`. Its presence suppresses the address: the alert worker and the
 * account emails skip it. One item per address, across workspaces (a mailbox that does not exist
 * bounces for every sender); the latest report replaces the previous one.
 *
 * Reading: every attribute is required but `detail`.
 */
import * as z from 'zod';
import { keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export interface EmailSuppression {
  /** Lower case. */
  readonly address: string;
  readonly reason: SuppressionReason;
  /** What SES reported: the bounce's diagnostic or the complaint's feedback type. */
  readonly detail: string | null;
  /** ISO instant of the report. */
  readonly reportedAt: string;
}

export const emailSuppressionItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('EMAIL_SUPPRESSION'),
  address: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  detail: z.string().nullable().default(null),
  reportedAt: z.string(),
});

export type EmailSuppressionItem = z.output<typeof emailSuppressionItemSchema>;

export const emailSuppressionCodec = {
  entity: 'EMAIL_SUPPRESSION',
  itemSchema: emailSuppressionItemSchema,

  keyOf: ({ address }) => keys.emailSuppression(address),

  toItem: ({ address, reason, detail, reportedAt }) => ({
    ...keys.emailSuppression(address),
    entity: 'EMAIL_SUPPRESSION',
    address: address.toLowerCase(),
    reason,
    detail,
    reportedAt,
  }),

  fromItem(item) {
    const { address, reason, detail, reportedAt } = parseItem(
      'EMAIL_SUPPRESSION',
      emailSuppressionItemSchema,
      item,
    );
    return { address, reason, detail, reportedAt };
  },
} satisfies EntityCodec<EmailSuppression, EmailSuppressionItem>;
