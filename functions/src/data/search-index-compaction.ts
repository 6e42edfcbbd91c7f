/**
 * Compaction of a workspace's search index (data/search-index.ts; ACCESS_PATTERNS.md row 13d):
 * under a lease on the manifest,
 * folds the waiting deltas into a new pack, merged with the newest packs while the one before is
 * not more than twice its size (so packs shrink geometrically from the oldest and each entry is
 * rewritten a few times at most), or rewrites every pack (`all`) to drop what no longer counts.
 * New packs are written first, then the manifest is switched (conditioned on its version), and
 * only then are the folded deltas and retired packs deleted.
 *
 * Who compacts: a search that read many deltas, or packs holding more than twice the live
 * entries; a token write with the probability of its share of FOLD_EVERY_ENTRIES; an import at
 * its end. Never a workspace without an index (one from before it: its first search builds it,
 * data/search-index-build.ts; a workspace created since has one from the start). The base is
 * built again by the writes' compactions only, never by a search's.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Token } from '@expiry-radar/shared/domain/token';
import { latestEntries, type LiveSearchEntry } from '../domain/search-entries';
import { overlayOf, type ItemOrigin, type OverlayItem } from '../domain/search-origins';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { logger } from '../platform/logger';
import type {
  SearchBaseRef,
  SearchManifestRecord,
  SearchPackRef,
} from './entities/search-manifest';
import { PACK_MAX_BYTES } from './entities/search-pack';
import { keys } from './keys';
import {
  baseNearsExpiry,
  DEFAULT_BASE_LIMITS,
  deleteSearchBase,
  readBaseTokens,
  retireSearchBase,
  writeSearchBase,
  type SearchBaseLimits,
} from './search-base';
import { tokensForBase } from './search-base-tokens';
import {
  cleanUp,
  commitManifest,
  deletePacks,
  deleteReplaced,
  readDeltas,
  readManifest,
  readPacks,
  unfoldedDeltas,
  writePacks,
} from './search-index-store';
import { isConditionalCheckFailure } from './table-operations';

/** A search folds the deltas it read into a pack once there are this many. */
const SEARCH_FOLD_DELTAS = 32;
/** A compaction started by a write folds only once this many deltas wait. */
const FOLD_MIN_DELTAS = 8;
/** A write of n tokens compacts with probability n / FOLD_EVERY_ENTRIES. */
const FOLD_EVERY_ENTRIES = 16;
/** Packs holding more than this many times the live entries (plus the slack) are rewritten. */
const GARBAGE_RATIO = 2;
const GARBAGE_SLACK = 1_000;
/** A merge stops at packs at least this large: they are only rewritten to drop garbage. */
const FULL_PACK_BYTES = PACK_MAX_BYTES / 2;
/** About what an entry takes in a pack, deflated: to compare what is written with a pack. */
const PACKED_ENTRY_BYTES = 60;
const LEASE_MS = 30_000;
/** A workspace gets a base (data/search-base.ts) from this many entries on. */
const BASE_MIN_ENTRIES = 10_000;
/**
 * The base is built again once the packs it does not cover (a search reads them whole) hold more
 * than this: about 1,700 of the benchmark's entries, 8 read units.
 */
const OVERLAY_MAX_BYTES = 64_000;
/**
 * The base is also built again while it lacks the tokens of more entries than this (a first
 * base over a large workspace, which reads a limited number of tokens per build: a candidate
 * without its token in the base costs a read by key).
 */
const BASE_MISSING_TOKENS_MAX = 1_000;

type Mode = 'tiered' | 'all';

/** What a search read: the manifest, its packs, and how many of their entries are live. */
export interface IndexAsRead {
  readonly manifest: SearchManifestRecord;
  readonly packs: ReadonlyMap<string, readonly OverlayItem[]>;
  readonly unfoldedDeltas: number;
  readonly liveEntries: number;
}

/**
 * A search that read many deltas, or mostly garbage, compacts with the packs it read. A search
 * never builds the base (seconds at 100,000 tokens): the writes' compactions do, off the path of
 * someone typing.
 */
export async function compactAfterRead(index: IndexAsRead): Promise<void> {
  const entries = index.manifest.packs.reduce((sum, pack) => sum + pack.entries, 0);
  const garbage = entries > GARBAGE_RATIO * index.liveEntries + GARBAGE_SLACK;
  if (!garbage && index.unfoldedDeltas < SEARCH_FOLD_DELTAS) return;
  try {
    await compact(index.manifest, index.packs, garbage ? 'all' : 'tiered', 1, false);
  } catch (error) {
    logger.warn('Search index compaction after a read failed', { error });
  }
}

/**
 * A search the base answered read only the packs it does not cover: it folds the deltas it read
 * once there are many (a compaction that reads the packs it merges itself).
 */
export async function compactAfterCandidates(
  manifest: SearchManifestRecord,
  deltas: readonly { deltaId: string }[],
): Promise<void> {
  const folded = new Set(manifest.folded);
  const waiting = deltas.filter(({ deltaId }) => !folded.has(deltaId)).length;
  if (waiting < SEARCH_FOLD_DELTAS) return;
  try {
    await compact(manifest, new Map(), 'tiered', 1, false);
  } catch (error) {
    logger.warn('Search index compaction after a read failed', { error });
  }
}

