/**
 * The pending SAML sign-in entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): `pk=SAML_REQUEST#<SHA-256 of the RelayState>`, `sk=SAML_REQUEST` (the
 * RelayState itself is never stored), holding the organization, the address asked for, the id
 * of the AuthnRequest sent (a response's InResponseTo must be it) and the app path to land on,
 * until `expiresAt` (and `ttl`). `answeredAt` is set once, by the response that signed someone
 * in; the item stays until its TTL so a replayed response is still recognised and audited.
 */
import * as z from 'zod';
import { epochSeconds, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface SamlRequestRecord {
  readonly relayStateHash: string;
  readonly organizationId: string;
  readonly email: string;
  readonly requestId: string;
  readonly redirect: string;
  readonly expiresAt: string;
  readonly answeredAt?: string;
}

export const samlRequestItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  relayStateHash: z.string(),
  organizationId: z.string(),
  email: z.string(),
  requestId: z.string(),
  redirect: z.string(),
  expiresAt: z.string(),
  answeredAt: z.string().optional(),
  ttl: z.number(),
});

export type SamlRequestItem = z.output<typeof samlRequestItemSchema>;

export const samlRequestCodec = {
  entity: 'SAML_REQUEST',
  itemSchema: samlRequestItemSchema,

  keyOf: ({ relayStateHash }) => keys.samlRequest(relayStateHash),

  toItem: (record) => ({
    ...keys.samlRequest(record.relayStateHash),
    ...record,
    ttl: epochSeconds(new Date(record.expiresAt)),
  }),

  fromItem(item) {
    const {
      pk: _pk,
      sk: _sk,
      ttl: _ttl,
      ...record
    } = parseItem('SAML_REQUEST', samlRequestItemSchema, item);
    return record;
  },
} satisfies EntityCodec<SamlRequestRecord, SamlRequestItem>;
