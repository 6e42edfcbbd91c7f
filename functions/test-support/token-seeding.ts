/**
 * Tokens written straight to the table with the token codec (data/entities/token.ts), the
 * counter updates the token mutations use (data/token-records.ts) and their search index deltas
 * (data/search-index.ts), for set-ups the API refuses (a token in a frozen workspace) or that
 * would be slow through it (thousands of tokens for a benchmark).
 */
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Category, TokenType } from '@expiry-radar/shared/domain/categories';
import { emptyTokenFields, type Token, type TokenFields } from '@expiry-radar/shared/domain/token';
import { NO_ALERT_SCHEDULE, tokenCodec, type TokenAlertSchedule } from '../src/data/entities/token';
import { searchDeltaCodec } from '../src/data/entities/search-delta';
import { putSearchDelta } from '../src/data/search-index';
import { searchEntryOf, type SearchEntry } from '../src/domain/search-entries';
import { randomUUID } from 'node:crypto';
import { counterCellOf, putNewTokenItem, runTokenTransaction } from '../src/data/token-records';
import { newTokenId } from '../src/domain/token-ids';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';

const DEFAULT_TYPE: Readonly<Record<Category, TokenType>> = {
  cert: 'ssl_cert',
  key_secret: 'api_key',
  license: 'software_license',
  general: 'other',
};

/** A complete token of `workspaceId` (every optional field null unless given). */
export function buildToken(
  workspaceId: string,
  fields: Partial<TokenFields> = {},
  now = new Date(),
): Token {
  const category = fields.category ?? 'key_secret';
  const timestamp = now.toISOString();
  return {
    id: newTokenId(workspaceId),
    name: 'Seeded token',
    type: DEFAULT_TYPE[category],
    category,
    expiresAt: '2030-01-01',
    ...emptyTokenFields(),
    ...fields,
    created_at: timestamp,
    updated_at: timestamp,
    workspace_id: workspaceId,
  };
}

/** The fields a token write takes (createToken's `fields`): a built token's, without its ids and times. */
export function buildTokenFields(fields: Partial<TokenFields> = {}): TokenFields {
  const {
    id: _id,
    created_at: _created,
    updated_at: _updated,
    workspace_id: _workspace,
    ...rest
  } = buildToken('x', fields);
  return rest;
}

/**
 * Writes one token and its counter change in one transaction, as createToken does, but also into
 * a frozen workspace and without a plan limit.
 */
export async function seedToken(
  workspaceId: string,
  fields: Partial<TokenFields> = {},
): Promise<Token> {
  const token = buildToken(workspaceId, fields);
  await runTokenTransaction(
    [putNewTokenItem(token)],
    [{ workspaceId, cells: [{ cell: counterCellOf(token), delta: 1 }], requireNotFrozen: false }],
  );
  return token;
}

/**
 * Writes one token item as it is (replacing any), with no counter change, and its search index
 * delta (a replaced token needs a later `updated_at`, as every write of the app gives it).
 */
export async function putTokenItem(
  token: Token,
  schedule: TokenAlertSchedule = NO_ALERT_SCHEDULE,
): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: tokenCodec.toItem({ token, schedule }),
    }),
  );
  await putSearchDelta(token.workspace_id, [searchEntryOf(token)]);
}

const BATCH_SIZE = 25;
/** Seeded search deltas hold entries of about this many characters of JSON each. */
const DELTA_CHARACTERS = 150_000;

/** The search deltas of seeded tokens: a few large ones rather than one per token. */
function seedDeltas(workspaceId: string, tokens: readonly Token[]): Record<string, unknown>[] {
  const deltas: SearchEntry[][] = [[]];
  let size = 0;
  for (const token of tokens) {
    const entry = searchEntryOf(token);
    const length = JSON.stringify(entry).length;
    if (size + length > DELTA_CHARACTERS && deltas[deltas.length - 1]!.length > 0) {
      deltas.push([]);
      size = 0;
    }
    deltas[deltas.length - 1]!.push(entry);
    size += length;
  }
  return deltas
    .filter((entries) => entries.length > 0)
    .map((entries) =>
      searchDeltaCodec.toItem({
        workspaceId,
        deltaId: randomUUID(),
        entries,
        // New tokens: nothing before them.
        priors: entries.map(() => 'absent'),
      }),
    );
}

async function batchWrite(items: readonly Record<string, unknown>[]): Promise<void> {
  const tableName = getConfig().tableName;
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 10) throw new Error('BatchWrite kept leaving items unprocessed');
    const { UnprocessedItems } = await getDocumentClient().send(
      new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
    );
    pending = (UnprocessedItems?.[tableName] ?? []).flatMap((request) =>
      request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
    );
  }
}

/**
 * Writes many tokens with BatchWrite (`concurrency` batches of 25 at a time) and their search
 * index deltas (unless `searchIndex` is false: tokens as written before the index existed), then
 * adds them to the workspace's counters in one update, so totals and facets match the items.
 * `scheduleOf` arms them for alerts (none by default).
 */
export async function seedTokens(
  workspaceId: string,
  tokens: readonly Token[],
  concurrency = 8,
  scheduleOf?: (token: Token) => TokenAlertSchedule,
  options: { searchIndex?: boolean } = {},
): Promise<void> {
  const items = [
    ...tokens.map((token) =>
      tokenCodec.toItem({ token, schedule: scheduleOf?.(token) ?? NO_ALERT_SCHEDULE }),
    ),
    ...(options.searchIndex === false ? [] : seedDeltas(workspaceId, tokens)),
  ];
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    batches.push(items.slice(start, start + BATCH_SIZE));
  }
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next]!;
      next += 1;
      await batchWrite(batch);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await runTokenTransaction(
    [],
    [
      {
        workspaceId,
        cells: tokens.map((token) => ({ cell: counterCellOf(token), delta: 1 })),
        requireNotFrozen: false,
      },
    ],
  );
}