/**
 * After a token transaction of `entries` tokens: compacts with probability
 * `entries / FOLD_EVERY_ENTRIES` (always for larger writes), never failing the write it follows.
 */
export async function compactAfterWrite(workspaceId: string, entries: number): Promise<void> {
  if (Math.random() * FOLD_EVERY_ENTRIES >= entries) return;
  try {
    await compactSearchIndex(workspaceId, { minDeltas: FOLD_MIN_DELTAS });
  } catch (error) {
    logger.warn('Search index compaction after a write failed', { error, workspaceId });
  }
}

/**
 * Folds the waiting deltas into packs once at least `minDeltas` (default 1) wait, or with `all`
 * rewrites every pack without the entries that no longer count. Returns false when the
 * workspace has no index yet, or when another compaction held the lease or won the race.
 */
export async function compactSearchIndex(
  workspaceId: string,
  options: { minDeltas?: number; all?: boolean } = {},
): Promise<boolean> {
  const minDeltas = options.minDeltas ?? 1;
  const manifest = await readManifest(workspaceId);
  if (!manifest) return false;
  // A first look without the lease (compact() reads the deltas again under it).
  if (!options.all && unfoldedDeltas(await readDeltas(workspaceId), manifest).length < minDeltas) {
    await cleanUp(manifest);
    return true;
  }
  return compact(manifest, new Map(), options.all ? 'all' : 'tiered', minDeltas);
}

/** The manifest with the lease taken (its version bumped), or undefined when another has it. */
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

/**
 * Which packs (oldest first) the fold of `foldingEntries` entries merges: with `all` every pack;
 * else the newest ones, while the next is smaller than FULL_PACK_BYTES and not more than twice
 * what is merged so far.
 */
export function packsToMerge(
  packs: readonly SearchPackRef[],
  foldingEntries: number,
  mode: Mode,
): { kept: SearchPackRef[]; merged: SearchPackRef[] } {
  const kept = [...packs];
  const merged: SearchPackRef[] = [];
  let mergedEntries = foldingEntries;
  while (kept.length > 0) {
    const last = kept[kept.length - 1]!;
    const small =
      last.bytes < FULL_PACK_BYTES && last.bytes <= 2 * PACKED_ENTRY_BYTES * mergedEntries;
    if (mode === 'tiered' && !small) break;
    merged.unshift(kept.pop()!);
    mergedEntries += last.entries;
  }
  return { kept, merged };
}

/**
 * The items a merge writes: for each id among the merged packs' items and the folded deltas'
 * entries (with their priors), its latest entry, with the origin of its earliest item
 * (domain/search-origins `overlayOf`; `self` when that is the entry written). Items of packs the
 * base covers come in as `self`: the base holds exactly their entry.
 *
 * Once no older pack is left, a tombstone that was already in a pack is dropped, unless the base
 * (`hasBase`) still holds a live entry of its token or may (origin `unknown`): it is what tells a
 * search the base's entry is gone. Every entry it hid was folded no later than this compaction's
 * deltas. Tombstones of the deltas folded now stay until the next such merge, for a reader who
 * read those deltas before they were folded and a live entry of the same token among them.
 */
export function mergedItems(
  packItems: readonly OverlayItem[],
  folding: readonly OverlayItem[],
  reachesOldest: boolean,
  hasBase: boolean,
): OverlayItem[] {
  const merged: OverlayItem[] = [];
  for (const { latest, origin } of overlayOf([...packItems, ...folding]).values()) {
    const same = typeof origin === 'object' && origin.rev === latest.rev;
    merged.push({ entry: latest, origin: same ? 'self' : origin });
  }
  if (!reachesOldest) return merged;
  const newTombstones = new Set(
    folding
      .filter(({ entry }) => entry.deleted)
      .map(({ entry: { id, rev } }) => `${id}\u0000${rev}`),
  );
  const baseMayCount = (origin: ItemOrigin) =>
    hasBase && (origin === 'unknown' || (typeof origin === 'object' && !origin.deleted));
  return merged.filter(
    ({ entry, origin }) =>
      !entry.deleted || newTombstones.has(`${entry.id}\u0000${entry.rev}`) || baseMayCount(origin),
  );
}

/**
 * One compaction: takes the lease, deletes what the last commit replaced, reads the waiting
 * deltas (after the manifest, so every delta committed before the last compaction's read is
 * among them or folded), merges them with the packs `packsToMerge` picks (`loaded`: packs
 * already read), writes the result as new packs, commits the manifest naming the deltas folded
 * and the packs retired, then deletes those.
 */
