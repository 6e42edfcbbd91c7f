/**
 * Token writes, each one transaction with the workspace counters (ACCESS_PATTERNS.md rows 9–13):
 * create (+1, within the plan's token limit), update (moves its counter when the section changes),
 * delete (−1), transfer (−n in the source, +n in the target within its limit) and an import batch
 * (+ its new tokens within the limit, moved sections). Written tokens are armed for their next
 * alert (data/alert-arming); each transaction also puts the search index's delta of the tokens it
 * wrote (data/token-records), and may then compact the index (data/search-index). A token's
 * `updated_at` only ever increases (domain/search-entries `nextRevision`): it orders its entries.
 */
import { endpointKeyOf } from '@expiry-radar/shared/domain/endpoints';
import type { Token, TokenFields } from '@expiry-radar/shared/domain/token';
import type { TokenUpdate } from '@expiry-radar/shared/domain/update-token-schema';
import type { Limit } from '@expiry-radar/shared/domain/plans';
import { TRANSFER_MAX_TOKENS } from '@expiry-radar/shared/api/workspace-api-schemas';
import { nextRevision } from '../domain/search-entries';
import { newTokenId } from '../domain/token-ids';
import type { LastAlert } from '../domain/alert-schedule';
import { armTokens, schedulesWithHistory, type ArmingContext } from './alert-arming';
import { endpointScheduleWrites, syncEndpointSchedule } from './endpoint-records';
import { registrationScheduleWrites, syncRegistrationSchedule } from './registration-records';
import { compactAfterWrite } from './search-index-compaction';
import {
  counterCellOf,
  deleteTokenItem,
  pruneEmptyCounters,
  putNewTokenItem,
  replaceTokenItem,
  runTokenTransaction,
} from './token-records';

export async function createToken(options: {
  workspaceId: string;
  fields: TokenFields;
  tokenLimit: Limit;
  now: Date;
  /** An id chosen beforehand (newTokenId of this workspace), for a record that names the token. */
  tokenId?: string;
}): Promise<Token> {
  const { workspaceId, fields, now } = options;
  const timestamp = now.toISOString();
  const token: Token = {
    id: options.tokenId ?? newTokenId(workspaceId),
    ...fields,
    created_at: timestamp,
    updated_at: timestamp,
    workspace_id: workspaceId,
  };
  const schedules = await armTokens(workspaceId, [token], now);
  await runTokenTransaction(
    [putNewTokenItem(token, schedules.get(token.id))],
    [
      {
        workspaceId,
        cells: [{ cell: counterCellOf(token), delta: 1 }],
        requireNotFrozen: true,
        tokenLimit: options.tokenLimit,
      },
    ],
    [
      ...endpointScheduleWrites(token, undefined, now),
      ...registrationScheduleWrites(token, undefined, now),
    ],
  );
  await compactAfterWrite(workspaceId, 1);
  return token;
}

/**
 * The endpoints an edit gives, each keeping the last check it had (same address and SNI), and
 * the followed domain keeping its last check when it is the same domain.
 */
function withLastChecks(current: Token, update: TokenUpdate): TokenUpdate {
  const registration =
    update.registration && update.registration.domain === current.registration?.domain
      ? { ...update, registration: current.registration }
      : update;
  return withEndpointChecks(current, registration);
}

function withEndpointChecks(current: Token, update: TokenUpdate): TokenUpdate {
  if (!update.endpoints) return update;
  const checks = new Map(
    (current.endpoints ?? []).map((endpoint) => [endpointKeyOf(endpoint), endpoint.last_check]),
  );
  return {
    ...update,
    endpoints: update.endpoints.map((endpoint) => ({
      host: endpoint.host,
      port: endpoint.port,
      sni: endpoint.sni,
      last_check: endpoint.last_check ?? checks.get(endpointKeyOf(endpoint)) ?? null,
    })),
  };
}

/**
 * Writes an edit of `current`. A frozen workspace refuses edits, but not `evenIfFrozen` ones: the
 * system's own changes that no plan limit is about (a departing member's tokens handed over).
 */
