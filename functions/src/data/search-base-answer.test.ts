import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { expectSearchesMatch, type NaiveQuery } from '../../test-support/naive-search';
import { buildTokenFields, putTokenItem } from '../../test-support/token-seeding';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import { keys } from './keys';
import type { SearchBaseLimits } from './search-base';
import { readSearchIndex, readSearchIndexFor } from './search-index';
import { compactSearchIndex, rebuildBaseIfDue } from './search-index-compaction';
import { readManifest } from './search-index-store';
import { deleteItems } from './table-operations';
import { createToken, deleteToken, updateToken } from './token-mutations';

/** A base cut small, so that a few dozen tokens have shared texts, common grams and heads. */
const smallBase = (headEntries: number): SearchBaseLimits => ({
  commonGramEntries: 6,
  sharedTexts: { leastEntries: 3, mostSignatures: 40 },
  headEntries,
});

const vendor = fc.constantFrom('Acme Corporation', 'Globex', 'Acme CA', null);
const usedBy = fc.constantFrom('ops team', 'acme platform', null);
interface Fields {
  readonly name: string;
  readonly vendor: string | null;
  readonly issuer: string | null;
  readonly used_by: string | null;
  readonly category: Category;
  readonly section: string | null;
  readonly expiresAt: string;
}

const fieldsArbitrary: fc.Arbitrary<Fields> = fc.record({
  name: fc.constantFrom('Acme prod key', 'staging db', 'ops cert', 'globex api', 'corp vpn'),
  vendor,
  issuer: vendor,
  used_by: usedBy,
  category: fc.constantFrom(...CATEGORIES),
  section: fc.constantFrom(null, 'prod', 'ops'),
  expiresAt: fc.constantFrom('2027-01-01', '2027-03-15', '2027-06-30', '2028-02-29', '2029-12-31'),
});

type Step =
  | { kind: 'create'; fields: Fields }
  | { kind: 'update'; pick: number; fields: Partial<Fields> }
  | { kind: 'delete'; pick: number }
  | { kind: 'compact'; all: boolean }
  | { kind: 'base' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create' as const), fields: fieldsArbitrary }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      fields: fc.record<Partial<Fields>>(
        {
          vendor,
          used_by: usedBy,
          section: fc.constantFrom(null, 'prod'),
          expiresAt: fc.constantFrom('2026-12-01', '2030-01-01'),
        },
        { requiredKeys: [] },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const), all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'base' as const }) },
);

const queryArbitrary: fc.Arbitrary<NaiveQuery> = fc.record({
  q: fc.constantFrom('acme', 'ACME CORP', 'globex', 'ops', 'corp', 'acme c', 'prod key', 'team'),
  sort: fc.constantFrom<TokenSort>('expiration_asc', 'expiration_asc', 'name_asc'),
  category: fc.option(fc.subarray([...CATEGORIES], { minLength: 1 }), { nil: undefined }),
  section: fc.constantFrom(undefined, 'prod', '__none__', '__all__'),
  offset: fc.constantFrom(0, 1, 3),
  limit: fc.constantFrom(1, 2, 5, 100),
});

/** A workspace with its search index, as the app creates them: its writes' deltas are folded. */
async function givenIndexedWorkspace() {
  const workspaceId = await givenWorkspace({ ownerId: randomUUID() });
  await readSearchIndex(workspaceId);
  return workspaceId;
}

async function givenTokens(workspaceId: string, rows: readonly Fields[]) {
  const tokens = new Map<string, Token>();
  for (const fields of rows) {
    const token = await createToken({
      workspaceId,
      fields: buildTokenFields(fields),
      tokenLimit: null,
      now: new Date(),
    });
    tokens.set(token.id, token);
  }
  return tokens;
}

