import { endpointProblemText } from '@expiry-radar/shared/domain/endpoints';
import type { AlertRecord } from '../../domain/alert-delivery-model';
import { alertIdOf, endpointProblemAlertIdOf } from '../../domain/alert-schedule';
import {
  CT_FINDING_ALERT_QUEUE_TEXT,
  ctFindingAlertSubjectId,
} from '../../domain/certificate-transparency';
import { alertQueueItem } from './alert-queue-view';

function record(alertId: string): AlertRecord {
  return {
    alertId,
    workspaceId: 'ws-1',
    tokenId: 'tok-1',
    tokenName: 'api.example.com',
    expiresAt: '2030-05-01',
    threshold: 0,
    deliveries: null,
    status: 'pending',
    deadLettered: false,
    receives: 0,
    lastError: null,
    nextAttemptAt: null,
    createdAt: '2030-03-17T08:00:00.000Z',
    updatedAt: '2030-03-17T08:00:00.000Z',
  };
}

describe('the alert queue view of an alert record', () => {
  it("says what is wrong with an endpoint problem's alert", () => {
    const alertId = endpointProblemAlertIdOf({
      tokenId: 'tok-1',
      expiresAt: '2030-05-01',
      problem: 'untrusted_chain',
      since: '2030-03-17T08:00:00.000Z',
      endpointKey: 'api.example.com:443',
    });
    expect(alertQueueItem(record(alertId)).problem).toBe(
      endpointProblemText('api.example.com:443', 'untrusted_chain'),
    );
  });

  it("says a certificate seen's alert is one, not an expiry", () => {
    const subject = ctFindingAlertSubjectId('ws-1', 'ab'.repeat(32));
    const seen = { ...record(alertIdOf(subject, '2030-05-01T00:00:00.000Z', 0)), tokenId: subject };
    expect(alertQueueItem(seen).problem).toBe(CT_FINDING_ALERT_QUEUE_TEXT);
  });

  it('has no problem for an expiry alert', () => {
    expect(alertQueueItem(record(alertIdOf('tok-1', '2030-05-01', 7))).problem).toBeNull();
  });
});
