/**
 * Token writes and reads (ACCESS_PATTERNS.md rows 9–13) on items of the token entity
 * (entities/token.ts). Every write changes the workspace's facet counters (domain/token-counters)
 * and puts the search index's delta of the tokens written (data/search-index) in the same
 * transaction.
 */
import {
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Token } from '@expiry-radar/shared/domain/token';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  cellDeltas,
  TOKEN_COUNT_ATTRIBUTE,
  type CounterCell,
  type CounterValues,
} from '../domain/token-counters';
import { searchEntryOf, searchTombstoneOf, type SearchEntry } from '../domain/search-entries';
import type { ItemOrigin } from '../domain/search-origins';
import {
  NO_ALERT_SCHEDULE,
  tokenCodec,
  type TokenAlertSchedule,
  type TokenRecord,
} from './entities/token';
import { workspaceCodec, type StoredWorkspace } from './entities/workspace';
import { keys, TOKEN_SORT_PREFIX } from './keys';
import { searchDeltaPutItem } from './search-index';
import {
  conditionalWrite,
  isTransactionConflict,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
} from './table-operations';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One token item of a token transaction, with what it changes in its workspace's search index. */
export interface TokenWrite {
  readonly tokenId: string;
  readonly item: TransactItem;
  readonly workspaceId: string;
  readonly search: SearchEntry;
  /** The token's entry before the write; null for a token created (domain/search-origins). */
  readonly prior: SearchEntry | null;
}

export function counterCellOf(token: Pick<Token, 'category' | 'section'>): CounterCell {
  return { category: token.category, section: token.section };
}

export async function findToken(workspaceId: string, tokenId: string): Promise<Token | undefined> {
  const item = await readItem(keys.token(workspaceId, tokenId), { consistentRead: true });
  return item ? tokenCodec.fromItem(item).token : undefined;
}

/** Every token of a workspace (a search, a re-arm): bounded by the plan's token limit. */
export async function listAllTokens(workspaceId: string): Promise<TokenRecord[]> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, TOKEN_SORT_PREFIX),
  );
  return items.map((item) => tokenCodec.fromItem(item));
}

async function getWorkspace(workspaceId: string): Promise<StoredWorkspace | undefined> {
  const item = await readItem(keys.workspace(workspaceId), { consistentRead: true });
  return item ? workspaceCodec.fromItem(item) : undefined;
}

export async function readTokenCounters(workspaceId: string): Promise<CounterValues> {
  return (await getWorkspace(workspaceId))?.counters ?? new Map<string, number>();
}

/** The number of tokens a workspace holds (plan usage). */
export async function countTokens(workspaceId: string): Promise<number> {
  return (await getWorkspace(workspaceId))?.workspace.tokenCount ?? 0;
}

/** Why a transaction's workspace condition failed. */
export type WorkspaceConditionFailure = 'missing' | 'frozen' | 'limit';

export class WorkspaceConditionError extends Error {
  constructor(
    readonly workspaceId: string,
    readonly reason: WorkspaceConditionFailure,
  ) {
    super(`Workspace ${workspaceId}: ${reason}`);
    this.name = 'WorkspaceConditionError';
  }
}

/** A token condition (exists, unchanged) failed: it was deleted or changed meanwhile. */
export class TokenConditionError extends Error {
  constructor(readonly tokenId: string) {
    super(`Token ${tokenId} changed meanwhile`);
    this.name = 'TokenConditionError';
  }
}

export interface WorkspaceChange {
  readonly workspaceId: string;
  /** Counter changes; may be empty (then the workspace is only checked). */
  readonly cells: readonly { readonly cell: CounterCell; readonly delta: number }[];
  /** Fails unless the workspace is not frozen. */
  readonly requireNotFrozen: boolean;
  /** With tokens added, fails if the total would pass this limit (null: unlimited). */
  readonly tokenLimit?: number | null;
}

/** The workspace item's update (or condition check) of a token transaction. */
export function workspaceChangeItem(change: WorkspaceChange): TransactItem {
  const deltas = cellDeltas(change.cells);
  const added = change.cells.reduce((sum, { delta }) => sum + delta, 0);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions = ['attribute_exists(pk)'];
  if (change.requireNotFrozen) {
    conditions.push('(attribute_not_exists(isFrozen) OR isFrozen = :false)');
    values[':false'] = false;
  }
  const limit = change.tokenLimit ?? null;
  if (added > 0 && limit !== null) {
    conditions.push(`(attribute_not_exists(#total) OR #total <= :maxBefore)`);
    names['#total'] = TOKEN_COUNT_ATTRIBUTE;
    values[':maxBefore'] = limit - added;
  }
  const Key = keys.workspace(change.workspaceId);
  const TableName = getConfig().tableName;
  const ConditionExpression = conditions.join(' AND ');
  if (deltas.size === 0 && added === 0) {
    return {
      ConditionCheck: {
        TableName,
        Key,
        ConditionExpression,
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
      },
    };
  }
  const additions: string[] = [];
  if (added !== 0) {
    names['#total'] = TOKEN_COUNT_ATTRIBUTE;
    values[':added'] = added;
    additions.push('#total :added');
  }
  [...deltas].forEach(([name, delta], index) => {
    names[`#c${index}`] = name;
    values[`:c${index}`] = delta;
    additions.push(`#c${index} :c${index}`);
  });
  return {
    Update: {
      TableName,
      Key,
      UpdateExpression: `ADD ${additions.join(', ')}`,
      ConditionExpression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] })
    .CancellationReasons;
  return reasons?.map((reason) => reason.Code);
}

