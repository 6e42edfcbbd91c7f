/** How the product words the days left before an expiry: alerts, emails, webhooks, the bell. */

/** "expires in 7 days", "expires tomorrow", "expires today", "expired yesterday", "expired 3 days ago". */
export function describeDaysLeft(daysLeft: number): string {
  if (daysLeft > 1) return `expires in ${daysLeft} days`;
  if (daysLeft === 1) return 'expires tomorrow';
  if (daysLeft === 0) return 'expires today';
  if (daysLeft === -1) return 'expired yesterday';
  return `expired ${-daysLeft} days ago`;
}
