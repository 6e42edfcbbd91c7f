/**
 * The SSO subject link entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): `pk=SSO_SUBJECT#<SHA-256 of organization, issuer and subject>`,
 * `sk=SSO_SUBJECT`, the account a provider's subject (OIDC `iss` + `sub`, SAML IdP entity id +
 * NameID) signs in as, so an address changed at the provider keeps the account; with the user's
 * index entry `gsi1pk=USER#<userId>`, `gsi1sk=SSO_SUBJECT#<hash>` (account deletion).
 */
import * as z from 'zod';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface SsoIdentityRecord {
  readonly subjectHash: string;
  readonly organizationId: string;
  readonly issuer: string;
  readonly subject: string;
  readonly userId: string;
  readonly linkedAt: string;
}

export const ssoIdentityItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  subjectHash: z.string(),
  organizationId: z.string(),
  issuer: z.string(),
  subject: z.string(),
  userId: z.string(),
  linkedAt: z.string(),
});

export type SsoIdentityItem = z.output<typeof ssoIdentityItemSchema>;

export const ssoIdentityCodec = {
  entity: 'SSO_IDENTITY',
  itemSchema: ssoIdentityItemSchema,

  keyOf: ({ subjectHash }) => keys.ssoIdentity(subjectHash),

  toItem: (record) => ({
    ...keys.ssoIdentity(record.subjectHash),
    ...gsi1.ssoIdentity(record.userId, record.subjectHash),
    ...record,
  }),

  fromItem(item) {
    const {
      pk: _pk,
      sk: _sk,
      gsi1pk: _gsi1pk,
      gsi1sk: _gsi1sk,
      ...record
    } = parseItem('SSO_IDENTITY', ssoIdentityItemSchema, item);
    return record;
  },
} satisfies EntityCodec<SsoIdentityRecord, SsoIdentityItem>;