async function compact(
  manifest: SearchManifestRecord,
  loaded: ReadonlyMap<string, readonly OverlayItem[]>,
  mode: Mode,
  minDeltas: number,
  buildBase = true,
): Promise<boolean> {
  const leased = await takeLease(manifest);
  if (!leased) return false;
  const { workspaceId } = leased;
  let written: SearchPackRef[] = [];
  try {
    await deleteReplaced(leased);
    const deltas = unfoldedDeltas(await readDeltas(workspaceId), leased);
    if (mode === 'tiered' && deltas.length < minDeltas) {
      await commitManifest(leased, { packs: leased.packs, folded: [], retired: [] });
      return true;
    }
    const folding = deltas.flatMap(({ entries, priors }) =>
      entries.map((entry, index) => ({ entry, origin: priors[index] ?? 'unknown' })),
    );
    const { kept, merged } = packsToMerge(leased.packs, folding.length, mode);
    const toRead = merged.map(({ id }) => id).filter((id) => !loaded.has(id));
    const read = await readPacks(workspaceId, toRead);
    if (read.size < toRead.length) throw new Error('A search pack in use is missing');
    const covered = new Set(leased.base?.packs ?? []);
    const packItems = merged.flatMap(({ id }) => {
      const items = loaded.get(id) ?? read.get(id) ?? [];
      return covered.has(id)
        ? items.map(({ entry }) => ({ entry, origin: 'self' as const }))
        : items;
    });
    written = await writePacks(
      workspaceId,
      mergedItems(packItems, folding, kept.length === 0, leased.base !== null),
    );
    const committed = await commitManifest(leased, {
      packs: [...kept, ...written],
      folded: deltas.map(({ deltaId }) => deltaId),
      retired: merged.map(({ id }) => id),
    });
    if (!committed) {
      await deletePacks(
        workspaceId,
        written.map(({ id }) => id),
      );
      return false;
    }
    written = [];
    await cleanUp(committed);
    if (buildBase && baseDue(committed)) await rebuildBaseIfDue(workspaceId);
    return true;
  } catch (error) {
    // Packs no manifest names: nobody reads them.
    await deletePacks(
      workspaceId,
      written.map(({ id }) => id),
    ).catch(() => {});
    throw error;
  }
}

/**
 * Whether the manifest's packs are many enough, and those its base does not cover large enough,
 * the tokens its base lacks many enough, or its base's parts near their expiry.
 */
export function baseDue(manifest: SearchManifestRecord): boolean {
  const entries = manifest.packs.reduce((sum, pack) => sum + pack.entries, 0);
  if (entries < BASE_MIN_ENTRIES) return false;
  const base = manifest.base;
  if (base && (base.tokensMissing ?? base.entries) > BASE_MISSING_TOKENS_MAX) return true;
  if (base && baseNearsExpiry(base, new Date())) return true;
  const covered = new Set(base?.packs ?? []);
  const uncovered = manifest.packs.filter(({ id }) => !covered.has(id));
  return uncovered.reduce((sum, pack) => sum + pack.bytes, 0) > OVERLAY_MAX_BYTES;
}

/**
 * Builds the base again over every pack in use when `due` (by default `baseDue`), under the lease: reads the packs,
 * gathers the tokens it keeps (search-base-tokens.ts: the old base's where unchanged), writes the
 * new base, switches the manifest to it (conditioned on its version), then retires the old base
 * (search-base.ts `retireSearchBase`: left to the table's TTL, or deleted when written before
 * it had one; a search that then finds a part missing reads the packs instead).
 * Returns whether it built one.
 */
export async function rebuildBaseIfDue(
  workspaceId: string,
  due: (manifest: SearchManifestRecord) => boolean = baseDue,
  /** Tokens just read (the index's first build read them all): kept where at their revision. */
  known: ReadonlyMap<string, Token> = new Map(),
  limits: SearchBaseLimits = DEFAULT_BASE_LIMITS,
): Promise<boolean> {
  const manifest = await readManifest(workspaceId);
  if (!manifest || !due(manifest)) return false;
  const leased = await takeLease(manifest);
  if (!leased) return false;
  let base: SearchBaseRef | undefined;
  try {
    const packIds = leased.packs.map(({ id }) => id);
    const packs = await readPacks(workspaceId, packIds);
    if (packs.size < packIds.length) throw new Error('A search pack in use is missing');
    const live: LiveSearchEntry[] = [];
    const entries = [...packs.values()].flat().map(({ entry }) => entry);
    for (const entry of latestEntries(entries).values()) {
      if (!entry.deleted) live.push(entry);
    }
    const previous = leased.base ? await readBaseTokens(workspaceId, leased.base) : undefined;
    const { tokens } = await tokensForBase(
      workspaceId,
      live,
      new Map([...known, ...(previous ?? [])]),
    );
    base = await writeSearchBase(workspaceId, live, packIds, tokens, limits);
    const committed = await commitManifest(leased, {
      packs: leased.packs,
      folded: leased.folded,
      retired: leased.retired,
      base,
    });
    if (!committed) {
      await deleteSearchBase(workspaceId, base);
      return false;
    }
    if (leased.base) {
      await retireSearchBase(workspaceId, leased.base).catch((error: unknown) => {
        logger.warn('Retiring a replaced search base failed', { error, workspaceId });
      });
    }
    return true;
  } catch (error) {
    if (base) await deleteSearchBase(workspaceId, base).catch(() => {});
    throw error;
  }
}
