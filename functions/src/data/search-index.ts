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
 * A workspace gets an empty manifest when it is created (search-index-store.ts
 * `emptySearchIndexItem`). Workspaces from before the index have none: their first search builds it
 * (search-index-build.ts) from the workspace's tokens and the deltas written meanwhile.
 *
 * A workspace of many tokens also has a base (search-base.ts), named by the manifest: a trigram
 * index over the entries of the packs it was built from. A search of three characters or more
 * then reads the base's few items for its grams and, whole, only the packs the base does not
 * cover and the deltas; when that leaves few candidates, the caller keeps those that match: the
 * tokens the base's chunks keep where none changed since, the others read by key
 * (data/token-listing.ts). A search that matches one of the base's shared texts (texts many
 * tokens hold, counted rather than indexed) is answered by the base itself: total and facets from
 * its counts, the page from its heads (search-base-answer.ts). Otherwise (a short search, common
 * grams only, many candidates, a base replaced while read) it reads every pack as above. Every
 * entry of the packs the base does not cover and of the deltas carries its origin, what the base
 * holds of its token (domain/search-origins; `overlayOfBase`), so those entries correct what the
 * base counts.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  compareRevisions,
  entryMatches,
  entryOwnerId,
  latestEntries,
  type LiveSearchEntry,
  type SearchEntry,
} from '../domain/search-entries';
import {
  overlayOf,
  type ItemOrigin,
  type OverlayItem,
  type OverlayState,
} from '../domain/search-origins';
import { sharedTextMatches } from '../domain/search-shared-texts';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { logger } from '../platform/logger';
import { searchDeltaCodec, type SearchDeltaRecord } from './entities/search-delta';
import type { SearchBaseRef, SearchManifestRecord } from './entities/search-manifest';
import { readBaseCandidates } from './search-base';
import {
  answerFromBase,
  type BaseAnswer,
  type ReadTokens,
  type SearchPageRequest,
} from './search-base-answer';
import { buildIndex } from './search-index-build';
import {
  compactAfterCandidates,
  compactAfterRead,
  rebuildBaseIfDue,
} from './search-index-compaction';
import { readDeltas, readManifest, readPacks, unfoldedDeltas } from './search-index-store';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Manifest reads of one search, when compactions keep retiring the packs it is reading. */
const READ_ATTEMPTS = 4;

/**
 * The Put of a token transaction's delta: the entries of the tokens it writes and, aligned with
 * them, what each was before (domain/search-origins; none: `unknown`).
 */
