/**
 * The workspace entity (ACCESS_PATTERNS.md rows 8, 12, 27, 28, 37; codec pattern:
 * entity-codec.ts): `pk=WS#<workspaceId>`, `sk=WORKSPACE`; its name, owner, plan, frozen state and
 * creation time; whether its admins require two-factor authentication (`requireTwoFactor`,
 * written only when on); the owner index entry `gsi1pk=OWNER#<ownerId>`, `gsi1sk=WS#<since>#<id>`, where
 * `since` is `ownedSince` (set when ownership was transferred) or else `createdAt`; and the facet
 * counters the token writes keep on it (domain/token-counters): `tokenCount` and one `tc#…`
 * attribute per category and section; and `admissionVersion`, which every admission of a member
 * or invitation bumps (data/admission-guard.ts).
 *
 * Reading: id, name, owner, creation time and the owner index entry are required. A plan this
 * version does not know reads as free and a frozen flag that is not `true` as not frozen
 * (`.catch`). The token count is `tokenCount`, else the sum of the older per-category map
 * `categoryCounts`, else 0; a counter cell holding no positive number is no cell.
 */
import * as z from 'zod';
import { PLANS, type Plan } from '@expiry-radar/shared/domain/plans';
import {
  readCounterValues,
  TOKEN_COUNT_ATTRIBUTE,
  type CounterValues,
} from '../../domain/token-counters';
import { gsi1, keys } from '../keys';
import type { TableItem } from '../table-operations';
import { parseItem, type EntityCodec } from './entity-codec';

/** A workspace as the rest of the code uses it. */
export interface WorkspaceRecord {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly plan: Plan;
  readonly isFrozen: boolean;
  /**
   * Its admins require two-factor authentication of every member; in force only while the plan
   * allows it (PLAN_LIMITS[plan].requireTwoFactor).
   */
  readonly requireTwoFactor: boolean;
  readonly createdAt: string;
  /** From the counters the token writes keep on the workspace item; 0 when there are none. */
  readonly tokenCount: number;
}

/** A stored workspace: the workspace, since when its owner has it, and its facet counters. */
export interface StoredWorkspace {
  readonly workspace: WorkspaceRecord;
  /** When its owner got it by a transfer (ISO instant); null: since `createdAt`. */
  readonly ownedSince: string | null;
  /** Counter cell attribute -> count (positive counts only). */
  readonly counters: CounterValues;
}

const planAttribute = z.enum(PLANS).catch('free');

/** The version an admission to the workspace conditions its write on. */
export const ADMISSION_VERSION = 'admissionVersion';

export const workspaceItemSchema = z.looseObject({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  plan: planAttribute,
  isFrozen: z.boolean().catch(false),
  requireTwoFactor: z.boolean().optional().catch(undefined),
  createdAt: z.string(),
  ownedSince: z.string().optional(),
  updatedAt: z.string().optional(),
  planChangedAt: z.string().optional(),
  /** Bumped by every admission of a member or invitation (data/admission-guard.ts). */
  [ADMISSION_VERSION]: z.number().optional(),
  [TOKEN_COUNT_ATTRIBUTE]: z.number().optional(),
  /** Counters of older items, per category; read only when `tokenCount` is missing. */
  categoryCounts: z.record(z.string(), z.number().catch(0)).optional().catch(undefined),
});

export type WorkspaceItem = z.output<typeof workspaceItemSchema>;

function tokenCountOf(item: WorkspaceItem): number {
  const total =
    item.tokenCount ??
    Object.values(item.categoryCounts ?? {}).reduce((sum, value) => sum + value, 0);
  return Math.max(0, total);
}

export const workspaceCodec = {
  entity: 'WORKSPACE',
  itemSchema: workspaceItemSchema,

  keyOf: ({ workspace }) => keys.workspace(workspace.id),

  toItem: ({ workspace, ownedSince, counters }) => ({
    ...Object.fromEntries(counters),
    ...keys.workspace(workspace.id),
    ...gsi1.ownedWorkspace(workspace.ownerId, ownedSince ?? workspace.createdAt, workspace.id),
    id: workspace.id,
    name: workspace.name,
    ownerId: workspace.ownerId,
    plan: workspace.plan,
    isFrozen: workspace.isFrozen,
    // Written only when on: most workspaces never carry it.
    ...(workspace.requireTwoFactor ? { requireTwoFactor: true } : {}),
    createdAt: workspace.createdAt,
    ...(ownedSince === null ? {} : { ownedSince }),
    [TOKEN_COUNT_ATTRIBUTE]: workspace.tokenCount,
  }),

  fromItem(item) {
    const parsed = parseItem('WORKSPACE', workspaceItemSchema, item);
    return {
      workspace: {
        id: parsed.id,
        name: parsed.name,
        ownerId: parsed.ownerId,
        plan: parsed.plan,
        isFrozen: parsed.isFrozen,
        requireTwoFactor: parsed.requireTwoFactor ?? false,
        createdAt: parsed.createdAt,
        tokenCount: tokenCountOf(parsed),
      },
      ownedSince: parsed.ownedSince ?? null,
      counters: readCounterValues(parsed),
    };
  },
} satisfies EntityCodec<StoredWorkspace, WorkspaceItem>;

/** A workspace as created: no tokens yet, owned since its creation. */
export function newStoredWorkspace(options: {
  workspaceId: string;
  name: string;
  ownerId: string;
  plan: Plan;
  isFrozen?: boolean;
  now: Date;
}): StoredWorkspace {
  return {
    workspace: {
      id: options.workspaceId,
      name: options.name,
      ownerId: options.ownerId,
      plan: options.plan,
      isFrozen: options.isFrozen ?? false,
      requireTwoFactor: false,
      createdAt: options.now.toISOString(),
      tokenCount: 0,
    },
    ownedSince: null,
    counters: new Map(),
  };
}

/** What `workspacePlanFromItem` reads: a ProjectionExpression (with WORKSPACE_PLAN_NAMES). */
export const WORKSPACE_PLAN_PROJECTION = '#plan';
export const WORKSPACE_PLAN_NAMES = { '#plan': 'plan' } as const;

/** The plan of a workspace, from an item read with WORKSPACE_PLAN_PROJECTION. */
export function workspacePlanFromItem(item: TableItem): Plan {
  return parseItem('WORKSPACE', z.object({ plan: planAttribute }), item).plan;
}

/** What `admissionStateFromItem` reads: a ProjectionExpression (with WORKSPACE_ADMISSION_NAMES). */
export const WORKSPACE_ADMISSION_PROJECTION = 'pk, isFrozen, #version';
export const WORKSPACE_ADMISSION_NAMES = { '#version': ADMISSION_VERSION } as const;

const admissionAttributes = z.object({
  isFrozen: workspaceItemSchema.shape.isFrozen,
  [ADMISSION_VERSION]: z.number().default(0),
});

/**
 * Whether the workspace is frozen and its admission version (0 before the first admission), from
 * an item read with WORKSPACE_ADMISSION_PROJECTION.
 */
export function admissionStateFromItem(item: TableItem): {
  readonly frozen: boolean;
  readonly version: number;
} {
  const parsed = parseItem('WORKSPACE', admissionAttributes, item);
  return { frozen: parsed.isFrozen, version: parsed[ADMISSION_VERSION] };
}
