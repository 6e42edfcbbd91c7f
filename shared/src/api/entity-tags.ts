/**
 * Optimistic concurrency the HTTP way (RFC 9110 §8.8.3 and §13.1.1): a resource several people
 * may edit at once answers its revision as an entity tag (`ETag`), and a write sent with
 * `If-Match: <that tag>` is made only while the resource is still at that revision; otherwise it
 * answers 412 PRECONDITION_FAILED and writes nothing. A write without `If-Match` is made as before
 * (the CLI, integrations and API keys send none).
 *
 * The tag of a token, and of a workspace's alert settings, is its `updated_at` in double quotes;
 * alert settings never saved (`updated_at` null) have the empty tag `""`.
 */

export const IF_MATCH_HEADER = 'If-Match';
export const ETAG_HEADER = 'ETag';

export const MALFORMED_IF_MATCH_MESSAGE =
  'If-Match must be "*" or entity tags in double quotes, such as the ETag of the read it follows.';

/** The entity tag of a revision: its `updated_at`, quoted. */
export function entityTagOf(updatedAt: string | null): string {
  return `"${updatedAt ?? ''}"`;
}

/** What an `If-Match` asks: any current revision (`*`), or one of these entity tags. */
export type IfMatch =
  { readonly any: true } | { readonly any: false; readonly tags: readonly EntityTag[] };

export interface EntityTag {
  readonly weak: boolean;
  /** The tag between its quotes. */
  readonly opaque: string;
}

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc = %x21 / %x23-7E / obs-text. A comma may
// be inside a tag, so the list is read tag by tag rather than split.
const ENTITY_TAG = /\s*(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)"\s*(,|$)/y;

/** Reads an `If-Match` header's value; undefined when it is neither `*` nor entity tags. */
export function parseIfMatch(value: string): IfMatch | undefined {
  if (value.trim() === '*') return { any: true };
  const tags: EntityTag[] = [];
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < value.length) {
    const match = ENTITY_TAG.exec(value);
    if (!match) return undefined;
    tags.push({ weak: match[1] !== undefined, opaque: match[2]! });
    if (match[3] === '') break;
  }
  return tags.length > 0 ? { any: false, tags } : undefined;
}

/**
 * Whether a write may go ahead on the revision `updatedAt`: `*` matches any, a tag by strong
 * comparison (a weak tag never matches, RFC 9110 §13.1.1).
 */
export function ifMatchAllows(ifMatch: IfMatch, updatedAt: string | null): boolean {
  if (ifMatch.any) return true;
  const current = entityTagOf(updatedAt);
  return ifMatch.tags.some((tag) => !tag.weak && `"${tag.opaque}"` === current);
}
