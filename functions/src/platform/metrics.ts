/**
 * Operational metrics with Powertools Metrics: embedded metric format (EMF) lines in the
 * function's log, which CloudWatch turns into metrics without an API call. Namespace ExpiryRadar
 * (POWERTOOLS_METRICS_NAMESPACE overrides it), dimension `service` from POWERTOOLS_SERVICE_NAME.
 * Tests and the local runtime set POWERTOOLS_METRICS_DISABLED=true, so their output stays clean;
 * `POWERTOOLS_METRICS_DISABLED=false npm start` prints the EMF lines.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const METRIC_NAMESPACE = 'ExpiryRadar';

export const METRIC_NAMES = {
  /** Alert messages the expiry scan put on the queue (one per token window). */
  alertsQueued: 'AlertsQueued',
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

export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];

/**
 * The container's metrics; what a job stores is published at the end of its invocation by
 * Powertools' `logMetrics` middleware.
 */
export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRIC_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'expiry-radar',
});

/**
 * Counts `name` for one value of a dimension (a channel kind, a route), published at once as a
 * single metric: its dimension value differs from the rest of the invocation's metrics, and an
 * invocation that counts nothing publishes nothing.
 */
export function countWithDimension(
  name: MetricName,
  dimension: string,
  value: string,
  count = 1,
): void {
  if (count <= 0) return;
  const single = metrics.singleMetric();
  single.addDimension(dimension, value);
  single.addMetric(name, MetricUnit.Count, count);
}
