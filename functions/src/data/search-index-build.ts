/**
 * The first build of the search index (data/search-index.ts) of a workspace from before it: its
 * first search reads every token (ACCESS_PATTERNS.md row 13's Query) once.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Token } from '@expiry-radar/shared/domain/token';
import { latestEntries, searchEntryOf, type SearchEntry } from '../domain/search-entries';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import type { SearchDeltaRecord } from './entities/search-delta';
import { searchManifestCodec, type SearchManifestRecord } from './entities/search-manifest';
import { tokenCodec } from './entities/token';
import { keys, TOKEN_SORT_PREFIX } from './keys';
import { cleanUp, deletePacks, writePacks } from './search-index-store';
import { queryAll, sortKeyPrefixQuery } from './table-operations';

export interface BuiltIndex {
  /** The latest entry of every token, tombstones included. */
  readonly latest: ReadonlyMap<string, SearchEntry>;
  /** The tokens read, by id (a base built next keeps them without reading them again). */
  readonly tokens: ReadonlyMap<string, Token>;
  readonly tokensRead: number;
}

/**
 * Builds the index of a workspace that has none from every token (read after `deltas`, so it
 * reflects them) and the deltas' entries, in packs, with those deltas named as folded. Of
 * concurrent builds one commits (the manifest is put only if none exists, and only while the
 * workspace exists); the others delete their packs and get undefined.
 */
export async function buildIndex(
  workspaceId: string,
  deltas: readonly SearchDeltaRecord[],
): Promise<BuiltIndex | undefined> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, TOKEN_SORT_PREFIX, { consistentRead: true }),
  );
  const tokens = new Map(
    items.map((item) => {
      const { token } = tokenCodec.fromItem(item);
      return [token.id, token];
    }),
  );
  const latest = latestEntries([
    ...[...tokens.values()].map(searchEntryOf),
    ...deltas.flatMap(({ entries }) => entries),
  ]);
  // No base yet: it holds nothing of any token (the first base covers these packs).
  const packs = await writePacks(
    workspaceId,
    [...latest.values()].map((entry) => ({ entry, origin: 'absent' as const })),
  );
  const manifest: SearchManifestRecord = {
    workspaceId,
    version: 1,
    packs,
    folded: deltas.map(({ deltaId }) => deltaId),
    retired: [],
    leaseUntil: null,
    base: null,
  };
  const { tableName } = getConfig();
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: searchManifestCodec.toItem(manifest),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            ConditionCheck: {
              TableName: tableName,
              Key: keys.workspace(workspaceId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    await deletePacks(
      workspaceId,
      packs.map(({ id }) => id),
    );
    if (error instanceof Error && error.name === 'TransactionCanceledException') return undefined;
    throw error;
  }
  await cleanUp(manifest);
  return { latest, tokens, tokensRead: items.length };
}
