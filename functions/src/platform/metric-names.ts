/**
 * The names of the product's CloudWatch metrics (platform/metrics.ts publishes them), apart from
 * the Powertools client so that the CDK app's alarms can name them without loading it.
 */
export const METRIC_NAMESPACE = 'ExpiryRadar';

export const METRIC_NAMES = {
  /** Alert messages the expiry scan put on the queue (one per token window). */
  alertsQueued: 'AlertsQueued',
  /** Due tokens the expiry scan left for the next scan: it ran out of time to plan them. */
  alertScanDeferred: 'AlertScanDeferred',
  /** Deliveries (one per address or webhook), per `channel` kind: email, generic, slack… */
  alertsSent: 'AlertsSent',
  alertsFailed: 'AlertsFailed',
  /** Deliveries still failing when their message went to the dead-letter queue. */
  alertsDeadLettered: 'AlertsDeadLettered',
  /** Weekly summary emails sent, and those whose send failed (tried again next run). */
  weeklySummariesSent: 'WeeklySummariesSent',
  weeklySummariesFailed: 'WeeklySummariesFailed',
  /**
   * Per `job` (expiry-scan…): one workspace's part of a job for every workspace that failed (an
   * item that cannot be read); the others went on, and that part is tried again at the next run.
   */
  workspaceJobFailures: 'WorkspaceJobFailures',
  /** 409 PLAN_LIMIT answers, per `route` (`POST /api/tokens`…). */
  planLimitRefusals: 'PlanLimitRefusals',
} as const;