describe('search answered from the base', () => {
  it('counts and pages a search matching shared texts exactly, after any writes since the base', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fieldsArbitrary, { minLength: 12, maxLength: 30 }),
        fc.array(stepArbitrary, { maxLength: 10 }),
        fc.array(queryArbitrary, { minLength: 2, maxLength: 4 }),
        // Heads shorter than a category (pages past them are read from the packs), or longer.
        fc.constantFrom(3, 40),
        async (seed, steps, queries, headEntries) => {
          const limits = smallBase(headEntries);
          const workspaceId = await givenIndexedWorkspace();
          const tokens = await givenTokens(workspaceId, seed);
          await compactSearchIndex(workspaceId);
          await rebuildBaseIfDue(workspaceId, () => true, new Map(), limits);
          for (const step of steps) {
            const current = [...tokens.values()];
            const picked =
              'pick' in step ? current[step.pick % Math.max(1, current.length)] : undefined;
            if (step.kind === 'create') {
              for (const [id, token] of await givenTokens(workspaceId, [step.fields])) {
                tokens.set(id, token);
              }
            } else if (step.kind === 'update' && picked) {
              const next = await updateToken(picked, step.fields, new Date());
              tokens.set(next.id, next);
            } else if (step.kind === 'delete' && picked) {
              await deleteToken(picked, new Date());
              tokens.delete(picked.id);
            } else if (step.kind === 'compact') {
              await compactSearchIndex(workspaceId, { all: step.all });
            } else if (step.kind === 'base') {
              await rebuildBaseIfDue(workspaceId, () => true, new Map(), limits);
            }
          }
          await expectSearchesMatch(workspaceId, tokens, queries);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);

  it('reads the packs instead while the overlay holds a write whose origin is not known (written before origins)', async () => {
    const workspaceId = await givenIndexedWorkspace();
    const tokens = await givenTokens(
      workspaceId,
      Array.from({ length: 12 }, (_, at) => ({
        name: `token ${at}`,
        vendor: 'Acme Corporation',
        issuer: null,
        used_by: null,
        category: 'cert' as const,
        section: null,
        expiresAt: `2027-01-${10 + at}`,
      })),
    );
    await compactSearchIndex(workspaceId);
    await rebuildBaseIfDue(workspaceId, () => true, new Map(), smallBase(40));
    // A write as code from before origins left it: its delta says nothing of what the base holds.
    const [renamed] = [...tokens.values()];
    const next = {
      ...renamed!,
      vendor: 'Globex',
      updated_at: new Date(Date.parse(renamed!.updated_at) + 1).toISOString(),
    };
    await putTokenItem(next);
    tokens.set(next.id, next);
    const search = { text: 'acme', ownerId: undefined };
    const page = { sort: 'expiration_asc' as const, offset: 0, limit: 5 };
    const read = await readSearchIndexFor(workspaceId, {
      ...search,
      page,
      readTokens: () => Promise.resolve({ byId: new Map(), keysRead: 0 }),
    });
    expect('answer' in read).toBe(false);
    await expectSearchesMatch(workspaceId, tokens, [
      { q: 'acme', category: undefined, section: undefined, ...page },
    ]);
  });

  it('answers a search matching a shared text from the base and the overlay alone: the packs it covers are not read', async () => {
    const workspaceId = await givenIndexedWorkspace();
    const rows = Array.from({ length: 40 }, (_, at) => ({
      name: `token ${at}`,
      vendor: at % 4 === 0 ? 'Acme Corporation' : 'Globex',
      issuer: null,
      used_by: null,
      category: CATEGORIES[at % CATEGORIES.length]!,
      section: at % 3 === 0 ? 'prod' : null,
      expiresAt: `2027-0${1 + (at % 9)}-1${at % 10}`,
    }));
    const tokens = await givenTokens(workspaceId, rows);
    await compactSearchIndex(workspaceId);
    await rebuildBaseIfDue(workspaceId, () => true, new Map(), smallBase(12));
    const manifest = await readManifest(workspaceId);
    const covered = manifest!.base!.packs;
    // Without the packs the base covers, only the base can answer.
    await deleteItems(covered.map((packId) => keys.searchPack(workspaceId, packId)));
    // A write since the base: the overlay's part of the answer.
    const renamed = [...tokens.values()].find(({ vendor: name }) => name === 'Globex')!;
    const next = await updateToken(
      renamed,
      { vendor: 'Acme Corporation', section: 'prod' },
      new Date(),
    );
    tokens.set(next.id, next);
    await expectSearchesMatch(workspaceId, tokens, [
      {
        q: 'acme',
        sort: 'expiration_asc',
        category: undefined,
        section: undefined,
        offset: 0,
        limit: 3,
      },
      {
        q: 'ACME',
        sort: 'expiration_asc',
        category: ['cert'],
        section: 'prod',
        offset: 1,
        limit: 100,
      },
      {
        q: 'corporation',
        sort: 'expiration_asc',
        category: undefined,
        section: '__all__',
        offset: 0,
        limit: 2,
      },
    ]);
  });
});
