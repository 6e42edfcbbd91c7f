/**
 * The registration watch entity (ACCESS_PATTERNS.md row 64; codec pattern: entity-codec.ts): what
 * the browser that registered may ask afterwards, whether the account it created has verified its
 * address. `pk=REGISTRATION_WATCH#<SHA-256 of the cookie value>`, `sk=REGISTRATION_WATCH` (the
 * value itself is never stored), with when it started and when it expires, and `ttl` at expiry.
 * A registration of a new address names the account it created (`userId`, with the user's index
 * entry `gsi1pk=USER#<userId>`, `gsi1sk=REGISTRATION_WATCH#<hash>`, so the account's deletion
 * removes it); one of an address that already had an account names nobody, so it can never tell
 * anything about that account.
 *
 * Reading: the hash comes from the key; start and expiry are required; no `userId` is no account.
 */
import * as z from 'zod';
import { epochSeconds, gsi1, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface RegistrationWatchRecord {
  /** The account the registration created; null when the address already had one. */
  readonly userId: string | null;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export interface StoredRegistrationWatch {
  readonly watchHash: string;
  readonly watch: RegistrationWatchRecord;
}

export const registrationWatchItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string().optional(),
  gsi1sk: z.string().optional(),
  userId: z.string().optional(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ttl: z.number(),
});

export type RegistrationWatchItem = z.output<typeof registrationWatchItemSchema>;

export const registrationWatchCodec = {
  entity: 'REGISTRATION_WATCH',
  itemSchema: registrationWatchItemSchema,

  keyOf: ({ watchHash }) => keys.registrationWatch(watchHash),

  toItem: ({ watchHash, watch }) => ({
    ...keys.registrationWatch(watchHash),
    ...(watch.userId === null
      ? {}
      : { ...gsi1.registrationWatch(watch.userId, watchHash), userId: watch.userId }),
    createdAt: watch.createdAt,
    expiresAt: watch.expiresAt,
    ttl: epochSeconds(new Date(watch.expiresAt)),
  }),

  fromItem(item) {
    const parsed = parseItem('REGISTRATION_WATCH', registrationWatchItemSchema, item);
    return {
      watchHash: requireKeyPart(
        'REGISTRATION_WATCH',
        item,
        keyParts.registrationWatchHash(parsed.pk),
        'watch hash',
      ),
      watch: {
        userId: parsed.userId ?? null,
        createdAt: parsed.createdAt,
        expiresAt: parsed.expiresAt,
      },
    };
  },
} satisfies EntityCodec<StoredRegistrationWatch, RegistrationWatchItem>;
