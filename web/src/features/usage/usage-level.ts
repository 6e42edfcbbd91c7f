/** How close a figure is to its plan limit, as the usage bars show it. */

/** From this share of the limit on, a bar warns. */
export const USAGE_WARNING_SHARE = 0.8;

/** `normal` (neutral) below 80 % of the limit, `high` (warning) from 80 %, `full` at the limit. */
export type UsageLevel = 'normal' | 'high' | 'full';

export function usageLevel(value: number, limit: number): UsageLevel {
  if (value >= limit) return 'full';
  return value >= limit * USAGE_WARNING_SHARE ? 'high' : 'normal';
}

/** The bar's fill in whole percent, 0 to 100; never 100 before the limit is reached. */
export function usagePercent(value: number, limit: number): number {
  if (value >= limit) return 100;
  return Math.max(0, Math.min(99, Math.floor((value / limit) * 100)));
}
