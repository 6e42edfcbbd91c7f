import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CATEGORIES } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { liveEntry, tombstoneEntry } from '../../test-support/search-entry-arbitraries';
import { buildTokenFields } from '../../test-support/token-seeding';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import { latestEntries, searchEntryOf, type SearchEntry } from '../domain/search-entries';
import type { OverlayItem } from '../domain/search-origins';
import { readArmingContext } from './alert-arming';
import { overlayOfBase, readSearchIndex } from './search-index';
import { compactSearchIndex, mergedItems, rebuildBaseIfDue } from './search-index-compaction';
import { readDeltas, readManifest, readPacks } from './search-index-store';
import {
  createToken,
  deleteToken,
  newImportedToken,
  transferTokens,
  updateToken,
  writeImportBatch,
} from './token-mutations';

const live = liveEntry;
const tombstone = tombstoneEntry;
const at = (day: number) => `2026-01-0${day}T00:00:00.000Z`;

describe('mergedItems', () => {
  it("gives each id its latest entry and its earliest item's origin, self when that is the entry", () => {
    const packItems: OverlayItem[] = [
      { entry: live('a', at(1)), origin: 'self' },
      { entry: live('b', at(1)), origin: 'self' },
      { entry: live('c', at(2)), origin: live('c', at(1)) },
    ];
    const folding: OverlayItem[] = [
      { entry: live('a', at(2), 'renamed'), origin: live('a', at(1)) },
      { entry: live('d', at(2)), origin: 'absent' },
      { entry: live('c', at(3)), origin: live('c', at(2)) },
    ];
    expect(mergedItems(packItems, folding, false, true)).toEqual([
      { entry: live('a', at(2), 'renamed'), origin: live('a', at(1)) },
      { entry: live('b', at(1)), origin: 'self' },
      { entry: live('c', at(3)), origin: live('c', at(1)) },
      { entry: live('d', at(2)), origin: 'absent' },
    ]);
  });

  it('keeps a tombstone of a token the base counts (or may) when reaching the oldest pack', () => {
    const packItems: OverlayItem[] = [
      { entry: tombstone('a', at(2)), origin: live('a', at(1)) },
      { entry: tombstone('b', at(2)), origin: 'absent' },
      { entry: tombstone('c', at(2)), origin: 'self' },
      { entry: tombstone('d', at(2)), origin: 'unknown' },
      { entry: tombstone('e', at(2)), origin: tombstone('e', at(1)) },
    ];
    const folding: OverlayItem[] = [{ entry: tombstone('f', at(3)), origin: live('f', at(1)) }];
    expect(mergedItems(packItems, folding, true, true).map(({ entry }) => entry.id)).toEqual([
      'a',
      'd',
      'f',
    ]);
    // Without a base, none counts them: only the tombstones folded now stay.
    expect(mergedItems(packItems, folding, true, false).map(({ entry }) => entry.id)).toEqual([
      'f',
    ]);
    expect(mergedItems(packItems, folding, false, true)).toHaveLength(6);
  });
});

const SECTIONS = ['ops', 'Ops', null] as const;
const fieldsArbitrary = fc.record({
  name: fc.constantFrom('alpha', 'beta', 'gamma'),
  vendor: fc.constantFrom(null, 'acme'),
  section: fc.constantFrom(...SECTIONS),
  category: fc.constantFrom(...CATEGORIES),
  expiresAt: fc.constantFrom('2027-01-01', '2028-02-29'),
});
type Fields = typeof fieldsArbitrary extends fc.Arbitrary<infer T> ? T : never;
const exampleFields: Fields = {
  name: 'alpha',
  vendor: null,
  section: null,
  category: 'cert',
  expiresAt: '2027-01-01',
};

