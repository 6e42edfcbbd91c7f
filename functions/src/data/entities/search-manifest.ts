/**
 * The search manifest entity (ACCESS_PATTERNS.md row 13; data/search-index.ts; codec pattern:
 * entity-codec.ts): `pk=WS#<workspaceId>`, `sk=SEARCH#MANIFEST`, one per workspace whose search
 * index was built. `packs`: the packs in use (id, entries, bytes of data), oldest first;
 * `folded`: deltas whose entries are in those packs, so readers skip them until they are deleted;
 * `retired`: packs replaced by others, to delete; `version`, bumped by every change (changes are
 * conditioned on the version read); `leaseUntil`: while a compaction runs (ISO instant); `base`:
 * the gram index over the entries of some of its packs (data/search-base.ts), when it has one.
 *
 * Reading: the workspace comes from the key; a missing list reads as empty, a missing lease as
 * none.
 */
import * as z from 'zod';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface SearchPackRef {
  readonly id: string;
  readonly entries: number;
  readonly bytes: number;
}

/** A category's head in a base (data/search-base.ts): its first entries in expiry order. */
export interface SearchBaseHead {
  readonly category: Category;
  readonly chunks: number;
  /** Whether the head holds every entry of the category the base holds. */
  readonly complete: boolean;
}

/** A base of the search index (data/search-base.ts) and what it was built from. */
export interface SearchBaseRef {
  readonly id: string;
  /** The packs whose entries it holds (a pack retired since is no longer in `packs`). */
  readonly packs: readonly string[];
  readonly entries: number;
  readonly buckets: number;
  readonly chunkSize: number;
  readonly bytes: number;
  /**
   * Entries whose token the build did not have (not read yet: a build reads a limited number; or
   * changed since the packs were read), which a later build reads; those a chunk left out for
   * their size are not counted. Absent in a base written before tokens were kept, which keeps none.
   */
  readonly tokensMissing?: number;
  /**
   * Each category's head; a base that has them also has its shared texts (part `S0`). Absent in
   * a base written before either.
   */
  readonly heads?: readonly SearchBaseHead[];
  /** When the table's TTL removes its parts (ISO instant); absent in a base written before. */
  readonly expiresAt?: string;
}

export interface SearchManifestRecord {
  readonly workspaceId: string;
  readonly version: number;
  readonly packs: readonly SearchPackRef[];
  readonly folded: readonly string[];
  readonly retired: readonly string[];
  readonly leaseUntil: string | null;
  readonly base: SearchBaseRef | null;
}

const packRefSchema = z.object({
  id: z.string(),
  entries: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});

const baseRefSchema = z.object({
  id: z.string(),
  packs: z.array(z.string()),
  entries: z.number().int().nonnegative(),
  buckets: z.number().int().positive(),
  chunkSize: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  tokensMissing: z.number().int().nonnegative().optional(),
  heads: z
    .array(
      z.object({
        category: z.enum(CATEGORIES),
        chunks: z.number().int().nonnegative(),
        complete: z.boolean(),
      }),
    )
    .optional(),
  expiresAt: z.string().optional(),
});

export const searchManifestItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SEARCH_MANIFEST'),
  version: z.number().int(),
  packs: z.array(packRefSchema).default([]),
  folded: z.array(z.string()).default([]),
  retired: z.array(z.string()).default([]),
  leaseUntil: z.string().optional(),
  base: baseRefSchema.optional(),
});

export type SearchManifestItem = z.output<typeof searchManifestItemSchema>;

export const searchManifestCodec = {
  entity: 'SEARCH_MANIFEST',
  itemSchema: searchManifestItemSchema,
  keyOf: ({ workspaceId }) => keys.searchManifest(workspaceId),
  toItem: ({ workspaceId, version, packs, folded, retired, leaseUntil, base }) => ({
    ...keys.searchManifest(workspaceId),
    entity: 'SEARCH_MANIFEST',
    version,
    packs: packs.map(({ id, entries, bytes }) => ({ id, entries, bytes })),
    folded: [...folded],
    retired: [...retired],
    ...(leaseUntil === null ? {} : { leaseUntil }),
    ...(base === null
      ? {}
      : {
          base: {
            ...base,
            packs: [...base.packs],
            heads: base.heads?.map((head) => ({ ...head })),
          },
        }),
  }),
  fromItem(item) {
    const parsed = parseItem('SEARCH_MANIFEST', searchManifestItemSchema, item);
    return {
      workspaceId: requireKeyPart(
        'SEARCH_MANIFEST',
        item,
        keyParts.workspaceId(parsed.pk),
        'workspace id',
      ),
      version: parsed.version,
      packs: parsed.packs,
      folded: parsed.folded,
      retired: parsed.retired,
      leaseUntil: parsed.leaseUntil ?? null,
      base: parsed.base ?? null,
    };
  },
} satisfies EntityCodec<SearchManifestRecord, SearchManifestItem>;
