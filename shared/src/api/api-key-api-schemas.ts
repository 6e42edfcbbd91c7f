/**
 * API keys of the signed-in user (Account settings → API keys): list, create (the secret is
 * answered once), revoke.
 */
import * as z from 'zod';
import {
  API_KEY_ACCESS,
  API_KEY_MAX_LIFETIME_DAYS,
  latestApiKeyExpiry,
  utcDate,
} from '../domain/api-keys';
import { ID_MAX_LENGTH, WORKSPACE_ID_TOO_LONG } from '../domain/ids';

export const API_KEY_NAME_MAX_LENGTH = 100;

export const API_KEY_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${API_KEY_NAME_MAX_LENGTH} characters or less`,
  workspaceRequired: 'workspace_id must be a workspace id, or null for all workspaces',
  accessRequired: 'access must be "read" or "read_write"',
  expiryRequired: 'expires_at must be a date (YYYY-MM-DD)',
  expiryPast: 'The expiry date must be after today',
  expiryTooLate: `An API key can last at most ${API_KEY_MAX_LIFETIME_DAYS} days`,
  keyIdRequired: 'Key id is required',
} as const;

const M = API_KEY_FIELD_MESSAGES;

/** A real day (`2026-02-30` is not, though `Date` would roll it over to March). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && utcDate(date) === value;
}

/** `POST /api/account/api-keys`. The expiry is checked against the day of the request. */
export function createApiKeyBodySchema(now: () => Date = () => new Date()) {
  return z.object({
    name: z
      .string({ error: M.nameRequired })
      .trim()
      .min(1, M.nameRequired)
      .max(API_KEY_NAME_MAX_LENGTH, M.nameTooLong),
    workspace_id: z
      .string({ error: M.workspaceRequired })
      .trim()
      .min(1, M.workspaceRequired)
      .max(ID_MAX_LENGTH, WORKSPACE_ID_TOO_LONG)
      .nullable(),
    access: z.enum(API_KEY_ACCESS, { error: M.accessRequired }),
    expires_at: z
      .string({ error: M.expiryRequired })
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.expiryRequired)
      .refine(isCalendarDate, M.expiryRequired)
      .refine((value) => value > utcDate(now()), M.expiryPast)
      .refine((value) => value <= latestApiKeyExpiry(now()), M.expiryTooLate),
  });
}
export const createApiKeyBody = createApiKeyBodySchema();
export type CreateApiKeyInput = z.output<typeof createApiKeyBody>;

export const apiKeyParams = z.object({
  keyId: z
    .string({ error: M.keyIdRequired })
    .trim()
    .min(1, M.keyIdRequired)
    .max(ID_MAX_LENGTH, M.keyIdRequired),
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null: all of the user's workspaces. */
  workspace_id: z.string().nullable(),
  workspace_name: z.string().nullable(),
  access: z.enum(API_KEY_ACCESS),
  created_at: z.string(),
  /** The date the key stops working (at 00:00 UTC). */
  expires_at: z.string(),
  expired: z.boolean(),
  /** Null until first used; written at most once a minute. */
  last_used_at: z.string().nullable(),
  /**
   * Beyond the user's plan's limit after a downgrade (the oldest keys are kept): refused (403)
   * until the user revokes a key or upgrades.
   */
  paused: z.boolean(),
  /** The inventory token that alerts before the key expires. */
  token: z.object({ id: z.string(), workspace_id: z.string() }),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const listApiKeysResponse = z.object({
  items: z.array(apiKeySchema),
  /** The user's plan's limit of keys; null is unlimited. */
  limit: z.number().nullable(),
});

export const createApiKeyResponse = z.object({
  key: apiKeySchema,
  /** Shown once: only its hash is stored. */
  secret: z.string(),
});
