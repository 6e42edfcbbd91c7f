/**
 * A workspace's search index (ACCESS_PATTERNS.md row 13): what a search reads instead of every
 * token, so that it reads a few large items rather than the whole inventory, while each token
 * write adds one small item.
 *
 * - Every token transaction also puts one delta (entities/search-delta.ts) with the entries of
 *   the tokens it wrote (domain/search-entries), so the index never lags a committed write.
 * - Packs (entities/search-pack.ts) hold the entries of thousands of tokens each, deflated;
 *   written once, never changed.
 * - The manifest (entities/search-manifest.ts) names the packs in use and the deltas already
 *   folded into them.
 *
 * Reading: Query the deltas, then GetItem the manifest, then BatchGet its packs; the token's
 * state is its entry of the latest revision among the packs and the deltas the manifest does not
 * name as folded. Compaction writes new packs first, then switches the manifest (conditioned on
 * its version), and only then deletes what it replaced, so a reader who read the deltas before
 * the manifest sees every entry at least once: a delta deleted before the reader's Query was
 * folded into a pack of a manifest committed before it. A pack deleted after the reader's
 * manifest read shows as missing, and the read starts over.
 *
 * Compaction folds the waiting deltas into a new pack and merges the newest packs while the one
 * before is not more than twice its size (so packs shrink geometrically from the oldest and each
 * entry is rewritten a few times at most); a merge that reaches the oldest pack drops the
 * tombstones that were already in packs. A search that finds many deltas, or packs holding more
 * than twice the entries that are live, compacts with what it read; a token write does so with
 * the probability of its share of FOLD_EVERY_ENTRIES. Compactions take a lease on the manifest,
 * so concurrent ones do not repeat each other's work.
 *
 * Workspaces from before the index have no manifest: their first search (or compaction) builds
 * it from the workspace's tokens (row 13's Query) and the deltas written meanwhile.
 */
import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  latestEntries,
  searchEntryOf,
  type LiveSearchEntry,
  type SearchEntry,
} from '../domain/search-entries';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { logger } from '../platform/logger';
import { searchDeltaCodec, type SearchDeltaRecord } from './entities/search-delta';
import {
  searchManifestCodec,
  type SearchManifestRecord,
  type SearchPackRef,
} from './entities/search-manifest';
import { PACK_MAX_BYTES, searchPackCodec } from './entities/search-pack';
import { tokenCodec } from './entities/token';
import { keys, SEARCH_DELTA_SORT_PREFIX, TOKEN_SORT_PREFIX } from './keys';
import {
  deleteItems,
  isConditionalCheckFailure,
  queryAll,
  type TableKey,
} from './table-operations';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A search folds the deltas it read into a pack once there are this many. */
const SEARCH_FOLD_DELTAS = 32;
/** A compaction started by a write folds only once this many deltas wait. */
const FOLD_MIN_DELTAS = 8;
/** A write of n tokens compacts with probability n / FOLD_EVERY_ENTRIES. */
export const FOLD_EVERY_ENTRIES = 16;
/** Packs holding more than this many times the live entries (plus the slack) are rewritten. */
const GARBAGE_RATIO = 2;
const GARBAGE_SLACK = 1_000;
/** A merge stops at packs at least this large: they are only rewritten to drop garbage. */
const FULL_PACK_BYTES = PACK_MAX_BYTES / 2;
const LEASE_MS = 30_000;
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

interface LoadedIndex {
  readonly manifest: SearchManifestRecord;
  /** Deltas not folded yet. */
  readonly deltas: readonly SearchDeltaRecord[];
  /** Pack id -> its entries (the packs read; all of the manifest's after a full read). */
  readonly packs: ReadonlyMap<string, readonly SearchEntry[]>;
}

async function readDeltas(workspaceId: string): Promise<SearchDeltaRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspace(workspaceId).pk,
      ':prefix': SEARCH_DELTA_SORT_PREFIX,
    },
    ConsistentRead: true,
  });
  return items.map((item) => searchDeltaCodec.fromItem(item));
}

async function readManifest(workspaceId: string): Promise<SearchManifestRecord | undefined> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.searchManifest(workspaceId),
      ConsistentRead: true,
    }),
  );
  return Item ? searchManifestCodec.fromItem(Item) : undefined;
}

