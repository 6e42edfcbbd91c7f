/**
 * A workspace's search index (ACCESS_PATTERNS.md rows 13 and 13d): what a search reads instead of
 * every token, so that it reads a few large items rather than the whole inventory, while each
 * token write adds one small item.
 *
 * - Every token transaction also puts one delta (entities/search-delta.ts) with the entries of
 *   the tokens it wrote (domain/search-entries), so the index never lags a committed write.
 * - Packs (entities/search-pack.ts) hold the entries of thousands of tokens each, deflated;
 *   written once, never changed.
 * - The manifest (entities/search-manifest.ts) names the packs in use and the deltas already
 *   folded into them.
 *
 * Reading: Query the deltas, then GetItem the manifest, then BatchGet its packs; a token's state
 * is its entry of the latest revision among the packs and the deltas the manifest does not name
 * as folded. Compaction (search-index-compaction.ts) writes new packs first, then switches the
 * manifest, and only then deletes what it replaced, so deltas read before any later manifest
 * give every entry at least once: a delta deleted before the reader's Query was folded into a
 * pack of a manifest committed before it. A pack deleted after the reader's manifest read shows
 * as missing: the reader reads the manifest again, and only the packs it has not read yet.
 *
 * Workspaces from before the index have no manifest: their first search builds it
 * (search-index-build.ts) from the workspace's tokens and the deltas written meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { latestEntries, type LiveSearchEntry, type SearchEntry } from '../domain/search-entries';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { searchDeltaCodec, type SearchDeltaRecord } from './entities/search-delta';
import { buildIndex } from './search-index-build';
import { compactAfterRead } from './search-index-compaction';
import { readDeltas, readManifest, readPacks, unfoldedDeltas } from './search-index-store';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Manifest reads of one search, when compactions keep retiring the packs it is reading. */
const READ_ATTEMPTS = 4;

/** The Put of a token transaction's delta: the entries of the tokens it writes. */
export function searchDeltaPutItem(
  workspaceId: string,
  entries: readonly SearchEntry[],
): TransactItem {
  return {
    Put: {
      TableName: getConfig().tableName,
      Item: searchDeltaCodec.toItem({ workspaceId, deltaId: randomUUID(), entries }),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The same delta written on its own (test and benchmark set-ups that write tokens directly). */
export async function putSearchDelta(
  workspaceId: string,
  entries: readonly SearchEntry[],
): Promise<void> {
  const { Put } = searchDeltaPutItem(workspaceId, entries);
  await getDocumentClient().send(new PutCommand(Put!));
}

/** What a search read: the live entries and the cost of reading them. */
export interface SearchIndexRead {
  readonly entries: LiveSearchEntry[];
  /** Items read: deltas, the manifest and packs (and the tokens, when it was built). */
  readonly itemsRead: number;
  /** The index did not exist and was built from the workspace's tokens. */
  readonly built: boolean;
}

function liveOf(latest: ReadonlyMap<string, SearchEntry>): LiveSearchEntry[] {
  const live: LiveSearchEntry[] = [];
  for (const entry of latest.values()) if (!entry.deleted) live.push(entry);
  return live;
}

function* entriesOf(
  packs: Iterable<readonly SearchEntry[]>,
  deltas: readonly SearchDeltaRecord[],
): Generator<SearchEntry> {
  for (const entries of packs) yield* entries;
  for (const delta of deltas) yield* delta.entries;
}

/** Every live entry of the workspace's index, building the index first if it has none. */
export async function readSearchIndex(workspaceId: string): Promise<SearchIndexRead> {
  const deltas = await readDeltas(workspaceId);
  let itemsRead = deltas.length;
  const packsRead = new Map<string, readonly SearchEntry[]>();
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt += 1) {
    const manifest = await readManifest(workspaceId);
    itemsRead += 1;
    if (!manifest) {
      const built = await buildIndex(workspaceId, deltas);
      // Another search built it first: read its manifest.
      if (!built) continue;
      return {
        entries: liveOf(built.latest),
        itemsRead: itemsRead + built.tokensRead,
        built: true,
      };
    }
    const wanted = manifest.packs.map(({ id }) => id).filter((id) => !packsRead.has(id));
    const read = await readPacks(workspaceId, wanted);
    itemsRead += read.size;
    for (const [id, entries] of read) packsRead.set(id, entries);
    // A pack retired since the manifest was read: a newer manifest names what replaced it.
    if (read.size < wanted.length) continue;
    const packs = new Map(manifest.packs.map(({ id }) => [id, packsRead.get(id)!]));
    const unfolded = unfoldedDeltas(deltas, manifest);
    const entries = liveOf(latestEntries(entriesOf(packs.values(), unfolded)));
    await compactAfterRead({
      manifest,
      packs,
      unfoldedDeltas: unfolded.length,
      liveEntries: entries.length,
    });
    return { entries, itemsRead, built: false };
  }
  throw new Error(`The search index of workspace ${workspaceId} kept changing while read`);
}
