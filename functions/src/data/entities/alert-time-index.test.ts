import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { alertIdOf } from '../../domain/alert-schedule';
import { alertTimeIndexAttributes } from './alert';
import {
  alertTimeIndexMarkerCodec,
  alertTimeIndexProgressCodec,
  isAlertTimeIndexMarker,
} from './alert-time-index';

describe('alert time index marker codec', () => {
  it('reads back every marker it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(
      alertTimeIndexMarkerCodec,
      fc.record({ workspaceId: fc.stringMatching(/^[a-z0-9-]{1,36}$/), indexedAt: isoInstant }),
    );
  });

  it('reads back every indexing progress it wrote, which stays out of the index', () => {
    expectRoundTrip(
      alertTimeIndexProgressCodec,
      fc.record({
        workspaceId: fc.stringMatching(/^[a-z0-9-]{1,36}$/),
        resumeAfterSk: fc.string({ minLength: 1 }).map((rest) => `ALERT#${rest}`),
        updatedAt: isoInstant,
      }),
    );
    const item = alertTimeIndexProgressCodec.toItem({
      workspaceId: 'ws-1',
      resumeAfterSk: 'ALERT#x',
      updatedAt: '2026-11-29T00:00:00.000Z',
    });
    expect(item).not.toHaveProperty('gsi2pk');
  });

  it('sorts after every alert of its workspace, so a descending query reads it first', () => {
    fc.assert(
      fc.property(isoInstant, fc.nat({ max: 365 }), (createdAt, threshold) => {
        const alertId = alertIdOf('ws-1.t-1', '9999-12-31', threshold);
        const entry = alertTimeIndexAttributes(alertId, createdAt);
        const marker = alertTimeIndexMarkerCodec.toItem({
          workspaceId: 'ws-1',
          indexedAt: createdAt,
        });
        expect(marker.gsi2pk).toBe(entry.gsi2pk);
        expect(marker.gsi2sk > entry.gsi2sk).toBe(true);
        expect(isAlertTimeIndexMarker(marker)).toBe(true);
        expect(isAlertTimeIndexMarker(entry)).toBe(false);
      }),
    );
  });
});
