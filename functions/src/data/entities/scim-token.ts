/**
 * The SCIM token entity (ACCESS_PATTERNS.md, SCIM provisioning; codec pattern: entity-codec.ts):
 * `pk=ORG#<ownerUserId>`, `sk=SCIM_TOKEN`, the SHA-256 of the organization's one bearer token
 * (the token itself is shown once and never stored), when it was made and by whom.
 */
import * as z from 'zod';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface ScimTokenRecord {
  readonly organizationId: string;
  readonly tokenHash: string;
  readonly createdAt: string;
  readonly createdBy: string;
}

export const scimTokenItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SCIM_TOKEN'),
  tokenHash: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});

export type ScimTokenItem = z.output<typeof scimTokenItemSchema>;

export const scimTokenCodec = {
  entity: 'SCIM_TOKEN',
  itemSchema: scimTokenItemSchema,

  keyOf: ({ organizationId }) => keys.scimToken(organizationId),

  toItem: ({ organizationId, ...stored }) => ({
    ...keys.scimToken(organizationId),
    entity: 'SCIM_TOKEN',
    ...stored,
  }),

  fromItem(item) {
    const {
      pk,
      sk: _sk,
      entity: _entity,
      ...stored
    } = parseItem('SCIM_TOKEN', scimTokenItemSchema, item);
    return {
      organizationId: requireKeyPart(
        'SCIM_TOKEN',
        item,
        keyParts.organizationId(pk),
        'organization id',
      ),
      ...stored,
    };
  },
} satisfies EntityCodec<ScimTokenRecord, ScimTokenItem>;