/** Packs by id, each request at most a few packs so that they are read in parallel. */
async function getPacks(
  workspaceId: string,
  packIds: readonly string[],
  consistentRead: boolean,
): Promise<Map<string, readonly SearchEntry[]>> {
  const { tableName } = getConfig();
  const found = new Map<string, readonly SearchEntry[]>();
  const perRequest = 4;
  const groups: string[][] = [];
  for (let start = 0; start < packIds.length; start += perRequest) {
    groups.push(packIds.slice(start, start + perRequest));
  }
  await Promise.all(
    groups.map(async (group) => {
      let pending: TableKey[] = group.map((id) => keys.searchPack(workspaceId, id));
      for (let attempt = 1; pending.length > 0; attempt += 1) {
        if (attempt > 5) throw new Error('Batch get left search packs unprocessed');
        const result = await getDocumentClient().send(
          new BatchGetCommand({
            RequestItems: { [tableName]: { Keys: pending, ConsistentRead: consistentRead } },
          }),
        );
        for (const item of result.Responses?.[tableName] ?? []) {
          const pack = searchPackCodec.fromItem(item);
          found.set(pack.packId, pack.entries);
        }
        pending = (result.UnprocessedKeys?.[tableName]?.Keys ?? []) as TableKey[];
      }
    }),
  );
  return found;
}

/**
 * The packs of the manifest: read eventually consistent (packs never change), those not found
 * again with a consistent read; undefined when one is gone (retired since the manifest was read).
 */
async function readPacks(
  manifest: SearchManifestRecord,
  packIds: readonly string[] = manifest.packs.map(({ id }) => id),
): Promise<Map<string, readonly SearchEntry[]> | undefined> {
  const packs = await getPacks(manifest.workspaceId, packIds, false);
  const missing = packIds.filter((id) => !packs.has(id));
  if (missing.length > 0) {
    for (const [id, entries] of await getPacks(manifest.workspaceId, missing, true)) {
      packs.set(id, entries);
    }
  }
  return packIds.every((id) => packs.has(id)) ? packs : undefined;
}

function unfolded(deltas: readonly SearchDeltaRecord[], manifest: SearchManifestRecord) {
  const folded = new Set(manifest.folded);
  return deltas.filter(({ deltaId }) => !folded.has(deltaId));
}

function resolve(index: LoadedIndex): Map<string, SearchEntry> {
  const all: SearchEntry[] = [];
  for (const entries of index.packs.values()) for (const entry of entries) all.push(entry);
  for (const delta of index.deltas) for (const entry of delta.entries) all.push(entry);
  return latestEntries(all);
}

function liveOf(latest: ReadonlyMap<string, SearchEntry>): LiveSearchEntry[] {
  const live: LiveSearchEntry[] = [];
  for (const entry of latest.values()) if (!entry.deleted) live.push(entry);
  return live;
}

/** Every live entry of the workspace's index, building the index first if it has none. */
export async function readSearchIndex(workspaceId: string): Promise<SearchIndexRead> {
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt += 1) {
    const deltas = await readDeltas(workspaceId);
    const manifest = await readManifest(workspaceId);
    if (!manifest) {
      const built = await buildIndex(workspaceId, deltas);
      if (!built) continue;
      return {
        entries: liveOf(built.latest),
        itemsRead: deltas.length + 1 + built.tokensRead,
        built: true,
      };
    }
    const packs = await readPacks(manifest);
    if (!packs) continue;
    const index: LoadedIndex = { manifest, deltas: unfolded(deltas, manifest), packs };
    const latest = resolve(index);
    const entries = liveOf(latest);
    await compactAfterRead(index, entries.length);
    return { entries, itemsRead: deltas.length + 1 + packs.size, built: false };
  }
  throw new Error(`The search index of workspace ${workspaceId} kept changing while read`);
}

/** A search that read many deltas, or mostly garbage, compacts with the packs it read. */
async function compactAfterRead(index: LoadedIndex, live: number): Promise<void> {
  const entries = index.manifest.packs.reduce((sum, pack) => sum + pack.entries, 0);
  const garbage = entries > GARBAGE_RATIO * live + GARBAGE_SLACK;
  if (!garbage && index.deltas.length < SEARCH_FOLD_DELTAS) return;
  try {
    await compact(index.manifest, index.packs, garbage ? 'all' : 'tiered', 1);
  } catch (error) {
    logger.warn('Search index compaction after a read failed', { error });
  }
}

/**
 * After a token transaction: compacts with probability `entries / FOLD_EVERY_ENTRIES` (always
 * for larger writes), never failing the write it follows.
 */
export async function compactAfterWrite(
  workspaceId: string,
  entries: number,
  random: () => number = Math.random,
): Promise<void> {
  if (random() * FOLD_EVERY_ENTRIES >= entries) return;
  try {
    await compactSearchIndex(workspaceId, { minDeltas: FOLD_MIN_DELTAS });
  } catch (error) {
    logger.warn('Search index compaction after a write failed', { error, workspaceId });
  }
}

