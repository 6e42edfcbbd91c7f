import {
  alertRefsOf,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { givenWorkspace, inDays } from '../../test-support/token-fixtures';
import { buildToken, seedTokens } from '../../test-support/token-seeding';
import { scheduleFor } from '../data/alert-arming';
import { defaultAlertSettings } from '../data/alert-settings-records';
import { listAllTokens } from '../data/token-records';
import { runExpiryScan } from './expiry-scan';

const now = new Date();
const anHourAgo = new Date(now.getTime() - 3_600_000).toISOString();

/** A token the command-line tool's scan of certificate files found, or no longer finds. */
function scannedCertificate(workspaceId: string, name: string, removedAt: string | null): Token {
  const token = buildToken(workspaceId, { name, category: 'cert', expiresAt: inDays(5) });
  return {
    ...token,
    source: {
      kind: 'files',
      integration_id: 'files:build-host',
      external_id: `/etc/ssl/${name}.pem`,
      removed_at: removedAt,
    },
  };
}

describe('tokens removed at source', () => {
  it('are not alerted: the scan disarms one armed before its source dropped it, and alerts the one still there', async () => {
    const { workspaceId } = await givenWorkspace({ plan: 'team' });
    const present = scannedCertificate(workspaceId, 'still-served', null);
    const removed = scannedCertificate(workspaceId, 'deleted-from-disk', anHourAgo);
    // Both armed and due, as a token marked removed after its schedule was written would be.
    await seedTokens(workspaceId, [present, removed], 1, () => ({
      nextAlertAt: anHourAgo,
      lastAlert: null,
    }));

    const messages: AlertQueueMessage[] = [];
    const result = await runExpiryScan(now, {
      enqueue: (batch) => Promise.resolve(void messages.push(...batch)),
    });

    const alerted = new Set(messages.flatMap(alertRefsOf).map((alert) => alert.tokenId));
    expect(alerted.has(present.id)).toBe(true);
    expect(alerted.has(removed.id)).toBe(false);
    expect(result.removedAtSource).toBeGreaterThanOrEqual(1);
    const stored = new Map(
      (await listAllTokens(workspaceId)).map(({ token, schedule }) => [token.id, schedule]),
    );
    expect(stored.get(removed.id)?.nextAlertAt).toBeNull();
    expect(stored.get(present.id)?.nextAlertAt).not.toBeNull();
  });

  it('are armed for no window, and armed again once found again', () => {
    const removed = scannedCertificate('ws-1', 'deleted-from-disk', anHourAgo);
    const settings = defaultAlertSettings('ws-1', 'whsec_test');
    const schedule = (token: Token) =>
      scheduleFor({ token, settings, plan: 'team', lastAlert: null, now }).nextAlertAt;
    expect(schedule(removed)).toBeNull();
    expect(
      schedule({ ...removed, source: { ...removed.source!, removed_at: null } }),
    ).not.toBeNull();
  });
});
