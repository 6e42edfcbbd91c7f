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
