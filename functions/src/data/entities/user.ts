/**
 * The user entity (ACCESS_PATTERNS.md rows 1, 2, 19–22, 25, 27, 37 and 53; codec pattern:
 * entity-codec.ts): the profile item `pk=USER#<userId>`, `sk=PROFILE`. It holds the account
 * (address, names, avatar, plan, verification, an address change waiting for its link), the password hash (none for accounts that only
 * sign in with Google), `sessionsValidFrom` (sessions started before it are revoked), `ownedWorkspaceIds` (a string set: the workspaces the user owns, checked
 * against the plan's limit in the transaction that creates one), what a plan change learnt from
 * Stripe (`stripeCustomerId`, `stripeSubscriptionId`, `stripeEventCreated`) and the times of
 * changes (`emailVerifiedAt`, `passwordChangedAt`, `planChangedAt`, `updatedAt`).
 *
 * Reading: id, address and creation time are required. A missing display name reads as the
 * address; a name or avatar that is not text as null; a plan this version does not know as free
 * and a flag that is not `true` as false (`.catch`; `twoFactorEnabled` is written only when on);
 * a missing owned-workspace set as none.
 */
import * as z from 'zod';
import { PLANS, type Plan } from '@expiry-radar/shared/domain/plans';
import { keys } from '../keys';
import type { TableItem } from '../table-operations';
import { parseItem, type EntityCodec } from './entity-codec';

/** The account as the rest of the code uses it. */
export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly name: string | null;
  readonly avatar: string | null;
  readonly plan: Plan;
  readonly downgraded: boolean;
  readonly emailVerified: boolean;
  /** Signs in with a second factor (data/two-factor-records.ts keeps the secret). */
  readonly twoFactorEnabled: boolean;
  /**
   * The address the user asked to move to, waiting for its link to be used: not claimed, so
   * nobody signs in with it and the current address stays in force until then.
   */
  readonly pendingEmail: string | null;
  readonly createdAt: string;
}

/** A stored user: the account and what its item keeps beside it. */
export interface StoredUser {
  readonly user: UserRecord;
  /** Null for accounts that only sign in with Google. */
  readonly passwordHash: string | null;
  readonly emailVerifiedAt: string | null;
  /** Sessions started before this instant are revoked; null: none revoked as a whole. */
  readonly sessionsValidFrom: string | null;
  /** Empty for accounts older than the set (they get it once, from the owner index). */
  readonly ownedWorkspaceIds: ReadonlySet<string>;
}

/**
 * The ids of the workspaces a user owns are also kept on the user item (a string set), so that
 * creating one within the plan's limit is one conditional transaction, free of count-then-write
 * races.
 */
export const OWNED_WORKSPACE_IDS = 'ownedWorkspaceIds';
/** The user's API keys, counted (see the schema). */
export const API_KEY_COUNT = 'apiKeyCount';

const optionalText = z.string().optional();
const planAttribute = z.enum(PLANS).catch('free');
const flag = z.boolean().catch(false);

export const userItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  id: z.string(),
  email: z.string(),
  displayName: optionalText,
  name: z.string().nullable().catch(null),
  avatar: z.string().nullable().catch(null),
  plan: planAttribute,
  downgraded: flag,
  emailVerified: flag,
  twoFactorEnabled: z.boolean().optional().catch(undefined),
  pendingEmail: optionalText,
  pendingEmailRequestedAt: optionalText,
  createdAt: z.string(),
  passwordHash: optionalText,
  emailVerifiedAt: optionalText,
  passwordChangedAt: optionalText,
  sessionsValidFrom: optionalText,
  [OWNED_WORKSPACE_IDS]: z.set(z.string()).optional(),
  stripeCustomerId: optionalText,
  stripeSubscriptionId: optionalText,
  stripeEventCreated: z.number().optional(),
  planChangedAt: optionalText,
  updatedAt: optionalText,
  /**
   * How many API keys the user holds, counted in the transactions that create and revoke them
   * (data/api-key-records.ts), so the plan's limit holds without a count-then-write race.
   */
  [API_KEY_COUNT]: z.number().optional(),
});

export type UserItem = z.output<typeof userItemSchema>;

function userOf(item: UserItem): UserRecord {
  return {
    id: item.id,
    email: item.email,
    displayName: item.displayName ?? item.email,
    name: item.name,
    avatar: item.avatar,
    plan: item.plan,
    downgraded: item.downgraded,
    emailVerified: item.emailVerified,
    twoFactorEnabled: item.twoFactorEnabled ?? false,
    pendingEmail: item.pendingEmail ?? null,
    createdAt: item.createdAt,
  };
}

