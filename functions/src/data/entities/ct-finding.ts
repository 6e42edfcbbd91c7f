/**
 * The certificate transparency finding entity (ACCESS_PATTERNS.md row 66; codec pattern:
 * entity-codec.ts): a certificate seen for one of a workspace's watched domains,
 * `pk=WS#<workspaceId>`, `sk=CT_FINDING#<cert_sha256>`. Its key is the certificate's SHA-256, so a
 * certificate is one finding however many domains, reads or retries find it, and it is put only
 * if absent: that put decides who alerts. `alertedAt` is set once its alert went out (a retried
 * read sends only what was not sent). It holds the names, the issuer as named to people, the
 * validity, whether the issuer was unexpected, and what became of it (`new`, `added` with the
 * token it became, `in_inventory` with the token that already held it). It expires (`ttl`) 30
 * days after the certificate does: Cert Spotter lists unexpired certificates only, and the watch
 * reads each domain forward from its position, so an expired certificate is never read again.
 */
import * as z from 'zod';
import {
  CT_FINDING_STATUSES,
  type CtFindingStatus,
} from '@expiry-radar/shared/domain/watched-domains';
import { epochSeconds, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

/** Days a finding is kept after its certificate expired. */
export const CT_FINDING_KEPT_DAYS = 30;

export interface CtFindingRecord {
  readonly workspaceId: string;
  readonly certificateId: string;
  readonly domain: string;
  /** Cert Spotter's issuance id. */
  readonly issuanceId: string;
  readonly dnsNames: readonly string[];
  readonly issuer: string;
  readonly notBefore: string;
  readonly notAfter: string;
  readonly unexpectedIssuer: boolean;
  readonly status: CtFindingStatus;
  readonly tokenId: string | null;
  readonly seenAt: string;
  readonly alertedAt: string | null;
}

export const ctFindingItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('CT_FINDING'),
  domain: z.string(),
  issuanceId: z.string(),
  dnsNames: z.array(z.string()),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  unexpectedIssuer: z.boolean(),
  status: z.enum(CT_FINDING_STATUSES),
  tokenId: z.string().nullable(),
  seenAt: z.string(),
  alertedAt: z.string().nullable(),
  ttl: z.number().optional(),
});

export type CtFindingItem = z.output<typeof ctFindingItemSchema>;

export const ctFindingCodec = {
  entity: 'CT_FINDING',
  itemSchema: ctFindingItemSchema,

  keyOf: ({ workspaceId, certificateId }) => keys.ctFinding(workspaceId, certificateId),

  toItem: ({ workspaceId, certificateId, dnsNames, ...rest }) => ({
    ...keys.ctFinding(workspaceId, certificateId),
    entity: 'CT_FINDING',
    dnsNames: [...dnsNames],
    ...rest,
    ttl: epochSeconds(new Date(Date.parse(rest.notAfter) + CT_FINDING_KEPT_DAYS * 24 * 3_600_000)),
  }),

  fromItem(item) {
    const {
      pk,
      sk,
      entity: _entity,
      ttl: _ttl,
      ...stored
    } = parseItem('CT_FINDING', ctFindingItemSchema, item);
    return {
      workspaceId: requireKeyPart('CT_FINDING', item, keyParts.workspaceId(pk), 'workspace id'),
      certificateId: requireKeyPart('CT_FINDING', item, keyParts.ctFindingId(sk), 'certificate id'),
      ...stored,
    };
  },
} satisfies EntityCodec<CtFindingRecord, CtFindingItem>;
