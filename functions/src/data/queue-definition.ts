/**
 * The alert queue and its dead-letter queue, described once for the CDK data stack and for the
 * local start-up that creates them in the SQS emulator.
 */
export const ALERT_QUEUE_SETTINGS = {
  /** The worker may take up to a minute per batch; a message stays hidden for six times that. */
  visibilityTimeoutSeconds: 360,
  /** After this many receives without success a message moves to the dead-letter queue. */
  maxReceiveCount: 5,
  deadLetterRetentionSeconds: 14 * 24 * 60 * 60,
} as const;

export function alertQueueNames(stage: string) {
  return {
    alertQueue: `expiry-radar-${stage}-alerts`,
    deadLetterQueue: `expiry-radar-${stage}-alerts-dlq`,
  };
}

/** The endpoint check queue and its dead-letter queue (one message per TLS endpoint). */
export const ENDPOINT_CHECK_QUEUE_SETTINGS = {
  /** A batch of checks takes at most a minute (10 s per connection, bounded concurrency). */
  visibilityTimeoutSeconds: 360,
  /** A check is tried three times; a message that still fails is kept for an operator. */
  maxReceiveCount: 3,
  /** Checks are repeated by the schedule: an old message is worth nothing after a day. */
  retentionSeconds: 24 * 60 * 60,
  deadLetterRetentionSeconds: 14 * 24 * 60 * 60,
} as const;

/** The integration sync queue and its dead-letter queue (one message per integration due). */
export const INTEGRATION_SYNC_QUEUE_SETTINGS = {
  /** A sync may take up to 5 minutes (many requests to the source); hidden for six times that. */
  visibilityTimeoutSeconds: 30 * 60,
  /** A sync is tried three times; a message that still fails is kept for an operator. */
  maxReceiveCount: 3,
  /** The next day's dispatch syncs it again: an old message is worth nothing after a day. */
  retentionSeconds: 24 * 60 * 60,
  deadLetterRetentionSeconds: 14 * 24 * 60 * 60,
} as const;

export function integrationSyncQueueNames(stage: string) {
  return {
    integrationSyncQueue: `expiry-radar-${stage}-integration-syncs`,
    integrationSyncDeadLetterQueue: `expiry-radar-${stage}-integration-syncs-dlq`,
  };
}

export function endpointCheckQueueNames(stage: string) {
  return {
    endpointCheckQueue: `expiry-radar-${stage}-endpoint-checks`,
    endpointCheckDeadLetterQueue: `expiry-radar-${stage}-endpoint-checks-dlq`,
  };
}

/** The registration check queue and its dead-letter queue (one message per followed domain). */
export const REGISTRATION_CHECK_QUEUE_SETTINGS = {
  /** A batch of lookups takes at most a minute (10 s per request, bounded concurrency). */
  visibilityTimeoutSeconds: 360,
  /** A check is tried three times; a message that still fails is kept for an operator. */
  maxReceiveCount: 3,
  /** Checks are repeated by the schedule: an old message is worth nothing after a day. */
  retentionSeconds: 24 * 60 * 60,
  deadLetterRetentionSeconds: 14 * 24 * 60 * 60,
} as const;

export function registrationCheckQueueNames(stage: string) {
  return {
    registrationCheckQueue: `expiry-radar-${stage}-registration-checks`,
    registrationCheckDeadLetterQueue: `expiry-radar-${stage}-registration-checks-dlq`,
  };
}

/** The certificate transparency watch queue and its dead-letter queue (one message per domain). */
export const CT_WATCH_QUEUE_SETTINGS = {
  /**
   * A domain's read takes at most 20 pages of 10 s each, the reads of a batch at once: within the
   * worker's 5 minutes, hidden for six times that.
   */
  visibilityTimeoutSeconds: 30 * 60,
  /** A read is tried three times; a message that still fails is kept for an operator. */
  maxReceiveCount: 3,
  /** Reads are repeated hourly from the stored position: an old message is worth nothing later. */
  retentionSeconds: 6 * 60 * 60,
  deadLetterRetentionSeconds: 14 * 24 * 60 * 60,
} as const;

export function ctWatchQueueNames(stage: string) {
  return {
    ctWatchQueue: `expiry-radar-${stage}-ct-watch`,
    ctWatchDeadLetterQueue: `expiry-radar-${stage}-ct-watch-dlq`,
  };
}
