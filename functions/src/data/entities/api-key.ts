/**
 * The API key entity (ACCESS_PATTERNS.md rows 49–52; codec pattern: entity-codec.ts). A key is
 * stored twice, with the same attributes: `pk=USER#<userId>`, `sk=API_KEY#<keyId>` (the user's
 * list, revoke by id) and `pk=API_KEY#<SHA-256 of the secret>`, `sk=API_KEY` (what a Bearer
 * request is checked against; the secret itself is never stored). Both carry
 * `gsi1pk=USER#<userId>`, so the account's deletion removes them. They are written, revoked and
 * marked used together, in transactions.
 *
 * Reading: every field is required but the workspace (null: all of the user's workspaces) and the
 * last use (null: never used).
 */
import * as z from 'zod';
import { API_KEY_ACCESS, type ApiKeyAccess } from '@expiry-radar/shared/domain/api-keys';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface ApiKeyRecord {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  /** Null: all of the user's workspaces. */
  readonly workspaceId: string | null;
  /** The workspace's name when the key was created (the list shows it); null with no workspace. */
  readonly workspaceName: string | null;
  readonly access: ApiKeyAccess;
  readonly createdAt: string;
  /** `YYYY-MM-DD`: the key stops working at 00:00 UTC that day. */
  readonly expiresOn: string;
  readonly lastUsedAt: string | null;
  readonly secretHash: string;
  /** The inventory token created with the key, which alerts before it expires. */
  readonly tokenId: string;
  readonly tokenWorkspaceId: string;
}

export const apiKeyItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  entity: z.literal('API_KEY'),
  keyId: z.string(),
  userId: z.string(),
  name: z.string(),
  workspaceId: z.string().optional(),
  workspaceName: z.string().optional(),
  access: z.enum(API_KEY_ACCESS),
  createdAt: z.string(),
  expiresOn: z.string(),
  lastUsedAt: z.string().optional(),
  secretHash: z.string(),
  tokenId: z.string(),
  tokenWorkspaceId: z.string(),
});

export type ApiKeyItem = z.output<typeof apiKeyItemSchema>;

function attributesOf(record: ApiKeyRecord) {
  return {
    entity: 'API_KEY' as const,
    keyId: record.id,
    userId: record.userId,
    name: record.name,
    ...(record.workspaceId === null ? {} : { workspaceId: record.workspaceId }),
    ...(record.workspaceName === null ? {} : { workspaceName: record.workspaceName }),
    access: record.access,
    createdAt: record.createdAt,
    expiresOn: record.expiresOn,
    ...(record.lastUsedAt === null ? {} : { lastUsedAt: record.lastUsedAt }),
    secretHash: record.secretHash,
    tokenId: record.tokenId,
    tokenWorkspaceId: record.tokenWorkspaceId,
  };
}

function recordOf(entity: string, item: Record<string, unknown>): ApiKeyRecord {
  const parsed = parseItem(entity, apiKeyItemSchema, item);
  return {
    id: parsed.keyId,
    userId: parsed.userId,
    name: parsed.name,
    workspaceId: parsed.workspaceId ?? null,
    workspaceName: parsed.workspaceName ?? null,
    access: parsed.access,
    createdAt: parsed.createdAt,
    expiresOn: parsed.expiresOn,
    lastUsedAt: parsed.lastUsedAt ?? null,
    secretHash: parsed.secretHash,
    tokenId: parsed.tokenId,
    tokenWorkspaceId: parsed.tokenWorkspaceId,
  };
}

/** The key in its user's list. */
export const apiKeyCodec = {
  entity: 'API_KEY',
  itemSchema: apiKeyItemSchema,
  keyOf: (record) => keys.apiKey(record.userId, record.id),
  toItem: (record) => ({
    ...keys.apiKey(record.userId, record.id),
    ...gsi1.apiKey(record.userId, record.id),
    ...attributesOf(record),
  }),
  fromItem: (item) => recordOf('API_KEY', item),
} satisfies EntityCodec<ApiKeyRecord, ApiKeyItem>;

/** The key by the hash of its secret. */
export const apiKeyCredentialCodec = {
  entity: 'API_KEY_CREDENTIAL',
  itemSchema: apiKeyItemSchema,
  keyOf: (record) => keys.apiKeyCredential(record.secretHash),
  toItem: (record) => ({
    ...keys.apiKeyCredential(record.secretHash),
    ...gsi1.apiKeyCredential(record.userId, record.secretHash),
    ...attributesOf(record),
  }),
  fromItem: (item) => recordOf('API_KEY_CREDENTIAL', item),
} satisfies EntityCodec<ApiKeyRecord, ApiKeyItem>;
