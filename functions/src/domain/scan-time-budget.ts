/**
 * How much of its invocation the expiry scan (jobs/expiry-scan.ts) may spend planning windows:
 * each planned window must then be enqueued and its token advanced before the invocation ends,
 * or the whole scan's work is lost with it and the next scan meets the same tokens again. The
 * scan therefore stops planning once this share of its time is used; the tokens it did not plan
 * stay due, and the next scan takes them.
 *
 * Planning (after reading the due tokens and their workspaces) writes an alert record per window;
 * finishing sends the digests and writes each token's next alert and, for a new record, an audit
 * event. Finishing takes about as long as reading and planning (2,000 windows in 200 workspaces
 * against DynamoDB Local: 9.9 s and 9.3 s, the scan's log says so as `planningMs` and
 * `finishingMs`), so planning gets less than half the time, less a margin for the queue and the
 * table to slow down.
 */
export const SCAN_PLANNING_SHARE = 0.4;
/** Kept in any case for the end of the invocation (metrics, logs). */
export const SCAN_SAFETY_MARGIN_MS = 15_000;

/**
 * The time left (ms) below which the scan plans no new window, for a scan that started with
 * `timeLeftAtStartMs` of its invocation left: planning may use its share of that time, less the
 * margin.
 */
export function planningStopsBelow(timeLeftAtStartMs: number): number {
  return (
    timeLeftAtStartMs - Math.max(0, timeLeftAtStartMs - SCAN_SAFETY_MARGIN_MS) * SCAN_PLANNING_SHARE
  );
}
