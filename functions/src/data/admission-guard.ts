/**
 * Plan limits on counts that are read by counting (members and pending invitations of a
 * workspace) are checked before the write. Two requests could both count below the limit and
 * both write. So every admission also bumps a version on the scope's item, conditioned on the
 * version read before counting: of two racing admissions one commits, the other counts again.
 */
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { isWithinLimit, type Limit } from '@expiry-radar/shared/domain/plans';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { conditionFailedAt, type TableKey } from './table-operations';

/** The guard's part of an admission's transaction. */
export type AdmissionGuard = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const VERSION_ATTRIBUTE = 'admissionVersion';
const MAX_ATTEMPTS = 5;

export class AdmissionLimitError extends Error {
  constructor() {
    super('Admission beyond the plan limit');
    this.name = 'AdmissionLimitError';
  }
}

/** Another admission to the same scope kept committing while this one retried. */
export class AdmissionContendedError extends Error {
  constructor() {
    super('Admission contended');
    this.name = 'AdmissionContendedError';
  }
}

async function readVersion(scope: TableKey): Promise<number> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: scope,
      ConsistentRead: true,
      ProjectionExpression: VERSION_ATTRIBUTE,
    }),
  );
  const version: unknown = Item?.[VERSION_ATTRIBUTE];
  return typeof version === 'number' ? version : 0;
}

function guardItem(scope: TableKey, version: number): AdmissionGuard {
  return {
    Update: {
      TableName: getConfig().tableName,
      Key: scope,
      UpdateExpression: 'SET #version = :next',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(#version) OR #version = :current)',
      ExpressionAttributeNames: { '#version': VERSION_ATTRIBUTE },
      ExpressionAttributeValues: { ':current': version, ':next': version + 1 },
    },
  };
}

/**
 * Counts, checks `limit` and admits. `admit` must put the guard item FIRST in its transaction;
 * its other failures are its own to report. Throws AdmissionLimitError beyond the limit.
 */
export async function admitWithinLimit<T>(options: {
  readonly scope: TableKey;
  readonly limit: Limit;
  readonly count: () => Promise<number>;
  readonly admit: (guard: AdmissionGuard) => Promise<T>;
}): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const version = await readVersion(options.scope);
    if (!isWithinLimit(options.limit, (await options.count()) + 1)) {
      throw new AdmissionLimitError();
    }
    try {
      return await options.admit(guardItem(options.scope, version));
    } catch (error) {
      if (!conditionFailedAt(error, 0)) throw error;
    }
  }
  throw new AdmissionContendedError();
}
