/**
 * The verified domain claim entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): `pk=VERIFIED_DOMAIN#<domain>`, `sk=VERIFIED_DOMAIN`, naming the one
 * organization that verified the domain. Put with `attribute_not_exists`, so no two
 * organizations hold one domain; the login page reads it to find an address's organization.
 */
import * as z from 'zod';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface VerifiedDomainClaimRecord {
  readonly domain: string;
  readonly organizationId: string;
  readonly verifiedAt: string;
}

export const verifiedDomainClaimItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('VERIFIED_DOMAIN'),
  organizationId: z.string(),
  verifiedAt: z.string(),
});

export type VerifiedDomainClaimItem = z.output<typeof verifiedDomainClaimItemSchema>;

export const verifiedDomainClaimCodec = {
  entity: 'VERIFIED_DOMAIN',
  itemSchema: verifiedDomainClaimItemSchema,

  keyOf: ({ domain }) => keys.verifiedDomainClaim(domain),

  toItem: (record) => ({
    ...keys.verifiedDomainClaim(record.domain),
    entity: 'VERIFIED_DOMAIN',
    organizationId: record.organizationId,
    verifiedAt: record.verifiedAt,
  }),

  fromItem(item) {
    const { pk, organizationId, verifiedAt } = parseItem(
      'VERIFIED_DOMAIN',
      verifiedDomainClaimItemSchema,
      item,
    );
    return {
      domain: requireKeyPart('VERIFIED_DOMAIN', item, keyParts.verifiedDomain(pk), 'domain'),
      organizationId,
      verifiedAt,
    };
  },
} satisfies EntityCodec<VerifiedDomainClaimRecord, VerifiedDomainClaimItem>;