async function workspaceFailureReason(change: WorkspaceChange): Promise<WorkspaceConditionFailure> {
  const stored = await getWorkspace(change.workspaceId);
  if (!stored) return 'missing';
  if (change.requireNotFrozen && stored.workspace.isFrozen) return 'frozen';
  return 'limit';
}

/** Transactions cancelled by a concurrent one on the same items are tried again this often. */
const CONFLICT_RETRIES = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The search deltas of a transaction's token writes: one per workspace they touch. */
function searchDeltaItems(tokenWrites: readonly TokenWrite[]): TransactItem[] {
  const byWorkspace = new Map<string, { entries: SearchEntry[]; priors: ItemOrigin[] }>();
  for (const { workspaceId, search, prior } of tokenWrites) {
    const delta = byWorkspace.get(workspaceId) ?? { entries: [], priors: [] };
    delta.entries.push(search);
    delta.priors.push(prior ?? 'absent');
    byWorkspace.set(workspaceId, delta);
  }
  return [...byWorkspace].map(([workspaceId, { entries, priors }]) =>
    searchDeltaPutItem(workspaceId, entries, priors),
  );
}

/**
 * Runs a token transaction: token items (with their conditions), workspace changes and the
 * search deltas of the tokens written, all or nothing. A failed condition becomes a
 * TokenConditionError or a WorkspaceConditionError; a cancellation by a concurrent transaction
 * on the same items (the workspace's counters) is tried again after a short jittered pause.
 * `alsoWrite` are items that follow the tokens without conditions of their own (a token's
 * endpoint schedule), so they are written exactly when the tokens are.
 */
export async function runTokenTransaction(
  tokenWrites: readonly TokenWrite[],
  workspaces: readonly WorkspaceChange[],
  alsoWrite: readonly TransactItem[] = [],
): Promise<void> {
  const TransactItems = [
    ...tokenWrites.map(({ item }) => item),
    ...workspaces.map(workspaceChangeItem),
    ...searchDeltaItems(tokenWrites),
    ...alsoWrite,
  ];
  for (let attempt = 0; ; attempt += 1) {
    try {
      await getDocumentClient().send(new TransactWriteCommand({ TransactItems }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const failedAt = codes.findIndex((code) => code === 'ConditionalCheckFailed');
      if (failedAt < 0) {
        if (isTransactionConflict(error) && attempt < CONFLICT_RETRIES) {
          await pause(10 + Math.random() * 40 * (attempt + 1));
          continue;
        }
        throw error;
      }
      if (failedAt < tokenWrites.length) {
        throw new TokenConditionError(tokenWrites[failedAt]!.tokenId);
      }
      const change = workspaces[failedAt - tokenWrites.length];
      if (!change) throw error;
      throw new WorkspaceConditionError(change.workspaceId, await workspaceFailureReason(change));
    }
  }
}

export function putNewTokenItem(
  token: Token,
  schedule: TokenAlertSchedule = NO_ALERT_SCHEDULE,
): TokenWrite {
  return {
    tokenId: token.id,
    workspaceId: token.workspace_id,
    search: searchEntryOf(token),
    prior: null,
    item: {
      Put: {
        TableName: getConfig().tableName,
        Item: tokenCodec.toItem({ token, schedule }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/**
 * Replaces `previous` with `token` only if nobody changed it since it was read; the token's
 * `updated_at` must be later (domain/search-entries `nextRevision`).
 */
export function replaceTokenItem(
  token: Token,
  previous: Token,
  schedule: TokenAlertSchedule = NO_ALERT_SCHEDULE,
): TokenWrite {
  return {
    tokenId: token.id,
    workspaceId: token.workspace_id,
    search: searchEntryOf(token),
    prior: searchEntryOf(previous),
    item: {
      Put: {
        TableName: getConfig().tableName,
        Item: tokenCodec.toItem({ token, schedule }),
        ConditionExpression: 'attribute_exists(pk) AND updated_at = :previous',
        ExpressionAttributeValues: { ':previous': previous.updated_at },
      },
    },
  };
}

/** Deletes a token only if nobody changed it since it was read; its tombstone is of `now`. */
export function deleteTokenItem(token: Token, now: Date): TokenWrite {
  return {
    tokenId: token.id,
    workspaceId: token.workspace_id,
    search: searchTombstoneOf(token, now),
    prior: searchEntryOf(token),
    item: {
      Delete: {
        TableName: getConfig().tableName,
        Key: keys.token(token.workspace_id, token.id),
        ConditionExpression: 'attribute_exists(pk) AND updated_at = :previous',
        ExpressionAttributeValues: { ':previous': token.updated_at },
      },
    },
  };
}

/**
 * Removes counter cells that reached 0 (best effort, after the transaction) so emptied sections
 * do not pile up on the workspace item.
 */
export async function pruneEmptyCounters(
  workspaceId: string,
  cells: readonly CounterCell[],
): Promise<void> {
  const names = [...cellDeltas(cells.map((cell) => ({ cell, delta: -1 }))).keys()];
  for (const name of names) {
    await conditionalWrite(
      getDocumentClient().send(
        new UpdateCommand({
          TableName: getConfig().tableName,
          Key: keys.workspace(workspaceId),
          UpdateExpression: 'REMOVE #cell',
          ConditionExpression: '#cell = :zero',
          ExpressionAttributeNames: { '#cell': name },
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      ),
    );
  }
}