export async function updateToken(
  current: Token,
  update: TokenUpdate,
  now: Date,
  { evenIfFrozen = false }: { readonly evenIfFrozen?: boolean } = {},
): Promise<Token> {
  const next: Token = {
    ...current,
    ...withLastChecks(current, update),
    updated_at: nextRevision(current.updated_at, now),
  };
  const sectionChanged = next.section !== current.section;
  // Same id: the last window alerted carries over, so an edit that keeps the date re-alerts
  // nothing, and a renewal (new date) starts over with the new date's windows.
  const schedules = await armTokens(current.workspace_id, [next], now, (token) => token.id);
  await runTokenTransaction(
    [replaceTokenItem(next, current, schedules.get(next.id))],
    [
      {
        workspaceId: current.workspace_id,
        cells: sectionChanged
          ? [
              { cell: counterCellOf(current), delta: -1 },
              { cell: counterCellOf(next), delta: 1 },
            ]
          : [],
        requireNotFrozen: !evenIfFrozen,
      },
    ],
    [
      ...endpointScheduleWrites(next, current, now),
      ...registrationScheduleWrites(next, current, now),
    ],
  );
  if (sectionChanged) await pruneEmptyCounters(current.workspace_id, [counterCellOf(current)]);
  await compactAfterWrite(current.workspace_id, 1);
  return next;
}

export async function deleteToken(token: Token, now: Date): Promise<void> {
  await runTokenTransaction(
    [deleteTokenItem(token, now)],
    [
      {
        workspaceId: token.workspace_id,
        cells: [{ cell: counterCellOf(token), delta: -1 }],
        requireNotFrozen: true,
      },
    ],
    [
      ...endpointScheduleWrites(undefined, token, now),
      ...registrationScheduleWrites(undefined, token, now),
    ],
  );
  await pruneEmptyCounters(token.workspace_id, [counterCellOf(token)]);
  await compactAfterWrite(token.workspace_id, 1);
}

export interface TransferredToken {
  readonly fromId: string;
  readonly token: Token;
}

/**
 * Moves tokens into `targetWorkspaceId`, all or nothing. Moved tokens get ids of the target and
 * lose their contact group (contact groups belong to a workspace). The source may be frozen.
 */
export async function transferTokens(options: {
  tokens: readonly Token[];
  sourceWorkspaceId: string;
  targetWorkspaceId: string;
  targetTokenLimit: Limit;
  now: Date;
}): Promise<TransferredToken[]> {
  const { tokens, sourceWorkspaceId, targetWorkspaceId, now } = options;
  if (tokens.length > TRANSFER_MAX_TOKENS) {
    throw new Error(`A transfer moves at most ${TRANSFER_MAX_TOKENS} tokens`);
  }
  const moved = tokens.map((token) => ({
    fromId: token.id,
    token: {
      ...token,
      id: newTokenId(targetWorkspaceId),
      workspace_id: targetWorkspaceId,
      contact_group_id: null,
      additional_contact_group_ids: [],
      // Its owner is a member of the workspace it leaves.
      owner_id: null,
      updated_at: now.toISOString(),
    },
  }));
  const schedules = await armTokens(
    targetWorkspaceId,
    moved.map(({ token }) => token),
    now,
  );
  await runTokenTransaction(
    moved.flatMap(({ fromId, token }, index) => [
      deleteTokenItem(tokens[index]!, now),
      { ...putNewTokenItem(token, schedules.get(token.id)), tokenId: fromId },
    ]),
    [
      {
        workspaceId: sourceWorkspaceId,
        cells: tokens.map((token) => ({ cell: counterCellOf(token), delta: -1 })),
        requireNotFrozen: false,
      },
      {
        workspaceId: targetWorkspaceId,
        cells: moved.map(({ token }) => ({ cell: counterCellOf(token), delta: 1 })),
        requireNotFrozen: true,
        tokenLimit: options.targetTokenLimit,
      },
    ],
  );
  await pruneEmptyCounters(sourceWorkspaceId, tokens.map(counterCellOf));
  // A full transfer fills its transaction (two items per token, plus the two workspaces' counters
  // and search deltas), so the endpoint schedules are written after it (a source schedule left
  // behind is dropped by the dispatcher, which finds no token for it).
  for (const [index, { token }] of moved.entries()) {
    await syncEndpointSchedule(undefined, tokens[index], now);
    await syncEndpointSchedule(token, undefined, now);
    await syncRegistrationSchedule(undefined, tokens[index], now);
    await syncRegistrationSchedule(token, undefined, now);
  }
  await compactAfterWrite(sourceWorkspaceId, tokens.length);
  await compactAfterWrite(targetWorkspaceId, moved.length);
  return moved;
}

