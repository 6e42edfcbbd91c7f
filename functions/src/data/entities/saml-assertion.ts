/**
 * The used SAML assertion entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): `pk=SAML_ASSERTION#<SHA-256 of organization, issuer and assertion id>`,
 * `sk=SAML_ASSERTION`, written once (conditional put) when an assertion signs someone in and kept
 * until the assertion's own NotOnOrAfter has passed (`ttl`), after which its time window refuses
 * it anyway: an assertion is used at most once.
 */
import * as z from 'zod';
import { epochSeconds, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface SamlAssertionRecord {
  readonly assertionHash: string;
  readonly organizationId: string;
  readonly usedAt: string;
  /** When the assertion stops being valid; the item goes with its TTL after that. */
  readonly expiresAt: string;
}

export const samlAssertionItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  assertionHash: z.string(),
  organizationId: z.string(),
  usedAt: z.string(),
  expiresAt: z.string(),
  ttl: z.number(),
});

export type SamlAssertionItem = z.output<typeof samlAssertionItemSchema>;

export const samlAssertionCodec = {
  entity: 'SAML_ASSERTION',
  itemSchema: samlAssertionItemSchema,

  keyOf: ({ assertionHash }) => keys.samlAssertion(assertionHash),

  toItem: (record) => ({
    ...keys.samlAssertion(record.assertionHash),
    ...record,
    ttl: epochSeconds(new Date(record.expiresAt)),
  }),

  fromItem(item) {
    const {
      pk: _pk,
      sk: _sk,
      ttl: _ttl,
      ...record
    } = parseItem('SAML_ASSERTION', samlAssertionItemSchema, item);
    return record;
  },
} satisfies EntityCodec<SamlAssertionRecord, SamlAssertionItem>;
