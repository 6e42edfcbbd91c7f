/**
 * The items of a workspace's search index (ACCESS_PATTERNS.md rows 13 and 13d), read and written
 * through their codecs: the deltas (a Query), the manifest (GetItem, and Puts and Updates
 * conditioned on its version) and the packs (BatchGetItem, Puts that never replace, deletes).
 * What they mean and in which order they change: data/search-index.ts.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OverlayItem } from '../domain/search-origins';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { searchDeltaCodec, type SearchDeltaRecord } from './entities/search-delta';
import {
  searchManifestCodec,
  type SearchManifestRecord,
  type SearchPackRef,
} from './entities/search-manifest';
import { PACK_MAX_BYTES, searchPackCodec } from './entities/search-pack';
import { keys, SEARCH_DELTA_SORT_PREFIX } from './keys';
import {
  batchGetAtOnce,
  conditionalWrite,
  deleteItems,
  isConditionalCheckFailure,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
} from './table-operations';

/** Packs asked for per BatchGetItem, so that the packs of a large workspace come in parallel. */
const PACKS_PER_REQUEST = 4;

/** Every delta of the workspace (consistent: a delta committed before the Query is in it). */
export async function readDeltas(workspaceId: string): Promise<SearchDeltaRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, SEARCH_DELTA_SORT_PREFIX, {
      consistentRead: true,
    }),
  );
  return items.map((item) => searchDeltaCodec.fromItem(item));
}

/** The deltas the manifest does not name as folded into its packs. */
export function unfoldedDeltas(
  deltas: readonly SearchDeltaRecord[],
  manifest: SearchManifestRecord,
): SearchDeltaRecord[] {
  const folded = new Set(manifest.folded);
  return deltas.filter(({ deltaId }) => !folded.has(deltaId));
}

export async function readManifest(workspaceId: string): Promise<SearchManifestRecord | undefined> {
  const item = await readItem(keys.searchManifest(workspaceId), { consistentRead: true });
  return item ? searchManifestCodec.fromItem(item) : undefined;
}

async function getPacks(
  workspaceId: string,
  packIds: readonly string[],
  consistentRead: boolean,
): Promise<Map<string, readonly OverlayItem[]>> {
  const found = new Map<string, readonly OverlayItem[]>();
  const items = await batchGetAtOnce(
    packIds.map((id) => keys.searchPack(workspaceId, id)),
    { consistentRead, keysPerRequest: PACKS_PER_REQUEST },
  );
  for (const item of items) {
    const pack = searchPackCodec.fromItem(item);
    found.set(pack.packId, pack.items);
  }
  return found;
}

/**
 * The items of packs by id (their entries with their origins, domain/search-origins): read
 * eventually consistent (a pack never changes), those not found again with a consistent read (one
 * written just now). A pack still missing was deleted (retired by a newer manifest) and is not in
 * the answer.
 */
export async function readPacks(
  workspaceId: string,
  packIds: readonly string[],
): Promise<Map<string, readonly OverlayItem[]>> {
  const packs = await getPacks(workspaceId, packIds, false);
  const missing = packIds.filter((id) => !packs.has(id));
  if (missing.length > 0) {
    for (const [id, items] of await getPacks(workspaceId, missing, true)) packs.set(id, items);
  }
  return packs;
}

/**
 * Writes items (entries with their origins) as new packs of at most PACK_MAX_BYTES each (split
 * further while one is too large), before any manifest names them; returns what the manifest
 * records of them. When a write fails, the packs already written are deleted.
 */
export async function writePacks(
  workspaceId: string,
  items: readonly OverlayItem[],
): Promise<SearchPackRef[]> {
  const written: SearchPackRef[] = [];
  try {
    await writeEachPack(workspaceId, items, written);
  } catch (error) {
    await deletePacks(
      workspaceId,
      written.map(({ id }) => id),
    ).catch(() => {});
    throw error;
  }
  return written;
}

async function writeEachPack(
  workspaceId: string,
  items: readonly OverlayItem[],
  written: SearchPackRef[],
): Promise<void> {
  const chunks: (readonly OverlayItem[])[] = items.length > 0 ? [items] : [];
  while (chunks.length > 0) {
    const chunk = chunks.shift()!;
    const packId = randomUUID();
    const item = searchPackCodec.toItem({ workspaceId, packId, items: chunk });
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
}

export async function deletePacks(workspaceId: string, packIds: readonly string[]): Promise<void> {
  await deleteItems(packIds.map((id) => keys.searchPack(workspaceId, id)));
}

/**
 * Puts the manifest's next state (its version one more, no lease) only if its version is still
 * the one of `current`; undefined when it moved on.
 */
export async function commitManifest(
  current: SearchManifestRecord,
  next: Pick<SearchManifestRecord, 'packs' | 'folded' | 'retired'> &
    Partial<Pick<SearchManifestRecord, 'base'>>,
): Promise<SearchManifestRecord | undefined> {
  const record: SearchManifestRecord = {
    ...current,
    ...next,
    version: current.version + 1,
    leaseUntil: null,
  };
  try {
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: searchManifestCodec.toItem(record),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': current.version },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
  return record;
}

/**
 * The manifest of a new workspace's empty index, put in the transaction that creates the
 * workspace: its deltas are folded by compactions from its first token write on, so its first
 * search never builds the index from every token (search-index-build.ts is for workspaces from
 * before the index).
 */
export function emptySearchIndexItem(workspaceId: string): Record<string, unknown> {
  return searchManifestCodec.toItem({
    workspaceId,
    version: 1,
    packs: [],
    folded: [],
    retired: [],
    leaseUntil: null,
    base: null,
  });
}

/** Deletes the deltas folded and the packs retired by the manifest's last commit. */
export async function deleteReplaced(manifest: SearchManifestRecord): Promise<void> {
  const { workspaceId } = manifest;
  await deleteItems([
    ...manifest.folded.map((id) => keys.searchDelta(workspaceId, id)),
    ...manifest.retired.map((id) => keys.searchPack(workspaceId, id)),
  ]);
}

/**
 * Deletes what the manifest's last commit replaced, then empties its lists (unless the manifest
 * changed meanwhile: the next compaction deletes them again).
 */
export async function cleanUp(manifest: SearchManifestRecord): Promise<void> {
  if (manifest.folded.length === 0 && manifest.retired.length === 0) return;
  await deleteReplaced(manifest);
  await conditionalWrite(
    getDocumentClient().send(
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
    ),
  );
}
