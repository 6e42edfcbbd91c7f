import {
  alertRefsOf,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { givenSignedInUser } from '../../test-support/fixtures';
import { inDays } from '../../test-support/token-fixtures';
import { buildToken, seedTokens } from '../../test-support/token-seeding';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import { planningStopsBelow, SCAN_SAFETY_MARGIN_MS } from '../domain/scan-time-budget';
import { runExpiryScan } from './expiry-scan';

const due = () => ({ nextAlertAt: `${inDays(0)}T00:00:00.000Z`, lastAlert: null });

/** Workspaces of one owner, each with one token due today (its 7-day window). */
async function givenDueTokens(count: number) {
  const owner = await givenSignedInUser({ plan: 'team' });
  const tokenIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
    const token = buildToken(workspaceId, { expiresAt: inDays(7) });
    await seedTokens(workspaceId, [token], 1, due, { searchIndex: false });
    tokenIds.push(token.id);
  }
  return tokenIds;
}

/** A scan whose invocation has `timeLeft()` ms left, and the tokens its messages are about. */
async function scanWithin(timeLeft: () => number) {
  const messages: AlertQueueMessage[] = [];
  const result = await runExpiryScan(
    new Date(),
    { enqueue: (batch) => Promise.resolve(void messages.push(...batch)) },
    { timeLeftMs: timeLeft },
  );
  return { result, alerted: messages.flatMap(alertRefsOf).map(({ tokenId }) => tokenId) };
}

describe('expiry scan: within its time limit', () => {
  it('plans windows for its share of the time only, and leaves the rest due for the next scan', async () => {
    const tokenIds = await givenDueTokens(3);
    // The clock of a 300 s invocation, 50 s later each time the scan looks: 250 s left at the
    // start (planning stops below 156 s), then 200 s (planned), 150 s and 100 s (left).
    let left = 300_000;
    const first = await scanWithin(() => (left -= 50_000));
    expect(first.result).toMatchObject({ queued: 1, deferred: 2, digests: 1 });

    // The next scan, with time enough, takes what the first left, and nothing twice.
    const second = await scanWithin(() => 300_000);
    expect(second.result).toMatchObject({ deferred: 0, queued: first.result.deferred });
    expect([...first.alerted, ...second.alerted].sort()).toEqual([...tokenIds].sort());
  });

  it('plans nothing with no time to finish, and loses nothing', async () => {
    await givenDueTokens(1);
    const cut = await scanWithin(() => SCAN_SAFETY_MARGIN_MS - 1);
    expect(cut.result).toMatchObject({ queued: 0, deferred: 1, digests: 0 });
    const next = await scanWithin(() => 300_000);
    expect(next.result).toMatchObject({ queued: 1, deferred: 0 });
  });

  it('gives planning less than half of a 5-minute invocation', () => {
    expect(planningStopsBelow(300_000)).toBe(300_000 - 285_000 * 0.4);
    expect(planningStopsBelow(10_000)).toBe(10_000);
  });
});
