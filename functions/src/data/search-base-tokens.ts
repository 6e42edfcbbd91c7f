/**
 * The tokens a new search base keeps in its chunks (data/search-base.ts), each at the revision of
 * its entry, so that a search the base narrows answers from the chunks it reads anyway instead of
 * reading each candidate's token by key (half a read unit each, whatever its size).
 *
 * A token is taken from the base being replaced when it has not changed since (same revision),
 * else read by key: eventually consistent, and again consistently when that read gave it older
 * or not at all. A token whose read is not at its entry's revision (changed again or deleted
 * since the packs were read: a later delta holds that) is left out, and a search reads it by key.
 * At most TOKENS_READ_PER_BUILD are read per build, so a first base over a large workspace fills
 * in over the next builds (search-index-compaction.ts builds again while many are missing).
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import { compareRevisions, type LiveSearchEntry } from '../domain/search-entries';
import { logger } from '../platform/logger';
import { tokensOfItems } from './entities/token';
import { keys } from './keys';
import { batchGetAtOnce } from './table-operations';

/** Tokens read by key per build: a few seconds of BatchGetItem in a function of 10 seconds. */
export const TOKENS_READ_PER_BUILD = 25_000;
/** Keys read at once: 8 BatchGetItem requests of 100. */
const KEYS_AT_ONCE = 800;

async function readTokens(
  workspaceId: string,
  ids: readonly string[],
  consistentRead: boolean,
): Promise<Map<string, Token>> {
  const tokens = new Map<string, Token>();
  for (let start = 0; start < ids.length; start += KEYS_AT_ONCE) {
    const items = await batchGetAtOnce(
      ids.slice(start, start + KEYS_AT_ONCE).map((id) => keys.token(workspaceId, id)),
      { consistentRead },
    );
    const read = tokensOfItems(items, (error) => {
      logger.warn('A token the search base would keep is malformed', { error: error.message });
    });
    for (const [id, token] of read) tokens.set(id, token);
  }
  return tokens;
}

/** What a base build keeps of the tokens, and how many it read by key. */
export interface BaseTokens {
  readonly tokens: Map<string, Token>;
  readonly tokensRead: number;
}

/**
 * The tokens of `entries` at their entries' revisions: from `previous` (the tokens the base being
 * replaced keeps) where unchanged, else read by key, at most `readAtMost` of them.
 */
export async function tokensForBase(
  workspaceId: string,
  entries: readonly LiveSearchEntry[],
  previous: ReadonlyMap<string, Token>,
  readAtMost = TOKENS_READ_PER_BUILD,
): Promise<BaseTokens> {
  const tokens = new Map<string, Token>();
  const wanted: LiveSearchEntry[] = [];
  for (const entry of entries) {
    const kept = previous.get(entry.id);
    if (kept?.updated_at === entry.rev) tokens.set(entry.id, kept);
    else if (wanted.length < readAtMost) wanted.push(entry);
  }
  const eventually = await readTokens(
    workspaceId,
    wanted.map(({ id }) => id),
    false,
  );
  const again: LiveSearchEntry[] = [];
  for (const entry of wanted) {
    const read = eventually.get(entry.id);
    if (read?.updated_at === entry.rev) tokens.set(entry.id, read);
    else if (!read || compareRevisions(read.updated_at, entry.rev) < 0) again.push(entry);
  }
  const consistently = await readTokens(
    workspaceId,
    again.map(({ id }) => id),
    true,
  );
  for (const entry of again) {
    const read = consistently.get(entry.id);
    if (read?.updated_at === entry.rev) tokens.set(entry.id, read);
  }
  return { tokens, tokensRead: wanted.length + again.length };
}
