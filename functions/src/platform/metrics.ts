/**
 * Operational metrics with Powertools Metrics: embedded metric format (EMF) lines in the
 * function's log, which CloudWatch turns into metrics without an API call. Namespace ExpiryRadar
 * (POWERTOOLS_METRICS_NAMESPACE overrides it), dimension `service` from POWERTOOLS_SERVICE_NAME.
 * Tests and the local runtime set POWERTOOLS_METRICS_DISABLED=true, so their output stays clean;
 * `POWERTOOLS_METRICS_DISABLED=false npm start` prints the EMF lines.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC_NAMES, METRIC_NAMESPACE } from './metric-names';

export { METRIC_NAMES, METRIC_NAMESPACE };

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