type Step =
  | { kind: 'create'; fields: Fields }
  | { kind: 'update'; pick: number; name: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'import'; creates: Fields[]; updates: number[] }
  | { kind: 'transfer'; picks: number[] }
  | { kind: 'compact'; all: boolean }
  | { kind: 'base' }
  | { kind: 'search' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fieldsArbitrary.map((fields) => ({ kind: 'create' as const, fields })) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      name: fc.constantFrom('delta', 'epsilon'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      creates: fc.array(fieldsArbitrary, { maxLength: 3 }),
      updates: fc.array(fc.nat(), { maxLength: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('compact' as const), all: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'base' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'search' as const }) },
);

const pickFrom = <T>(items: readonly T[], pick: number): T | undefined =>
  items.length === 0 ? undefined : items[pick % items.length];

/** What a base was built from: the latest entry of each id among the packs it covers. */
async function baseEntries(workspaceId: string): Promise<Map<string, SearchEntry>> {
  const manifest = await readManifest(workspaceId);
  const packs = await readPacks(workspaceId, manifest!.base!.packs);
  return latestEntries([...packs.values()].flat().map(({ entry }) => entry));
}

/**
 * The overlay of the workspace's base gives each id the entry the base was built from (or
 * absent), and with the base it gives every token as it is now and no other.
 */
async function expectOverlayExact(
  workspaceId: string,
  built: ReadonlyMap<string, SearchEntry>,
  tokens: ReadonlyMap<string, Token>,
) {
  const manifest = (await readManifest(workspaceId))!;
  const base = manifest.base!;
  const covered = new Set(base.packs);
  const uncovered = manifest.packs.map(({ id }) => id).filter((id) => !covered.has(id));
  const packs = await readPacks(workspaceId, uncovered);
  const overlay = overlayOfBase(manifest, base, packs, await readDeltas(workspaceId));
  for (const [id, { origin }] of overlay)
    expect([id, origin]).toEqual([id, built.get(id) ?? 'absent']);
  const now = new Map(built);
  for (const [id, { latest }] of overlay) now.set(id, latest);
  const liveNow = [...now.values()].filter(({ deleted }) => !deleted);
  expect(new Map(liveNow.map((entry) => [entry.id, entry]))).toEqual(
    new Map([...tokens.values()].map((token) => [token.id, searchEntryOf(token)])),
  );
}

describe('search index origins', () => {
  it('gives every id of the overlay what the base holds of it, after any writes and compactions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 4, maxLength: 16 }),
        fc.boolean(),
        async (steps, searchFirst) => {
          const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
          const otherId = await givenWorkspace({ ownerId: randomUUID() });
          const tokens = new Map<string, Token>();
          const moved = new Map<string, Token>();
          const bases = new Map<string, Map<string, SearchEntry>>();
          if (searchFirst) await readSearchIndex(workspaceId);
          await readSearchIndex(otherId);
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
              const next = await updateToken(token, { name: step.name }, now);
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
                ...new Set(step.updates.flatMap((pick) => pickFrom(current, pick) ?? [])),
              ];
              const updates = chosen.map((token) => ({
                current: token,
                lastAlert: null,
                next: {
                  ...token,
                  name: `${token.name} imported`,
                  updated_at: new Date(Date.parse(token.updated_at) + 1).toISOString(),
                },
              }));
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
              await compactSearchIndex(otherId, { all: step.all });
            } else if (step.kind === 'base') {
              for (const id of [workspaceId, otherId]) {
                if (await rebuildBaseIfDue(id, () => true)) bases.set(id, await baseEntries(id));
              }
            } else {
              await readSearchIndex(workspaceId);
            }
            for (const [id, built] of bases) {
              await expectOverlayExact(id, built, id === workspaceId ? tokens : moved);
            }
          }
        },
      ),
      {
        numRuns: 25,
        examples: [
          // A token the base counts, deleted: its tombstone outlives the merges that reach the
          // oldest pack.
          [
            [
              { kind: 'create', fields: exampleFields },
              { kind: 'compact', all: false },
              { kind: 'base' },
              { kind: 'delete', pick: 0 },
              { kind: 'compact', all: false },
              { kind: 'create', fields: exampleFields },
              { kind: 'compact', all: false },
              { kind: 'compact', all: true },
            ],
            true,
          ],
        ],
      },
    );
  }, 120_000);
});
