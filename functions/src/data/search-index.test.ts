import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { TOKEN_SORT_OPTIONS, type TokenSort } from '@expiry-radar/shared/domain/token-list';
import { expectSearchesMatch } from '../../test-support/naive-search';
import { buildToken, buildTokenFields, seedTokens } from '../../test-support/token-seeding';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import { searchEntryOf, entrySortKey } from '../domain/search-entries';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { readArmingContext } from './alert-arming';
import { searchBasePartCodec } from './entities/search-base';
import { searchManifestCodec } from './entities/search-manifest';
import { tokenIndexSortKey } from './entities/token';
import { keys } from './keys';
import { deleteSearchBase, readBaseCandidates } from './search-base';
import { candidatesWorthReading, readSearchIndex, readSearchIndexFor } from './search-index';
import {
  baseDue,
  compactAfterRead,
  compactSearchIndex,
  rebuildBaseIfDue,
} from './search-index-compaction';
import { entriesToReadAgain, listTokens } from './token-listing';
import {
  createToken,
  deleteToken,
  newImportedToken,
  transferTokens,
  updateToken,
  writeImportBatch,
} from './token-mutations';
import { readTokenCounters } from './token-records';
import { givenSignedInUser } from '../../test-support/fixtures';
import { createWorkspace } from './workspace-store';
import { createAccount } from './account-records';

const SECTIONS = ['ops', 'Ops', null] as const;
const letters = fc.constantFrom('a', 'b', 'A', 'é', 'É', 'z', ' ', '#');
const text = (max: number) =>
  fc.array(letters, { minLength: 1, maxLength: max }).map((parts) => parts.join(''));
const optionalText = fc.option(text(4), { nil: null });

interface Fields {
  name: string;
  vendor: string | null;
  description: string | null;
  section: string | null;
  category: Category;
  expiresAt: string;
}

const fieldsArbitrary: fc.Arbitrary<Fields> = fc.record({
  name: text(5),
  vendor: optionalText,
  description: optionalText,
  section: fc.constantFrom(...SECTIONS),
  category: fc.constantFrom(...CATEGORIES),
  expiresAt: fc.constantFrom('2027-01-01', '2027-06-30', '2028-02-29'),
});

type Step =
  | { kind: 'create'; fields: Fields }
  | { kind: 'update'; pick: number; fields: Omit<Fields, 'category'> }
  | { kind: 'delete'; pick: number }
  | { kind: 'import'; creates: Fields[]; updates: { pick: number; name: string }[] }
  | { kind: 'transfer'; picks: number[] }
  | { kind: 'compact'; all: boolean }
  | { kind: 'base' }
  | { kind: 'search' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fieldsArbitrary.map((fields) => ({ kind: 'create' as const, fields })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      fields: fieldsArbitrary.map(({ category: _category, ...fields }) => fields),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      creates: fc.array(fieldsArbitrary, { maxLength: 4 }),
      updates: fc.array(fc.record({ pick: fc.nat(), name: text(5) }), { maxLength: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('compact' as const), all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'base' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'search' as const }) },
);

interface Query {
  q: string;
  sort: TokenSort;
  category: Category[] | undefined;
  section: string | undefined;
  offset: number;
  limit: number;
}

const queryArbitrary: fc.Arbitrary<Query> = fc.record({
  q: fc.constantFrom('a', 'A', 'é', 'b', 'z a', 'zz', '#', 'a a', 'ab#', 'Éaz'),
  sort: fc.constantFrom<TokenSort>(...TOKEN_SORT_OPTIONS),
  category: fc.option(fc.subarray([...CATEGORIES], { minLength: 1 }), { nil: undefined }),
  section: fc.constantFrom(undefined, 'ops', 'Ops', '__none__', '__all__'),
  offset: fc.constantFrom(0, 1, 3),
  limit: fc.constantFrom(1, 2, 100),
});

const pickFrom = <T>(items: readonly T[], pick: number): T | undefined =>
  items.length === 0 ? undefined : items[pick % items.length];

