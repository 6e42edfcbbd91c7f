/**
 * A workspace's tokens as Prometheus metrics, in the OpenMetrics 1.0 text format
 * (`GET /api/v1/workspaces/{id}/metrics`):
 *
 * - `expiry_radar_token_expiry_timestamp_seconds`: each token's expiry as Unix seconds (a date
 *   without a time is its first second, 00:00 UTC);
 * - `expiry_radar_token_days_left`: whole UTC calendar days until that day (0 today, negative once
 *   expired), as the app's badges count them;
 * - `expiry_radar_tokens`: how many tokens the workspace has in each expiry status.
 *
 * Each token's series carry `token_id` (so two tokens of one name stay two series), `name`,
 * `category`, `type`, `section` (empty when none) and `source` (`manual`, or the integration or
 * scan kind that found it). A token whose expiry cannot be read has no series of its own; it is
 * counted under `invalid`. Families, series and label names follow Prometheus's rules
 * (`[a-zA-Z_:][a-zA-Z0-9_:]*`, `[a-zA-Z_][a-zA-Z0-9_]*`); label values are escaped as OpenMetrics
 * says (backslash, double quote and line feed).
 */
import { parseDate } from '@expiry-radar/shared/domain/calendar-date';
import { EXPIRY_STATUSES, expiryStatus } from '@expiry-radar/shared/domain/expiry-status';
import type { Token } from '@expiry-radar/shared/domain/token';

/** The media type OpenMetrics text is served with. */
export const OPENMETRICS_CONTENT_TYPE =
  'application/openmetrics-text; version=1.0.0; charset=utf-8';

export const TOKEN_METRIC_NAMES = {
  expiry: 'expiry_radar_token_expiry_timestamp_seconds',
  daysLeft: 'expiry_radar_token_days_left',
  count: 'expiry_radar_tokens',
} as const;

/** A label value as OpenMetrics writes it between double quotes. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labelsOf(labels: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(labels).map(
    ([name, value]) => `${name}="${escapeLabelValue(value)}"`,
  );
  return `{${pairs.join(',')}}`;
}

function tokenLabels(token: Token): Record<string, string> {
  return {
    token_id: token.id,
    name: token.name,
    category: token.category,
    type: token.type,
    section: token.section ?? '',
    source: token.source?.kind ?? 'manual',
  };
}

/** The OpenMetrics text of `tokens` as seen at `now`, ending with `# EOF`. */
export function renderTokenMetrics(tokens: readonly Token[], now: Date): string {
  const expiryLines: string[] = [];
  const daysLines: string[] = [];
  const counts = new Map<string, number>(EXPIRY_STATUSES.map((status) => [status, 0]));
  for (const token of tokens) {
    const status = expiryStatus(token.expiresAt, now);
    counts.set(status.status, (counts.get(status.status) ?? 0) + 1);
    const expiry = parseDate(token.expiresAt);
    if (!expiry || status.daysRemaining === null) continue;
    const labels = labelsOf(tokenLabels(token));
    expiryLines.push(`${TOKEN_METRIC_NAMES.expiry}${labels} ${expiry.getTime() / 1000}`);
    daysLines.push(`${TOKEN_METRIC_NAMES.daysLeft}${labels} ${status.daysRemaining}`);
  }
  return [
    `# TYPE ${TOKEN_METRIC_NAMES.expiry} gauge`,
    `# UNIT ${TOKEN_METRIC_NAMES.expiry} seconds`,
    `# HELP ${TOKEN_METRIC_NAMES.expiry} When the token expires, as Unix time in seconds (a date without a time: 00:00 UTC).`,
    ...expiryLines,
    `# TYPE ${TOKEN_METRIC_NAMES.daysLeft} gauge`,
    `# HELP ${TOKEN_METRIC_NAMES.daysLeft} Whole UTC calendar days until the token expires (0: today; negative: expired).`,
    ...daysLines,
    `# TYPE ${TOKEN_METRIC_NAMES.count} gauge`,
    `# HELP ${TOKEN_METRIC_NAMES.count} The workspace's tokens by expiry status.`,
    ...[...counts].map(
      ([status, count]) => `${TOKEN_METRIC_NAMES.count}${labelsOf({ status })} ${count}`,
    ),
    '# EOF',
    '',
  ].join('\n');
}
