/**
 * A workspace's trusted certificate authorities (ACCESS_PATTERNS.md rows 61–63; items of
 * entities/trusted-certificate-authority.ts). Adding one counts it on the workspace item in the
 * same transaction, on condition the limit is not reached, and puts it on condition its key (the
 * certificate's fingerprint) is free, so neither concurrent additions nor the same certificate
 * twice get past; removing one gives its place back.
 */
import { insertCountedItems, removeCountedItem, type ItemCounter } from './counted-items';
import {
  TRUSTED_CA_COUNT,
  trustedCertificateAuthorityCodec,
  type TrustedCertificateAuthorityRecord,
} from './entities/trusted-certificate-authority';
import { keys, TRUSTED_CA_SORT_PREFIX } from './keys';
import { conditionFailedAt, queryAll, readItem, sortKeyPrefixQuery } from './table-operations';

const trustedCaCounter = (workspaceId: string): ItemCounter => ({
  key: keys.workspace(workspaceId),
  attribute: TRUSTED_CA_COUNT,
});

/** The workspace trusts as many certificate authorities as it may. */
export class TrustedCaLimitError extends Error {
  constructor() {
    super('The workspace trusts as many certificate authorities as it may');
    this.name = 'TrustedCaLimitError';
  }
}

/** The workspace already trusts this very certificate. */
export class TrustedCaDuplicateError extends Error {
  constructor() {
    super('The workspace already trusts this certificate authority');
    this.name = 'TrustedCaDuplicateError';
  }
}

/** The certificate authority is not (or no longer) trusted by the workspace. */
export class TrustedCaMissingError extends Error {
  constructor() {
    super('The workspace does not trust this certificate authority');
    this.name = 'TrustedCaMissingError';
  }
}

/**
 * The workspace's trusted certificate authorities, oldest first. `consistent`: the routes read
 * what was just written; the endpoint checks may read a moment behind.
 */
export async function listTrustedCertificateAuthorities(
  workspaceId: string,
  options: { readonly consistent: boolean },
): Promise<TrustedCertificateAuthorityRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, TRUSTED_CA_SORT_PREFIX, {
      consistentRead: options.consistent,
    }),
  );
  return items
    .map((item) => trustedCertificateAuthorityCodec.fromItem(item))
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.caId.localeCompare(b.caId));
}

export async function findTrustedCertificateAuthority(
  workspaceId: string,
  caId: string,
): Promise<TrustedCertificateAuthorityRecord | null> {
  const item = await readItem(keys.trustedCertificateAuthority(workspaceId, caId), {
    consistentRead: true,
  });
  return item ? trustedCertificateAuthorityCodec.fromItem(item) : null;
}

/** Puts a new trusted certificate authority and counts it, within `limit` per workspace. */
export async function insertTrustedCertificateAuthority(
  record: TrustedCertificateAuthorityRecord,
  limit: number,
): Promise<void> {
  try {
    await insertCountedItems(trustedCaCounter(record.workspaceId), limit, [
      trustedCertificateAuthorityCodec.toItem(record),
    ]);
  } catch (error) {
    // The same certificate again says so even when the workspace is also at its limit.
    if (conditionFailedAt(error, 1)) throw new TrustedCaDuplicateError();
    if (conditionFailedAt(error, 0)) throw new TrustedCaLimitError();
    throw error;
  }
}

/** Deletes the trusted certificate authority and gives its place under the limit back. */
export async function removeTrustedCertificateAuthority(
  workspaceId: string,
  caId: string,
): Promise<void> {
  try {
    await removeCountedItem(
      keys.trustedCertificateAuthority(workspaceId, caId),
      trustedCaCounter(workspaceId),
    );
  } catch (error) {
    if (conditionFailedAt(error, 0)) throw new TrustedCaMissingError();
    throw error;
  }
}

/**
 * The PEM of each certificate authority the workspace trusts, for its endpoint checks: consistent
 * for "Check now", which may follow an upload at once; a scheduled check may read a moment behind.
 */
export async function trustedCertificateAuthorityPems(
  workspaceId: string,
  options: { readonly consistent: boolean },
): Promise<string[]> {
  const records = await listTrustedCertificateAuthorities(workspaceId, options);
  return records.map((record) => record.pem);
}