function withoutOptionalAttributes(
  user: UserRecord,
): Omit<UserRecord, 'twoFactorEnabled' | 'pendingEmail'> {
  const { twoFactorEnabled: _flag, pendingEmail: _pending, ...account } = user;
  return account;
}

export const userCodec = {
  entity: 'USER',
  itemSchema: userItemSchema,

  keyOf: ({ user }) => keys.user(user.id),

  toItem: ({ user, passwordHash, emailVerifiedAt, sessionsValidFrom, ownedWorkspaceIds }) => ({
    ...keys.user(user.id),
    ...withoutOptionalAttributes(user),
    // Written only when on: most accounts never carry them.
    ...(user.twoFactorEnabled ? { twoFactorEnabled: true } : {}),
    ...(user.pendingEmail === null ? {} : { pendingEmail: user.pendingEmail }),
    ...(passwordHash === null ? {} : { passwordHash }),
    ...(emailVerifiedAt === null ? {} : { emailVerifiedAt }),
    ...(sessionsValidFrom === null ? {} : { sessionsValidFrom }),
    // DynamoDB stores no empty set: an item without one owns none.
    ...(ownedWorkspaceIds.size === 0 ? {} : { [OWNED_WORKSPACE_IDS]: new Set(ownedWorkspaceIds) }),
  }),

  fromItem(item) {
    const parsed = parseItem('USER', userItemSchema, item);
    return {
      user: userOf(parsed),
      passwordHash: parsed.passwordHash ?? null,
      emailVerifiedAt: parsed.emailVerifiedAt ?? null,
      sessionsValidFrom: parsed.sessionsValidFrom ?? null,
      ownedWorkspaceIds: parsed[OWNED_WORKSPACE_IDS] ?? new Set(),
    };
  },
} satisfies EntityCodec<StoredUser, UserItem>;

/** A user's plan and billing link (plan changes, billing portal, ownership transfer). */
export interface PlanHolder {
  readonly id: string;
  readonly email: string;
  readonly plan: Plan;
  readonly downgraded: boolean;
  readonly stripeCustomerId: string | null;
  /** The subscription the plan comes from (set by a completed checkout). */
  readonly stripeSubscriptionId: string | null;
  /** `created` (epoch seconds) of the newest Stripe event applied: older ones arrive late. */
  readonly stripeEventCreated: number | null;
}

/** What `planHolderFromItem` reads: a ProjectionExpression (with PLAN_HOLDER_NAMES). */
export const PLAN_HOLDER_PROJECTION =
  'id, email, #plan, downgraded, stripeCustomerId, stripeSubscriptionId, stripeEventCreated';
export const PLAN_HOLDER_NAMES = { '#plan': 'plan' } as const;

const planHolderAttributes = userItemSchema.pick({
  id: true,
  email: true,
  plan: true,
  downgraded: true,
  stripeCustomerId: true,
  stripeSubscriptionId: true,
  stripeEventCreated: true,
});

/** The plan holder, from a user item read with PLAN_HOLDER_PROJECTION. */
export function planHolderFromItem(item: TableItem): PlanHolder {
  const parsed = parseItem('USER', planHolderAttributes, item);
  return {
    id: parsed.id,
    email: parsed.email,
    plan: parsed.plan,
    downgraded: parsed.downgraded,
    stripeCustomerId: parsed.stripeCustomerId ?? null,
    stripeSubscriptionId: parsed.stripeSubscriptionId ?? null,
    stripeEventCreated: parsed.stripeEventCreated ?? null,
  };
}

/** What `ownedWorkspaceIdsFromItem` reads: a ProjectionExpression (with its names). */
export const OWNED_WORKSPACE_IDS_PROJECTION = '#ids';
export const OWNED_WORKSPACE_IDS_NAMES = { '#ids': OWNED_WORKSPACE_IDS } as const;

const ownedWorkspaceIdsAttributes = userItemSchema.pick({ [OWNED_WORKSPACE_IDS]: true });

/**
 * The owned-workspace set of a user item read with OWNED_WORKSPACE_IDS_PROJECTION; null when the
 * item holds none (an account older than the set, one that owns nothing, or no item).
 */
export function ownedWorkspaceIdsFromItem(item: TableItem | undefined): ReadonlySet<string> | null {
  if (!item) return null;
  return parseItem('USER', ownedWorkspaceIdsAttributes, item)[OWNED_WORKSPACE_IDS] ?? null;
}