/** Items of one transaction: 100 at most, two of them the workspace's counters and its delta. */
export const IMPORT_BATCH_MAX_TOKENS = 98;

export interface ImportedUpdate {
  /** The token as read, with the alert window it was last alerted for. */
  readonly current: Token;
  readonly lastAlert: LastAlert | null;
  readonly next: Token;
}

/**
 * Writes one batch of an import in one transaction: new tokens (each `attribute_not_exists`),
 * updated ones (each only if unchanged since read), and the workspace's counters (+1 per new
 * token within `tokenLimit`, section moves; not frozen). Armed as single creates and edits are:
 * new tokens with no alert history, updated ones keeping theirs. `next.updated_at` must be later
 * than `current.updated_at` (domain/search-entries `nextRevision`). The import compacts the
 * search index once at its end (services/tokens/token-import).
 */
export async function writeImportBatch(options: {
  workspaceId: string;
  creates: readonly Token[];
  updates: readonly ImportedUpdate[];
  tokenLimit: Limit;
  /** The workspace's alert settings and plan, read once for the whole import. */
  arming: ArmingContext;
  now: Date;
}): Promise<void> {
  const { workspaceId, creates, updates, now } = options;
  if (creates.length + updates.length > IMPORT_BATCH_MAX_TOKENS) {
    throw new Error(`An import batch writes at most ${IMPORT_BATCH_MAX_TOKENS} tokens`);
  }
  const schedules = schedulesWithHistory(
    options.arming,
    [
      ...creates.map((token) => ({ token, lastAlert: null })),
      ...updates.map(({ next, lastAlert }) => ({ token: next, lastAlert })),
    ],
    now,
  );
  const moved = updates.filter(({ current, next }) => current.section !== next.section);
  await runTokenTransaction(
    [
      ...creates.map((token) => putNewTokenItem(token, schedules.get(token.id))),
      ...updates.map(({ current, next }) =>
        replaceTokenItem(next, current, schedules.get(next.id)),
      ),
    ],
    [
      {
        workspaceId,
        cells: [
          ...creates.map((token) => ({ cell: counterCellOf(token), delta: 1 })),
          ...moved.flatMap(({ current, next }) => [
            { cell: counterCellOf(current), delta: -1 },
            { cell: counterCellOf(next), delta: 1 },
          ]),
        ],
        requireNotFrozen: true,
        tokenLimit: options.tokenLimit,
      },
    ],
  );
  // New domain registrations follow their domains: their schedules, due at once (a full
  // transaction has no room for them).
  for (const token of creates) {
    if (token.registration) await syncRegistrationSchedule(token, undefined, now);
  }
  if (moved.length > 0) {
    await pruneEmptyCounters(
      workspaceId,
      moved.map(({ current }) => counterCellOf(current)),
    );
  }
}

/** A new token of the workspace from an import row's fields. */
export function newImportedToken(workspaceId: string, fields: TokenFields, now: Date): Token {
  const timestamp = now.toISOString();
  return {
    id: newTokenId(workspaceId),
    ...fields,
    created_at: timestamp,
    updated_at: timestamp,
    workspace_id: workspaceId,
  };
}
