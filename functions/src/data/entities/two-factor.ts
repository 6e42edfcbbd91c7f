/**
 * The two-factor entity (ACCESS_PATTERNS.md rows 40–43; codec pattern: entity-codec.ts): one item
 * per user, `pk=USER#<userId>`, `sk=TWO_FACTOR`, with the user's index entry `gsi1pk=USER#<userId>`,
 * `gsi1sk=TWO_FACTOR` (account deletion removes it with the user's other items).
 *
 * - `status`: `pending` while an enrolment waits for its first code (then `pendingExpiresAt` and
 *   `ttl` are set: an abandoned enrolment goes away), `enabled` once confirmed.
 * - `encryptedSecret`: the TOTP secret, encrypted (domain/secret-box.ts); never stored in clear
 *   and never answered after the enrolment is confirmed.
 * - `lastUsedStep`: the TOTP time step of the last accepted code; a code is accepted only for a
 *   later step (conditional write), so a code cannot be used twice.
 * - `recoveryCodeHashes`: a string set of the SHA-256 of the unused recovery codes; using one
 *   removes it in the same conditional write that checks it is there.
 *
 * Reading: the user comes from the key; status, secret and update time are required; a missing
 * set reads as no codes left.
 */
import * as z from 'zod';
import { epochSeconds, gsi1, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export const TWO_FACTOR_STATUSES = ['pending', 'enabled'] as const;
export type TwoFactorStatus = (typeof TWO_FACTOR_STATUSES)[number];

export interface TwoFactorRecord {
  readonly userId: string;
  readonly status: TwoFactorStatus;
  readonly encryptedSecret: string;
  /** Pending enrolments only: when the secret stops being confirmable (ISO instant). */
  readonly pendingExpiresAt: string | null;
  readonly enabledAt: string | null;
  readonly lastUsedStep: number | null;
  readonly recoveryCodeHashes: ReadonlySet<string>;
  readonly updatedAt: string;
}

/** The attribute names update and condition expressions use. */
export const TWO_FACTOR_ATTRIBUTES = {
  status: 'status',
  encryptedSecret: 'encryptedSecret',
  pendingExpiresAt: 'pendingExpiresAt',
  enabledAt: 'enabledAt',
  lastUsedStep: 'lastUsedStep',
  recoveryCodeHashes: 'recoveryCodeHashes',
  updatedAt: 'updatedAt',
  ttl: 'ttl',
} as const;

export const twoFactorItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  status: z.enum(TWO_FACTOR_STATUSES),
  encryptedSecret: z.string(),
  pendingExpiresAt: z.string().optional(),
  enabledAt: z.string().optional(),
  lastUsedStep: z.number().int().optional(),
  recoveryCodeHashes: z.set(z.string()).optional(),
  updatedAt: z.string(),
  ttl: z.number().optional(),
});

export type TwoFactorItem = z.output<typeof twoFactorItemSchema>;

export const twoFactorCodec = {
  entity: 'TWO_FACTOR',
  itemSchema: twoFactorItemSchema,

  keyOf: ({ userId }) => keys.twoFactor(userId),

  toItem: (record) => ({
    ...keys.twoFactor(record.userId),
    ...gsi1.twoFactor(record.userId),
    status: record.status,
    encryptedSecret: record.encryptedSecret,
    ...(record.pendingExpiresAt === null
      ? {}
      : {
          pendingExpiresAt: record.pendingExpiresAt,
          ttl: epochSeconds(new Date(record.pendingExpiresAt)),
        }),
    ...(record.enabledAt === null ? {} : { enabledAt: record.enabledAt }),
    ...(record.lastUsedStep === null ? {} : { lastUsedStep: record.lastUsedStep }),
    // DynamoDB stores no empty set: an item without one has no codes left.
    ...(record.recoveryCodeHashes.size === 0
      ? {}
      : { recoveryCodeHashes: new Set(record.recoveryCodeHashes) }),
    updatedAt: record.updatedAt,
  }),

  fromItem(item) {
    const parsed = parseItem('TWO_FACTOR', twoFactorItemSchema, item);
    return {
      userId: requireKeyPart('TWO_FACTOR', item, keyParts.userId(parsed.pk), 'user id'),
      status: parsed.status,
      encryptedSecret: parsed.encryptedSecret,
      pendingExpiresAt: parsed.pendingExpiresAt ?? null,
      enabledAt: parsed.enabledAt ?? null,
      lastUsedStep: parsed.lastUsedStep ?? null,
      recoveryCodeHashes: parsed.recoveryCodeHashes ?? new Set(),
      updatedAt: parsed.updatedAt,
    };
  },
} satisfies EntityCodec<TwoFactorRecord, TwoFactorItem>;
