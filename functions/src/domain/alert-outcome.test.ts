import type { DeliveryState } from './alert-delivery-model';
import { alertOutcomeOf } from './alert-outcome';

function delivery(key: string, change: Partial<DeliveryState> = {}): DeliveryState {
  return {
    key,
    channel: key.startsWith('email:') ? 'email' : key,
    kind: key.startsWith('email:') ? 'email' : 'generic',
    target: key.split(':')[1]!,
    status: 'pending',
    attempts: 0,
    lastError: null,
    permanent: false,
    sentAt: null,
    leaseUntil: null,
    nextAttemptAt: null,
    digestId: null,
    ...change,
  };
}

const sent = (key: string) => delivery(key, { status: 'sent', attempts: 1 });

describe('alert outcome', () => {
  it('is pending while a delivery is open, sent when all were', () => {
    expect(alertOutcomeOf([sent('email:a'), delivery('webhook:ops')])).toMatchObject({
      status: 'pending',
      needsAttention: false,
    });
    expect(alertOutcomeOf([sent('email:a'), sent('webhook:ops')])).toEqual({
      status: 'sent',
      deadLettered: false,
      receives: 1,
      lastError: null,
      nextAttemptAt: null,
      needsAttention: false,
    });
  });

  it('waits for a planned retry, then needs a person once none is left', () => {
    const retrying = delivery('email:b', {
      status: 'failed',
      attempts: 2,
      lastError: 'Mailbox unavailable',
      nextAttemptAt: '2030-01-01T00:02:00.000Z',
    });
    const later = { ...retrying, key: 'email:c', nextAttemptAt: '2030-01-01T00:05:00.000Z' };
    expect(alertOutcomeOf([sent('email:a'), later, retrying])).toEqual({
      status: 'partial',
      deadLettered: false,
      receives: 2,
      lastError: 'Mailbox unavailable',
      nextAttemptAt: '2030-01-01T00:02:00.000Z',
      needsAttention: false,
    });
    const givenUp = { ...retrying, attempts: 5, nextAttemptAt: null };
    expect(alertOutcomeOf([sent('email:a'), givenUp])).toMatchObject({
      status: 'partial',
      deadLettered: true,
      receives: 5,
      nextAttemptAt: null,
      needsAttention: true,
    });
  });

  it('does not call a refused webhook or a skipped delivery dead-lettered', () => {
    const refused = delivery('webhook:ops', {
      status: 'failed',
      permanent: true,
      lastError: 'Refused',
      attempts: 1,
    });
    const skipped = delivery('email:a', { status: 'skipped', lastError: 'Limit reached' });
    expect(alertOutcomeOf([skipped, refused])).toEqual({
      status: 'failed',
      deadLettered: false,
      receives: 1,
      lastError: 'Refused',
      nextAttemptAt: null,
      needsAttention: true,
    });
  });
});
