/**
 * The organization domain entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): an email domain an organization added, `pk=ORG#<ownerUserId>`,
 * `sk=DOMAIN#<domain>`, with the random token its DNS TXT record must hold, when it was added,
 * verified (null while pending) and the last check's error.
 */
import * as z from 'zod';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface OrganizationDomainRecord {
  readonly organizationId: string;
  readonly domain: string;
  readonly token: string;
  readonly addedAt: string;
  readonly verifiedAt: string | null;
  readonly lastCheckError: string | null;
}

export const organizationDomainItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('ORGANIZATION_DOMAIN'),
  token: z.string(),
  addedAt: z.string(),
  verifiedAt: z.string().nullable(),
  lastCheckError: z.string().nullable().default(null),
});

export type OrganizationDomainItem = z.output<typeof organizationDomainItemSchema>;

export const organizationDomainCodec = {
  entity: 'ORGANIZATION_DOMAIN',
  itemSchema: organizationDomainItemSchema,

  keyOf: ({ organizationId, domain }) => keys.organizationDomain(organizationId, domain),

  toItem: (record) => ({
    ...keys.organizationDomain(record.organizationId, record.domain),
    entity: 'ORGANIZATION_DOMAIN',
    token: record.token,
    addedAt: record.addedAt,
    verifiedAt: record.verifiedAt,
    lastCheckError: record.lastCheckError,
  }),

  fromItem(item) {
    const { pk, sk, token, addedAt, verifiedAt, lastCheckError } = parseItem(
      'ORGANIZATION_DOMAIN',
      organizationDomainItemSchema,
      item,
    );
    return {
      organizationId: requireKeyPart(
        'ORGANIZATION_DOMAIN',
        item,
        keyParts.organizationId(pk),
        'organization id',
      ),
      domain: requireKeyPart(
        'ORGANIZATION_DOMAIN',
        item,
        keyParts.organizationDomain(sk),
        'domain',
      ),
      token,
      addedAt,
      verifiedAt,
      lastCheckError,
    };
  },
} satisfies EntityCodec<OrganizationDomainRecord, OrganizationDomainItem>;