async function manifestOf(workspaceId: string) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.searchManifest(workspaceId),
      ConsistentRead: true,
    }),
  );
  return Item ? searchManifestCodec.fromItem(Item) : undefined;
}

describe('search index', () => {
  it('answers every search as the naive filter over all tokens, after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }),
        fc.array(queryArbitrary, { minLength: 2, maxLength: 3 }),
        fc.boolean(),
        async (steps, queries, searchFirst) => {
          const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
          const otherId = await givenWorkspace({ ownerId: randomUUID() });
          const tokens = new Map<string, Token>();
          const moved = new Map<string, Token>();
          // With `searchFirst` the index exists before the writes; else the first search builds it.
          if (searchFirst) await readSearchIndex(workspaceId);
          for (const step of steps) {
            const now = new Date();
            const current = [...tokens.values()];
            if (step.kind === 'create') {
              const token = await createToken({
                workspaceId,
                fields: buildTokenFields(step.fields),
                tokenLimit: null,
                now,
              });
              tokens.set(token.id, token);
            } else if (step.kind === 'update') {
              const token = pickFrom(current, step.pick);
              if (!token) continue;
              const next = await updateToken(token, step.fields, now);
              tokens.set(next.id, next);
            } else if (step.kind === 'delete') {
              const token = pickFrom(current, step.pick);
              if (!token) continue;
              await deleteToken(token, now);
              tokens.delete(token.id);
            } else if (step.kind === 'import') {
              const creates = step.creates.map((fields) =>
                newImportedToken(workspaceId, buildTokenFields(fields), now),
              );
              const chosen = [
                ...new Set(step.updates.map(({ pick }) => pick % (current.length || 1))),
              ];
              const updates =
                current.length === 0
                  ? []
                  : chosen.map((index) => {
                      const token = current[index]!;
                      const name = step.updates.find(
                        ({ pick }) => pick % current.length === index,
                      )!.name;
                      const next = {
                        ...token,
                        name,
                        updated_at: new Date(Date.parse(token.updated_at) + 1).toISOString(),
                      };
                      return { current: token, lastAlert: null, next };
                    });
              await writeImportBatch({
                workspaceId,
                creates,
                updates,
                tokenLimit: null,
                arming: await readArmingContext(workspaceId),
                now,
              });
              for (const token of creates) tokens.set(token.id, token);
              for (const { next } of updates) tokens.set(next.id, next);
            } else if (step.kind === 'transfer') {
              const chosen = [
                ...new Set(step.picks.flatMap((pick) => pickFrom(current, pick) ?? [])),
              ];
              if (chosen.length === 0) continue;
              const result = await transferTokens({
                tokens: chosen,
                sourceWorkspaceId: workspaceId,
                targetWorkspaceId: otherId,
                targetTokenLimit: null,
                now,
              });
              for (const token of chosen) tokens.delete(token.id);
              for (const { token } of result) moved.set(token.id, token);
            } else if (step.kind === 'compact') {
              await compactSearchIndex(workspaceId, { all: step.all });
            } else if (step.kind === 'base') {
              await rebuildBaseIfDue(workspaceId, () => true);
            } else {
              await expectSearchesMatch(workspaceId, tokens, queries.slice(0, 1));
            }
          }
          await expectSearchesMatch(workspaceId, tokens, queries);
          await expectSearchesMatch(otherId, moved, queries);
          await compactSearchIndex(workspaceId, { all: true });
          await expectSearchesMatch(workspaceId, tokens, queries);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);

  it('keeps every token of parallel creates, while compactions and searches run', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    await readSearchIndex(workspaceId);
    const creates = Array.from({ length: 24 }, (_, index) =>
      createToken({
        workspaceId,
        fields: buildTokenFields({
          name: `Parallel ${index}`,
          vendor: 'Acme',
          description: null,
          section: null,
          category: 'cert',
          expiresAt: '2027-01-01',
        }),
        tokenLimit: null,
        now: new Date(),
      }),
    );
    const compactions = Array.from({ length: 6 }, (_, index) =>
      compactSearchIndex(workspaceId, { all: index % 2 === 0 }),
    );
    const searches = Array.from({ length: 4 }, () => readSearchIndex(workspaceId));
    const [created] = await Promise.all([
      Promise.all(creates),
      Promise.all(compactions),
      Promise.all(searches),
    ]);
    const ids = (await readSearchIndex(workspaceId)).entries.map(({ id }) => id).sort();
    expect(ids).toEqual(created.map(({ id }) => id).sort());
    await compactSearchIndex(workspaceId, { all: true });
    const after = (await readSearchIndex(workspaceId)).entries.map(({ id }) => id).sort();
    expect(after).toEqual(ids);
  }, 120_000);

  it('gives a workspace the app creates its index at once: writes are folded, and its first search reads no token', async () => {
    const { userId } = await givenSignedInUser();
    const workspace = await createWorkspace({
      name: 'Imports',
      ownerId: userId,
      plan: 'team',
      ownedLimit: null,
      now: new Date(),
    });
    // A registration's personal workspace too.
    const registered = await createAccount(
      {
        email: `${randomUUID()}@example.com`,
        displayName: 'New user',
        name: null,
        avatar: null,
        passwordHash: null,
        emailVerified: true,
      },
      new Date(),
    );
    expect(await manifestOf(registered.workspaceId)).toMatchObject({ packs: [], base: null });
    const tokens = Array.from({ length: 40 }, (_, index) =>
      buildToken(workspace.id, { name: `Imported ${index}` }),
    );
    await seedTokens(workspace.id, tokens);
    expect(await compactSearchIndex(workspace.id)).toBe(true);
    const index = await readSearchIndex(workspace.id);
    expect(index.built).toBe(false);
    expect(index.entries).toHaveLength(40);
    // The manifest and the one pack the compaction wrote: no deltas left, no token read.
    expect(index.itemsRead).toBe(2);
  });

  it('leaves building the base to the writes: a search folds the deltas it read, but builds no base', async () => {
    const { userId } = await givenSignedInUser();
    const workspace = await createWorkspace({
      name: 'Large',
      ownerId: userId,
      plan: 'team',
      ownedLimit: null,
      now: new Date(),
    });
    const seeded = Array.from({ length: 10_050 }, (_, index) =>
      buildToken(workspace.id, { name: `Token ${index}` }),
    );
    await seedTokens(workspace.id, seeded);
    // As a search that read many deltas compacts.
    await compactAfterRead({
      manifest: (await manifestOf(workspace.id))!,
      packs: new Map(),
      unfoldedDeltas: 32,
      liveEntries: 0,
    });
    const afterSearch = (await manifestOf(workspace.id))!;
    expect(afterSearch.packs.reduce((sum, pack) => sum + pack.entries, 0)).toBe(10_050);
    expect(afterSearch.base).toBeNull();
    expect(baseDue(afterSearch)).toBe(true);
    // The next write's compaction builds it.
    await seedTokens(workspace.id, [buildToken(workspace.id, { name: 'One more' })]);
    expect(await compactSearchIndex(workspace.id)).toBe(true);
    expect((await manifestOf(workspace.id))!.base).toMatchObject({
      entries: 10_051,
      tokensMissing: 0,
    });
  }, 120_000);

  it('builds the index of a workspace from before it on the first search, and keeps it', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    const legacy = Array.from({ length: 30 }, (_, index) =>
      buildToken(workspaceId, {
        name: `Legacy ${index}`,
        category: CATEGORIES[index % CATEGORIES.length],
        vendor: index % 3 === 0 ? 'Acme' : null,
      }),
    );
    await seedTokens(workspaceId, legacy, 4, undefined, { searchIndex: false });
    // Written after the code's deployment but before the index was built: a delta and no manifest.
    const now = new Date();
    const added = await createToken({
      workspaceId,
      fields: buildTokenFields({
        name: 'New acme',
        vendor: null,
        description: null,
        section: 'ops',
        category: 'license',
        expiresAt: '2027-01-01',
      }),
      tokenLimit: null,
      now,
    });
    await deleteToken(legacy[0]!, now);
    // Writes and their compactions never build an index: its first search does.
    expect(await compactSearchIndex(workspaceId)).toBe(false);
    expect(await manifestOf(workspaceId)).toBeUndefined();
    const tokens = new Map([...legacy.slice(1), added].map((token) => [token.id, token]));
    const queries: Query[] = [
      {
        q: 'acme',
        sort: 'name_asc',
        category: undefined,
        section: undefined,
        offset: 0,
        limit: 100,
      },
      {
        q: 'legacy 1',
        sort: 'expiration_desc',
        category: ['cert'],
        section: undefined,
        offset: 0,
        limit: 5,
      },
    ];
    const first = await readSearchIndex(workspaceId);
    expect(first.built).toBe(true);
    expect(first.entries.map(({ id }) => id).sort()).toEqual([...tokens.keys()].sort());
    const manifest = await manifestOf(workspaceId);
    expect(manifest?.packs.length).toBe(1);
    expect(manifest?.folded).toEqual([]);
    await expectSearchesMatch(workspaceId, tokens, queries);
    const second = await readSearchIndex(workspaceId);
    expect(second.built).toBe(false);
    expect(second.itemsRead).toBe(2);
  });

  it('reads a few items for thousands of tokens: the packs, the manifest and the deltas', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    const tokens = Array.from({ length: 2_000 }, (_, index) =>
      buildToken(workspaceId, {
        name: `Token ${index}`,
        vendor: index % 10 === 0 ? 'Acme Corporation' : 'Globex',
        description: `Seeded (#${index})`,
      }),
    );
    // Its index exists (built at its first search, empty); the seeded deltas are then folded.
    await readSearchIndex(workspaceId);
    await seedTokens(workspaceId, tokens);
    expect(await compactSearchIndex(workspaceId)).toBe(true);
    const read = await readSearchIndex(workspaceId);
    expect(read.entries).toHaveLength(2_000);
    expect(read.itemsRead).toBeLessThanOrEqual(3);
    const counters = await readTokenCounters(workspaceId);
    const page = await listTokens({
      workspaceId,
      tokenCounters: counters,
      q: 'acme',
      sort: 'expiration_asc',
      category: undefined,
      section: undefined,
      offset: 0,
      limit: 100,
    });
    expect(page.total).toBe(200);
    expect(page.itemsRead).toBeLessThanOrEqual(103);
  }, 60_000);

  it("narrows a search to the base's candidates and the entries it does not cover, and answers as the naive filter", async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    const seeded = Array.from({ length: 300 }, (_, index) =>
      buildToken(workspaceId, { name: `Token ${index}`, category: CATEGORIES[index % 4] }),
    );
    await readSearchIndex(workspaceId);
    await seedTokens(workspaceId, seeded);
    await compactSearchIndex(workspaceId);
    expect(await rebuildBaseIfDue(workspaceId, () => true)).toBe(true);
    const tokens = new Map(seeded.map((token) => [token.id, token]));
    // After the base: one of its matches renamed, one deleted, a new match in a delta.
    const renamed = await updateToken(seeded[123]!, { name: 'Renamed' }, new Date());
    tokens.set(renamed.id, renamed);
    await deleteToken(seeded[29]!, new Date());
    tokens.delete(seeded[29]!.id);
    const created = await createToken({
      workspaceId,
      fields: buildTokenFields({
        name: 'Token 123 again',
        vendor: null,
        description: null,
        section: null,
        category: 'cert',
        expiresAt: '2027-01-01',
      }),
      tokenLimit: null,
      now: new Date(),
    });
    tokens.set(created.id, created);
    const narrowed = await readSearchIndexFor(workspaceId, {
      text: 'oken 123',
      ownerId: undefined,
    });
    expect('candidates' in narrowed && narrowed.candidates.sort()).toEqual(
      [seeded[123]!.id, created.id].sort(),
    );
    // Each candidate's latest revision the index knows, which its token read must not be older
    // than: the renamed one's rename (newer than its base entry), the new one's creation.
    expect('revisions' in narrowed && Object.fromEntries(narrowed.revisions)).toEqual({
      [renamed.id]: renamed.updated_at,
      [created.id]: created.updated_at,
    });
    // The renamed one changed since the base and the new one is not in it: their tokens are read.
    expect('tokens' in narrowed && narrowed.tokens.size).toBe(0);
    // One unchanged since the base: the revision its chunk keeps, and its token there.
    const unchanged = await readSearchIndexFor(workspaceId, {
      text: 'oken 250',
      ownerId: undefined,
    });
    expect('revisions' in unchanged && Object.fromEntries(unchanged.revisions)).toEqual({
      [seeded[250]!.id]: seeded[250]!.updated_at,
    });
    expect('tokens' in unchanged && Object.fromEntries(unchanged.tokens)).toEqual({
      [seeded[250]!.id]: seeded[250],
    });
    // Its page reads no token: nothing beyond what the index read, and the manifest once more
    // before the deltas (a search the base may answer from its counts checks none changed).
    const counters = await readTokenCounters(workspaceId);
    const unchangedPage = await listTokens({
      workspaceId,
      tokenCounters: counters,
      q: 'oken 250',
      sort: 'expiration_asc',
      category: undefined,
      section: undefined,
      offset: 0,
      limit: 100,
    });
    expect(unchangedPage.items).toEqual([seeded[250]]);
    expect(unchangedPage.itemsRead).toBe('itemsRead' in unchanged && unchanged.itemsRead + 1);
    // Deleted since the base: a candidate still, but its tombstone is newer than the token its
    // chunk keeps, so it is read by key (and found gone).
    await deleteToken(seeded[287]!, new Date());
    tokens.delete(seeded[287]!.id);
    const gone = await readSearchIndexFor(workspaceId, { text: 'oken 287', ownerId: undefined });
    if (!('tokens' in gone)) throw new Error('The base did not narrow the search');
    expect(gone.candidates).toEqual([seeded[287]!.id]);
    expect(gone.tokens.size).toBe(0);
    const query = (q: string): Query => ({
      q,
      sort: 'expiration_asc',
      category: undefined,
      section: undefined,
      offset: 0,
      limit: 100,
    });
    // Narrowed (one match, none, a trigram nobody has); too many candidates; too short.
    await expectSearchesMatch(workspaceId, tokens, [
      query('oken 123'),
      query('oken 287'),
      query('OKEN 12'),
      query('ken 2'),
      query('zzz'),
      query('n 29'),
      query('29'),
    ]);
    // A base replaced is left to the table's TTL: a search still reading it reads an older,
    // consistent index. Once its parts are gone, a search that read it reads the packs.
    const replaced = (await manifestOf(workspaceId))!.base!;
    expect(await rebuildBaseIfDue(workspaceId, () => true)).toBe(true);
    const { Item: replacedBucket } = await getDocumentClient().send(
      new GetCommand({
        TableName: getConfig().tableName,
        Key: keys.searchBasePart(workspaceId, replaced.id, 'G0'),
      }),
    );
    expect(replacedBucket?.ttl).toBe(Math.floor(Date.parse(replaced.expiresAt!) / 1000));
    expect(await readBaseCandidates(workspaceId, replaced, 'oken 123', 10)).toBeDefined();
    await deleteSearchBase(workspaceId, replaced);
    expect(await readBaseCandidates(workspaceId, replaced, 'oken 123', 10)).toBeUndefined();
    await expectSearchesMatch(workspaceId, tokens, [query('oken 123')]);
    // A base written before its chunks of ids kept revisions: no revision for its candidates
    // (their tokens are read consistently), the same answers.
    const current = (await manifestOf(workspaceId))!.base!;
    for (let chunk = 0; chunk * current.chunkSize < current.entries; chunk += 1) {
      const { Item } = await getDocumentClient().send(
        new GetCommand({
          TableName: getConfig().tableName,
          Key: keys.searchBasePart(workspaceId, current.id, `I${chunk}`),
        }),
      );
      const { part } = searchBasePartCodec.fromItem(Item!);
      if (part.kind !== 'ids') throw new Error('not a chunk of ids');
      await getDocumentClient().send(
        new PutCommand({
          TableName: getConfig().tableName,
          Item: searchBasePartCodec.toItem({
            workspaceId,
            baseId: current.id,
            part: { kind: 'ids', chunk, ids: part.ids },
          }),
        }),
      );
    }
    const withoutRevisions = await readSearchIndexFor(workspaceId, {
      text: 'oken 250',
      ownerId: undefined,
    });
    expect('revisions' in withoutRevisions && withoutRevisions.revisions.size).toBe(0);
    await expectSearchesMatch(workspaceId, tokens, [query('oken 250'), query('oken 123')]);
  }, 60_000);

  it('reads candidates instead of packs while they cost fewer read units than the packs the base covers', () => {
    const pack = (id: string, kilobytes: number) => ({ id, entries: 1, bytes: kilobytes * 1024 });
    const manifest = {
      workspaceId: 'ws',
      version: 1,
      folded: [],
      retired: [],
      leaseUntil: null,
      base: null,
      // 14 packs of 300 KB hold 100,000 entries; one more, written since, the base does not cover.
      packs: [...Array.from({ length: 14 }, (_, at) => pack(`p${at}`, 300)), pack('new', 64)],
    };
    const base = {
      id: 'b',
      packs: Array.from({ length: 14 }, (_, at) => `p${at}`),
      entries: 100_000,
      buckets: 1,
      chunkSize: 100,
      bytes: 0,
    };
    // 75 units of 4 KB in each covered pack, half a unit each read eventually consistent: 525
    // units, the cost of 525 candidates (half a unit for its chunk, at most half for its token).
    expect(candidatesWorthReading(manifest, base)).toBe(525);
    // However small the packs, a search narrowed to a few candidates reads them.
    expect(candidatesWorthReading({ ...manifest, packs: [pack('p0', 4)] }, base)).toBe(10);
  });

  it('builds the base again once the packs it does not cover are large, while it lacks many tokens, or before its parts expire', () => {
    const pack = (id: string, entries: number, kilobytes: number) => ({
      id,
      entries,
      bytes: kilobytes * 1024,
    });
    const base = (tokensMissing: number | undefined) => ({
      id: 'b',
      packs: ['p0'],
      entries: 20_000,
      buckets: 1,
      chunkSize: 100,
      bytes: 0,
      ...(tokensMissing === undefined ? {} : { tokensMissing }),
    });
    const manifest = (packs: ReturnType<typeof pack>[], tokensMissing?: number | null) => ({
      workspaceId: 'ws',
      version: 1,
      folded: [],
      retired: [],
      leaseUntil: null,
      base: tokensMissing === null ? null : base(tokensMissing),
      packs,
    });
    const covered = pack('p0', 20_000, 300);
    // Fewer than 10,000 entries: no base.
    expect(baseDue(manifest([pack('p0', 9_999, 300)], null))).toBe(false);
    expect(baseDue(manifest([covered], null))).toBe(true);
    expect(baseDue(manifest([covered], 0))).toBe(false);
    expect(baseDue(manifest([covered, pack('new', 100, 60)], 0))).toBe(false);
    expect(baseDue(manifest([covered, pack('new', 2_000, 70)], 0))).toBe(true);
    // A base lacking the tokens of more than 1,000 entries, or written before it kept any.
    expect(baseDue(manifest([covered], 1_000))).toBe(false);
    expect(baseDue(manifest([covered], 1_001))).toBe(true);
    expect(baseDue(manifest([covered], undefined))).toBe(true);
    // A base whose parts the table's TTL removes within 10 days is built again before.
    const expiringIn = (days: number) => ({
      ...manifest([covered], 0),
      base: { ...base(0), expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() },
    });
    expect(baseDue(expiringIn(11))).toBe(false);
    expect(baseDue(expiringIn(9))).toBe(true);
  });

  it('reads the manifest again, not the deltas, when a compaction retires a pack it was about to read', async () => {
    const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
    await readSearchIndex(workspaceId);
    const create = (name: string) =>
      createToken({
        workspaceId,
        fields: buildTokenFields({
          name,
          vendor: null,
          description: null,
          section: null,
          category: 'cert',
          expiresAt: '2027-01-01',
        }),
        tokenLimit: null,
        now: new Date(),
      });
    const created = [await create('First'), await create('Second')];
    await compactSearchIndex(workspaceId);
    created.push(await create('Third'));
    const before = await manifestOf(workspaceId);
    expect(before?.packs).toHaveLength(1);
    // Between the search's manifest read and its pack read, a compaction of every pack retires
    // (and deletes) the pack that manifest names.
    const client = getDocumentClient();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const manifestKey = keys.searchManifest(workspaceId);
    let racing = false;
    let raced = false;
    const reads = { manifest: 0, deltas: 0 };
    Object.assign(client, {
      send: async (command: { input: Record<string, unknown> }) => {
        const output = await send(command);
        if (racing) return output;
        const key = command.input.Key as { pk?: string; sk?: string } | undefined;
        if (
          command instanceof GetCommand &&
          key?.pk === manifestKey.pk &&
          key.sk === manifestKey.sk
        ) {
          reads.manifest += 1;
          if (!raced) {
            raced = true;
            racing = true;
            await compactSearchIndex(workspaceId, { all: true });
            racing = false;
          }
        }
        if (command instanceof QueryCommand) reads.deltas += 1;
        return output;
      },
    });
    let read: Awaited<ReturnType<typeof readSearchIndex>>;
    try {
      read = await readSearchIndex(workspaceId);
    } finally {
      Object.assign(client, { send });
    }
    expect((await manifestOf(workspaceId))?.packs.map(({ id }) => id)).not.toEqual(
      before?.packs.map(({ id }) => id),
    );
    expect(read.entries.map(({ id }) => id).sort()).toEqual(created.map(({ id }) => id).sort());
    expect(reads).toEqual({ manifest: 2, deltas: 1 });
  });

  it('reads a token again consistently only when the first read gave it older, not at all, or its revision is unknown', () => {
    const token = buildToken('ws', { name: 'Kept' });
    const entry = searchEntryOf(token);
    const later = { updated_at: new Date(Date.parse(token.updated_at) + 1).toISOString() };
    const earlier = { updated_at: new Date(Date.parse(token.updated_at) - 1).toISOString() };
    expect(entriesToReadAgain([entry], new Map([[entry.id, token]]))).toEqual([]);
    expect(entriesToReadAgain([entry], new Map([[entry.id, later]]))).toEqual([]);
    expect(entriesToReadAgain([entry], new Map([[entry.id, earlier]]))).toEqual([entry]);
    expect(entriesToReadAgain([entry], new Map())).toEqual([entry]);
    // A token whose revision the index does not know (a base from before revisions were kept).
    const unknown = { id: entry.id, rev: undefined };
    expect(entriesToReadAgain([unknown], new Map([[entry.id, token]]))).toEqual([unknown]);
  });

  it('sorts entries by the keys the indexes hold', () => {
    fc.assert(
      fc.property(
        fc.record({ name: fc.string({ unit: 'binary' }), expiresAt: fc.string() }),
        fc.constantFrom<TokenSort>(...TOKEN_SORT_OPTIONS),
        (fields, sort) => {
          const token = buildToken('ws', fields);
          expect(entrySortKey(searchEntryOf(token), sort)).toBe(tokenIndexSortKey(token, sort));
        },
      ),
    );
  });
});
