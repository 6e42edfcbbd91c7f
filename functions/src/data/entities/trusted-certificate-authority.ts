/**
 * The trusted certificate authority entity (ACCESS_PATTERNS.md rows 61–63; codec pattern:
 * entity-codec.ts): a CA certificate a workspace's endpoint checks trust,
 * `pk=WS#<workspaceId>`, `sk=TRUSTED_CA#<caId>`, the id being the lower-case hexadecimal SHA-256
 * of the certificate (so the key itself refuses the same certificate twice). It holds the PEM as
 * read (domain/trusted-ca-certificate.ts), its subject, issuer, validity and fingerprint, who added
 * it (their user id only: their address is read from their account, so it is gone with the
 * account) and when. Deleted with the workspace's other items. The workspace item counts them in
 * `trustedCaCount`, against the fixed limit per workspace.
 *
 * Reading: every attribute is required; the workspace and CA ids come from the key.
 */
import * as z from 'zod';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

/** The workspace item's attribute counting its trusted certificate authorities. */
export const TRUSTED_CA_COUNT = 'trustedCaCount';

export interface TrustedCertificateAuthorityRecord {
  readonly workspaceId: string;
  readonly caId: string;
  readonly pem: string;
  readonly subject: string;
  readonly issuer: string;
  readonly notBefore: string;
  readonly notAfter: string;
  readonly fingerprintSha256: string;
  readonly addedById: string;
  readonly addedAt: string;
}

export const trustedCertificateAuthorityItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('TRUSTED_CA'),
  pem: z.string(),
  subject: z.string(),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  fingerprintSha256: z.string(),
  addedById: z.string(),
  addedAt: z.string(),
});

export type TrustedCertificateAuthorityItem = z.output<
  typeof trustedCertificateAuthorityItemSchema
>;

export const trustedCertificateAuthorityCodec = {
  entity: 'TRUSTED_CA',
  itemSchema: trustedCertificateAuthorityItemSchema,

  keyOf: ({ workspaceId, caId }) => keys.trustedCertificateAuthority(workspaceId, caId),

  toItem: (record) => ({
    ...keys.trustedCertificateAuthority(record.workspaceId, record.caId),
    entity: 'TRUSTED_CA',
    pem: record.pem,
    subject: record.subject,
    issuer: record.issuer,
    notBefore: record.notBefore,
    notAfter: record.notAfter,
    fingerprintSha256: record.fingerprintSha256,
    addedById: record.addedById,
    addedAt: record.addedAt,
  }),

  fromItem(item) {
    const {
      pk,
      sk,
      entity: _entity,
      ...stored
    } = parseItem('TRUSTED_CA', trustedCertificateAuthorityItemSchema, item);
    return {
      workspaceId: requireKeyPart('TRUSTED_CA', item, keyParts.workspaceId(pk), 'workspace id'),
      caId: requireKeyPart(
        'TRUSTED_CA',
        item,
        keyParts.trustedCertificateAuthorityId(sk),
        'certificate authority id',
      ),
      ...stored,
    };
  },
} satisfies EntityCodec<TrustedCertificateAuthorityRecord, TrustedCertificateAuthorityItem>;
