/**
 * The one DynamoDB table of Expiry Radar, described as plain data so that the CDK data stack and
 * the local start-up (DynamoDB Local) create exactly the same table. See ACCESS_PATTERNS.md for
 * which entity and access pattern uses each key and index.
 */
export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface GlobalSecondaryIndexDefinition {
  readonly indexName: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  /** KEYS_ONLY indexes answer "which items", the base table answers "what is in them". */
  readonly projection: 'ALL' | 'KEYS_ONLY';
}

export interface TableDefinition {
  readonly partitionKey: KeyAttribute;
  readonly sortKey: KeyAttribute;
  readonly globalSecondaryIndexes: readonly GlobalSecondaryIndexDefinition[];
  /** Items with this attribute (epoch seconds) are removed by DynamoDB some time after it. */
  readonly timeToLiveAttribute: string;
}

export const INDEX_NAMES = {
  /** Inverted and alternate lookups: a user's memberships, a user by email, a session's user. */
  byAlternateKey: 'gsi1',
  /** Tokens of a workspace and category ordered by expiry date. */
  tokensByExpiry: 'gsi2',
  /**
   * Alert records of a workspace, by when they were queued: partitions of their own on gsi2
   * (`WS#<id>#ALERTS`, apart from the tokens' `WS#<id>#CAT#<category>`).
   */
  alertsByTime: 'gsi2',
  /** Tokens of a workspace and category ordered by lower-cased name. */
  tokensByName: 'gsi3',
  /** Sparse: only tokens with a pending alert window carry `nextAlertAt`. */
  dueAlerts: 'due-alerts',
} as const;

export const tableDefinition: TableDefinition = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    {
      indexName: INDEX_NAMES.byAlternateKey,
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
      projection: 'ALL',
    },
    {
      indexName: INDEX_NAMES.tokensByExpiry,
      partitionKey: { name: 'gsi2pk', type: 'S' },
      sortKey: { name: 'gsi2sk', type: 'S' },
      projection: 'ALL',
    },
    {
      indexName: INDEX_NAMES.tokensByName,
      partitionKey: { name: 'gsi3pk', type: 'S' },
      sortKey: { name: 'gsi3sk', type: 'S' },
      projection: 'ALL',
    },
    {
      indexName: INDEX_NAMES.dueAlerts,
      partitionKey: { name: 'dueShard', type: 'S' },
      sortKey: { name: 'nextAlertAt', type: 'S' },
      projection: 'KEYS_ONLY',
    },
  ],
};