/**
 * Folds the waiting deltas into packs (once at least `minDeltas` wait, else nothing is folded),
 * or with `all`, rewrites every pack without the entries that no longer count. A workspace
 * without an index gets it built only with `build` (a search builds it: the build reads every
 * token). Returns false when another compaction held the lease or won the race, or when there
 * is no index to compact.
 */
export async function compactSearchIndex(
  workspaceId: string,
  options: { minDeltas?: number; all?: boolean; build?: boolean } = {},
): Promise<boolean> {
  const minDeltas = options.minDeltas ?? 1;
  const manifest = await readManifest(workspaceId);
  if (!manifest) {
    if (options.build !== true) return false;
    return (await buildIndex(workspaceId, await readDeltas(workspaceId))) !== undefined;
  }
  // A first look (compact() reads the deltas again under the lease).
  if (!options.all && unfolded(await readDeltas(workspaceId), manifest).length < minDeltas) {
    await cleanUp(manifest);
    return true;
  }
  return compact(manifest, new Map(), options.all ? 'all' : 'tiered', minDeltas);
}

async function takeLease(
  manifest: SearchManifestRecord,
): Promise<SearchManifestRecord | undefined> {
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.searchManifest(manifest.workspaceId),
        UpdateExpression: 'SET leaseUntil = :until, version = :next',
        ConditionExpression:
          'version = :version AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        ExpressionAttributeValues: {
          ':until': leaseUntil,
          ':next': manifest.version + 1,
          ':version': manifest.version,
          ':now': now.toISOString(),
        },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
  return { ...manifest, version: manifest.version + 1, leaseUntil };
}

/** Packs of at most PACK_MAX_BYTES each, written before the manifest names them. */
async function writePacks(
  workspaceId: string,
  entries: readonly SearchEntry[],
): Promise<SearchPackRef[]> {
  const written: SearchPackRef[] = [];
  const chunks: (readonly SearchEntry[])[] = [entries];
  while (chunks.length > 0) {
    const chunk = chunks.shift()!;
    const packId = randomUUID();
    const item = searchPackCodec.toItem({ workspaceId, packId, entries: chunk });
    if (item.data.length > PACK_MAX_BYTES && chunk.length > 1) {
      const parts = Math.ceil(item.data.length / (PACK_MAX_BYTES * 0.9));
      const size = Math.ceil(chunk.length / parts);
      for (let start = 0; start < chunk.length; start += size) {
        chunks.push(chunk.slice(start, start + size));
      }
      continue;
    }
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    written.push({ id: packId, entries: chunk.length, bytes: item.data.length });
  }
  return written;
}

/** About what an entry takes in a pack, deflated: to compare what is written with a pack. */
const PACKED_ENTRY_BYTES = 60;

/**
 * One compaction: under the lease, reads the waiting deltas (after the manifest, so that every
 * delta committed before the last compaction's read is among them), folds them with the newest
 * packs not larger than twice what is being written (`tiered`; packs of FULL_PACK_BYTES stay),
 * or with every pack (`all`), writes the result as new packs, commits the manifest, then deletes
 * what it replaced. `loaded`: packs already read.
 */