export function searchDeltaPutItem(
  workspaceId: string,
  entries: readonly SearchEntry[],
  priors: readonly ItemOrigin[] = entries.map(() => 'unknown'),
): TransactItem {
  return {
    Put: {
      TableName: getConfig().tableName,
      Item: searchDeltaCodec.toItem({ workspaceId, deltaId: randomUUID(), entries, priors }),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The same delta written on its own (test and benchmark set-ups that write tokens directly). */
export async function putSearchDelta(
  workspaceId: string,
  entries: readonly SearchEntry[],
  priors?: readonly ItemOrigin[],
): Promise<void> {
  const { Put } = searchDeltaPutItem(workspaceId, entries, priors);
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

/** The items of packs, then those of deltas: their entries with their priors as origins. */
export function* overlayItemsOf(
  packs: Iterable<readonly OverlayItem[]>,
  deltas: readonly SearchDeltaRecord[],
): Generator<OverlayItem> {
  for (const items of packs) yield* items;
  for (const { entries, priors } of deltas) {
    for (const [index, entry] of entries.entries()) {
      yield { entry, origin: priors[index] ?? 'unknown' };
    }
  }
}

function* entriesOf(items: Iterable<OverlayItem>): Generator<SearchEntry> {
  for (const { entry } of items) yield entry;
}

/**
 * The overlay of a base (domain/search-origins): per id among the packs it does not cover (read
 * into `packsRead`) and the deltas the manifest does not name as folded, its latest entry and
 * what the base holds of it.
 */
export function overlayOfBase(
  manifest: SearchManifestRecord,
  base: SearchBaseRef,
  packsRead: ReadonlyMap<string, readonly OverlayItem[]>,
  deltas: readonly SearchDeltaRecord[],
): Map<string, OverlayState> {
  const covered = new Set(base.packs);
  const uncovered = manifest.packs.filter(({ id }) => !covered.has(id));
  return overlayOf(
    overlayItemsOf(
      uncovered.map(({ id }) => packsRead.get(id)!),
      unfoldedDeltas(deltas, manifest),
    ),
  );
}

/**
 * What a search read when the index's base could narrow it: the ids of the tokens that may match
 * (every token that matches is among them; the caller reads them and keeps those that match).
 */
export interface SearchCandidatesRead {
  readonly candidates: string[];
  /**
   * The latest revision the index knows of each candidate (its base entry's, or a newer entry's
   * among the packs the base does not cover and the deltas): its token read must be no older.
   * None for a candidate of a base written before revisions were kept.
   */
  readonly revisions: ReadonlyMap<string, string>;
  /**
   * The candidates whose token the base keeps and the index knows nothing newer of: the token as
   * it is at that latest revision, with no need to read it.
   */
  readonly tokens: ReadonlyMap<string, Token>;
  readonly itemsRead: number;
}

/** Every live entry of the workspace's index, building the index first if it has none. */
export async function readSearchIndex(workspaceId: string): Promise<SearchIndexRead> {
  return (await readIndex(workspaceId, undefined)) as SearchIndexRead;
}

/** A search and its owner filter (none: every owner's tokens). */
interface SearchText {
  readonly text: string;
  readonly ownerId: string | undefined;
  /**
   * The page asked for and how to read its tokens: with them, the base answers a search that
   * matches one of its shared texts (search-base-answer.ts) instead of the packs being read.
   */
  readonly page?: SearchPageRequest;
  readonly readTokens?: ReadTokens;
}

/** What a search read when the base answered it whole: page, total and facets. */
export interface SearchAnswerRead {
  readonly answer: BaseAnswer;
  readonly itemsRead: number;
}

/**
 * For a search (and an owner filter, or none): the candidates, when the index's base narrows the
 * search to few enough tokens that reading them costs less than reading the packs it covers
 * (`candidatesWorthReading`; the base's candidates and the matches among the packs it does not
 * cover and the deltas); the answer itself, when the search matches a text the base counts
 * (search-base-answer.ts); else every live entry, as readSearchIndex.
 */
export function readSearchIndexFor(
  workspaceId: string,
  search: SearchText,
): Promise<SearchIndexRead | SearchCandidatesRead | SearchAnswerRead> {
  return readIndex(workspaceId, search);
}

/** Candidates read however many packs there are: a search that narrows to these reads them. */
const CANDIDATES_READ_LEAST = 10;
/** What DynamoDB charges per item read eventually consistent: half a unit per 4 KB begun. */
const EVENTUALLY_CONSISTENT_UNITS_PER_4_KB = 0.5;
/**
 * What a candidate costs, at most: the base's chunk that names it (half a unit, eventually
 * consistent: a chunk is about 2.5 KB) and, when the chunk does not keep its token as the index
 * last knows it (changed since the base), its token read eventually consistent (half a unit: a
 * token item is under 4 KB; again consistently only when written since the index was read).
 */
const UNITS_PER_CANDIDATE = 1;

/**
 * The most candidates a search reads instead of the packs the base covers: as many as cost no
 * more read units than those packs (read eventually consistent, half a unit per 4 KB). At
 * 100,000 tokens about 430, as many as the packs' units, whose entries also take longer to
 * decode than those tokens to read.
 */
export function candidatesWorthReading(manifest: SearchManifestRecord, base: SearchBaseRef) {
  const covered = new Set(base.packs);
  const packUnits = manifest.packs
    .filter(({ id }) => covered.has(id))
    .reduce(
      (units, { bytes }) => units + Math.ceil(bytes / 4096) * EVENTUALLY_CONSISTENT_UNITS_PER_4_KB,
      0,
    );
  return Math.max(CANDIDATES_READ_LEAST, Math.floor(packUnits / UNITS_PER_CANDIDATE));
}

/**
 * The candidates of `search` from the base and from the entries it does not cover (the packs
 * read into `packsRead` and the deltas), or undefined when the base cannot narrow the search.
 */
async function candidatesOf(
  manifest: SearchManifestRecord,
  base: SearchBaseRef,
  packsRead: ReadonlyMap<string, readonly OverlayItem[]>,
  deltas: readonly SearchDeltaRecord[],
  search: SearchText,
  /** Whether the deltas were read under this manifest (none committed meanwhile). */
  deltasUnderManifest: boolean,
): Promise<SearchCandidatesRead | SearchAnswerRead | undefined> {
  const most = candidatesWorthReading(manifest, base);
  const overlay = overlayOfBase(manifest, base, packsRead, deltas);
  const others = new Map([...overlay].map(([id, { latest }]) => [id, latest]));
  const candidates = new Set<string>();
  for (const entry of liveOf(others)) {
    if (!entryMatches(entry, search.text)) continue;
    if (search.ownerId !== undefined && entryOwnerId(entry) !== search.ownerId) continue;
    candidates.add(entry.id);
  }
  const fromBase = await readBaseCandidates(
    manifest.workspaceId,
    base,
    search.text,
    most - candidates.size,
  );
  if (!fromBase) return undefined;
  if (fromBase.shared && sharedTextMatches(fromBase.shared, search.text)) {
    // The base's candidates leave out the matches through its shared texts: it counts them. A
    // delta read before a compaction committed may carry an origin from before the base.
    const { page, readTokens } = search;
    if (!page || !readTokens || search.ownerId !== undefined || !deltasUnderManifest) {
      return undefined;
    }
    const answer = await answerFromBase({
      workspaceId: manifest.workspaceId,
      base,
      search: search.text,
      request: page,
      shared: fromBase.shared,
      candidates: fromBase,
      overlay,
      readTokens,
    });
    return answer && { answer, itemsRead: fromBase.itemsRead + answer.itemsRead };
  }
  for (const id of fromBase.ids) candidates.add(id);
  if (candidates.size > most) return undefined;
  const fromBaseIds = new Set(fromBase.ids);
  const revisions = new Map<string, string>();
  const tokens = new Map<string, Token>();
  for (const id of candidates) {
    const baseRev = fromBase.revs.get(id);
    // A base written before revisions were kept gives none: its candidates are read consistently.
    if (fromBaseIds.has(id) && baseRev === undefined) continue;
    const known = [baseRev, others.get(id)?.rev].filter((rev) => rev !== undefined);
    const latest = known.sort(compareRevisions).at(-1);
    if (latest === undefined) continue;
    revisions.set(id, latest);
    const kept = fromBase.tokens.get(id);
    if (kept && latest === baseRev) tokens.set(id, kept);
  }
  return { candidates: [...candidates], revisions, tokens, itemsRead: fromBase.itemsRead };
}

async function readIndex(
  workspaceId: string,
  search: SearchText | undefined,
): Promise<SearchIndexRead | SearchCandidatesRead | SearchAnswerRead> {
  // A search the base may answer reads the manifest before the deltas too: the same version
  // after them means no compaction changed which deltas its packs and base hold meanwhile.
  const before = search?.page ? await readManifest(workspaceId) : undefined;
  const deltas = await readDeltas(workspaceId);
  let itemsRead = deltas.length + (search?.page ? 1 : 0);
  const packsRead = new Map<string, readonly OverlayItem[]>();
  let narrowed = false;
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt += 1) {
    const manifest = await readManifest(workspaceId);
    itemsRead += 1;
    if (!manifest) {
      const built = await buildIndex(workspaceId, deltas);
      // Another search built it first: read its manifest.
      if (!built) continue;
      await rebuildBaseIfDue(workspaceId, undefined, built.tokens).catch((error: unknown) => {
        logger.warn('Building the search base after the index failed', { error, workspaceId });
      });
      return {
        entries: liveOf(built.latest),
        itemsRead: itemsRead + built.tokensRead,
        built: true,
      };
    }
    const base = manifest.base;
    if (search && base && !narrowed) {
      // Only the packs the base does not cover; the others only if the base cannot narrow it.
      const covered = new Set(base.packs);
      const wanted = manifest.packs
        .map(({ id }) => id)
        .filter((id) => !covered.has(id) && !packsRead.has(id));
      const read = await readPacks(workspaceId, wanted);
      itemsRead += read.size;
      for (const [id, items] of read) packsRead.set(id, items);
      if (read.size < wanted.length) continue;
      const found = await candidatesOf(
        manifest,
        base,
        packsRead,
        deltas,
        search,
        before?.version === manifest.version,
      );
      if (found) {
        await compactAfterCandidates(manifest, deltas);
        return { ...found, itemsRead: itemsRead + found.itemsRead };
      }
      narrowed = true;
    }
    const wanted = manifest.packs.map(({ id }) => id).filter((id) => !packsRead.has(id));
    const read = await readPacks(workspaceId, wanted);
    itemsRead += read.size;
    for (const [id, items] of read) packsRead.set(id, items);
    // A pack retired since the manifest was read: a newer manifest names what replaced it.
    if (read.size < wanted.length) continue;
    const packs = new Map(manifest.packs.map(({ id }) => [id, packsRead.get(id)!]));
    const unfolded = unfoldedDeltas(deltas, manifest);
    const entries = liveOf(latestEntries(entriesOf(overlayItemsOf(packs.values(), unfolded))));
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
