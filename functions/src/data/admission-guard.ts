/**
 * Plan limits on counts that are read by counting (members and pending invitations of a
 * workspace) are checked before the write. Two requests could both count below the limit and
 * both write. So every admission also bumps a version on the scope's item (a workspace item:
 * `admissionVersion`, read with its frozen state through entities/workspace.ts), conditioned on
 * the version read before counting: of two racing admissions one commits, the other counts again.
 * Racing transactions can also be cancelled by DynamoDB itself (TransactionConflict); both kinds
 * of contention are retried a few times after a jittered pause, then AdmissionContendedError.
 */
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { isWithinLimit, type Limit } from '@expiry-radar/shared/domain/plans';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import {
  admissionStateFromItem,
  WORKSPACE_ADMISSION_NAMES,
  WORKSPACE_ADMISSION_PROJECTION,
} from './entities/workspace';
import { conditionFailedAt, isTransactionConflict, type TableKey } from './table-operations';

/** The guard's part of an admission's transaction. */
export type AdmissionGuard = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const MAX_ATTEMPTS = 6;
/** The pause before attempt n (n >= 1) is random, up to BASE * 2^(n-1), capped at MAX. */
const BACKOFF_BASE_MS = 15;
const BACKOFF_MAX_MS = 400;

export class AdmissionLimitError extends Error {
  constructor() {
    super('Admission beyond the plan limit');
    this.name = 'AdmissionLimitError';
  }
}

/** The scope's item is gone (e.g. the workspace was deleted meanwhile). */
export class AdmissionScopeGoneError extends Error {
  constructor() {
    super('Admission scope gone');
    this.name = 'AdmissionScopeGoneError';
  }
}

/** The scope's item is frozen and the admission asked for an unfrozen one. */
export class AdmissionScopeFrozenError extends Error {
  constructor() {
    super('Admission scope frozen');
    this.name = 'AdmissionScopeFrozenError';
  }
}

/** Another admission to the same scope kept committing while this one retried. */
export class AdmissionContendedError extends Error {
  constructor() {
    super('Admission contended');
    this.name = 'AdmissionContendedError';
  }
}

interface ScopeState {
  readonly exists: boolean;
  readonly frozen: boolean;
  readonly version: number;
}

async function readScope(scope: TableKey): Promise<ScopeState> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: scope,
      ConsistentRead: true,
      ProjectionExpression: WORKSPACE_ADMISSION_PROJECTION,
      ExpressionAttributeNames: WORKSPACE_ADMISSION_NAMES,
    }),
  );
  if (!Item) return { exists: false, frozen: false, version: 0 };
  return { exists: true, ...admissionStateFromItem(Item) };
}

function guardItem(scope: TableKey, version: number, unlessFrozen: boolean): AdmissionGuard {
  const notFrozen = unlessFrozen
    ? ' AND (attribute_not_exists(isFrozen) OR isFrozen = :false)'
    : '';
  return {
    Update: {
      TableName: getConfig().tableName,
      Key: scope,
      UpdateExpression: 'SET #version = :next',
      ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(#version) OR #version = :current)${notFrozen}`,
      ExpressionAttributeNames: WORKSPACE_ADMISSION_NAMES,
      ExpressionAttributeValues: {
        ':current': version,
        ':next': version + 1,
        ...(unlessFrozen ? { ':false': false } : {}),
      },
    },
  };
}

/** The transaction lost a race: the guard's version moved, or DynamoDB saw a conflict. */
function isContention(error: unknown): boolean {
  return conditionFailedAt(error, 0) || isTransactionConflict(error);
}

const pause = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(
      resolve,
      Math.random() * Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)),
    ),
  );

/**
 * Counts, checks `limit` and admits. `admit` must put the guard item FIRST in its transaction;
 * its other failures are its own to report. Throws AdmissionLimitError beyond the limit,
 * AdmissionScopeGoneError when the scope's item is missing, AdmissionScopeFrozenError when it is
 * frozen and `unlessFrozen` is set (the guard then also holds only while it is not frozen), and
 * AdmissionContendedError when contention outlasted the retries.
 */
export async function admitWithinLimit<T>(options: {
  readonly scope: TableKey;
  readonly limit: Limit;
  readonly count: () => Promise<number>;
  readonly admit: (guard: AdmissionGuard) => Promise<T>;
  readonly unlessFrozen?: boolean;
}): Promise<T> {
  const unlessFrozen = options.unlessFrozen ?? false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await pause(attempt);
    const scope = await readScope(options.scope);
    if (!scope.exists) throw new AdmissionScopeGoneError();
    if (unlessFrozen && scope.frozen) throw new AdmissionScopeFrozenError();
    if (!isWithinLimit(options.limit, (await options.count()) + 1)) {
      throw new AdmissionLimitError();
    }
    try {
      return await options.admit(guardItem(options.scope, scope.version, unlessFrozen));
    } catch (error) {
      if (!isContention(error)) throw error;
    }
  }
  throw new AdmissionContendedError();
}