async function compact(
  manifest: SearchManifestRecord,
  loaded: ReadonlyMap<string, readonly SearchEntry[]>,
  mode: 'tiered' | 'all',
  minDeltas: number,
): Promise<boolean> {
  const leased = await takeLease(manifest);
  if (!leased) return false;
  const { workspaceId } = leased;
  const written: SearchPackRef[] = [];
  try {
    await deleteReplaced(leased);
    const deltas = unfolded(await readDeltas(workspaceId), leased);
    if (mode === 'tiered' && deltas.length < minDeltas) {
      await commit(leased, { packs: leased.packs, folded: [], retired: [] });
      return true;
    }
    const folding = deltas.flatMap(({ entries }) => entries);
    const kept = [...leased.packs];
    const merged: SearchPackRef[] = [];
    let mergedEntries = folding.length;
    while (kept.length > 0) {
      const last = kept[kept.length - 1]!;
      const mergeIt =
        mode === 'all' ||
        (last.bytes < FULL_PACK_BYTES && last.bytes <= 2 * PACKED_ENTRY_BYTES * mergedEntries);
      if (!mergeIt) break;
      merged.unshift(kept.pop()!);
      mergedEntries += last.entries;
    }
    const toRead = merged.map(({ id }) => id).filter((id) => !loaded.has(id));
    const read =
      toRead.length > 0
        ? await readPacks(leased, toRead)
        : new Map<string, readonly SearchEntry[]>();
    if (!read) throw new Error('A search pack in use is missing');
    const packEntries = (id: string) => loaded.get(id) ?? read.get(id) ?? [];
    const latest = latestEntries([...merged.flatMap(({ id }) => packEntries(id)), ...folding]);
    // With no older pack left, a tombstone that was already in a pack has outlived every entry
    // it hid: those were folded (and are skipped) no later than this compaction's deltas.
    const reachesOldest = kept.length === 0;
    const newTombstones = new Set(
      folding.filter(({ deleted }) => deleted).map(({ id, rev }) => `${id}\u0000${rev}`),
    );
    const entries = [...latest.values()].filter(
      (entry) =>
        !(entry.deleted && reachesOldest && !newTombstones.has(`${entry.id}\u0000${entry.rev}`)),
    );
    written.push(...(entries.length > 0 ? await writePacks(workspaceId, entries) : []));
    const committed = await commit(leased, {
      packs: [...kept, ...written],
      folded: deltas.map(({ deltaId }) => deltaId),
      retired: merged.map(({ id }) => id),
    });
    if (!committed) {
      await deleteItems(written.map(({ id }) => keys.searchPack(workspaceId, id)));
      return false;
    }
    written.length = 0;
    await cleanUp(committed);
    return true;
  } catch (error) {
    // Packs no manifest names yet: nobody reads them.
    await deleteItems(written.map(({ id }) => keys.searchPack(workspaceId, id))).catch(() => {});
    throw error;
  }
}

/** Writes the manifest's new state, releasing the lease; undefined when the version moved on. */
async function commit(
  leased: SearchManifestRecord,
  next: Pick<SearchManifestRecord, 'packs' | 'folded' | 'retired'>,
): Promise<SearchManifestRecord | undefined> {
  const record: SearchManifestRecord = {
    ...leased,
    ...next,
    version: leased.version + 1,
    leaseUntil: null,
  };
  try {
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: searchManifestCodec.toItem(record),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': leased.version },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
  return record;
}

/** Deletes the deltas folded and packs retired by the last commit (readers skip them already). */
async function deleteReplaced(manifest: SearchManifestRecord): Promise<void> {
  const { workspaceId } = manifest;
  await deleteItems([
    ...manifest.folded.map((id) => keys.searchDelta(workspaceId, id)),
    ...manifest.retired.map((id) => keys.searchPack(workspaceId, id)),
  ]);
}

/** Deletes what the last commit replaced and empties its lists, unless another change came first. */
async function cleanUp(manifest: SearchManifestRecord): Promise<void> {
  if (manifest.folded.length === 0 && manifest.retired.length === 0) return;
  await deleteReplaced(manifest);
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.searchManifest(manifest.workspaceId),
        UpdateExpression: 'SET folded = :none, retired = :none, version = :next',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: {
          ':none': [],
          ':next': manifest.version + 1,
          ':version': manifest.version,
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * Builds the index of a workspace that has none: every token (read after the deltas, so it
 * reflects them) and the deltas' entries, in packs, with the deltas read named as folded. Of
 * concurrent builds one commits (the manifest is put only if none exists, and only while the
 * workspace exists); the others delete their packs and return undefined.
 */
async function buildIndex(
  workspaceId: string,
  deltas: readonly SearchDeltaRecord[],
): Promise<{ latest: Map<string, SearchEntry>; tokensRead: number } | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspace(workspaceId).pk,
      ':prefix': TOKEN_SORT_PREFIX,
    },
    ConsistentRead: true,
  });
  const latest = latestEntries([
    ...items.map((item) => searchEntryOf(tokenCodec.fromItem(item).token)),
    ...deltas.flatMap(({ entries }) => entries),
  ]);
  const packs = latest.size > 0 ? await writePacks(workspaceId, [...latest.values()]) : [];
  const manifest: SearchManifestRecord = {
    workspaceId,
    version: 1,
    packs,
    folded: deltas.map(({ deltaId }) => deltaId),
    retired: [],
    leaseUntil: null,
  };
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: getConfig().tableName,
              Item: searchManifestCodec.toItem(manifest),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            ConditionCheck: {
              TableName: getConfig().tableName,
              Key: keys.workspace(workspaceId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    await deleteItems(packs.map(({ id }) => keys.searchPack(workspaceId, id)));
    if (error instanceof Error && error.name === 'TransactionCanceledException') return undefined;
    throw error;
  }
  await cleanUp(manifest);
  return { latest, tokensRead: items.length };
}
