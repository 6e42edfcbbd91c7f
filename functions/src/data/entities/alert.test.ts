import fc from 'fast-check';
import { WEBHOOK_KINDS } from '@expiry-radar/shared/domain/alerts';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { alertIdOf } from '../../domain/alert-schedule';
import { alertTimeIndexKeys, epochSeconds, gsi1, keys } from '../keys';
import {
  ALERT_RETENTION_SECONDS,
  alertCodec,
  alertLocation,
  type StoredAlertRecord,
} from './alert';
import { MalformedItemError } from './entity-codec';

const alertId = alertIdOf('ws-1.t-1', '2030-01-31', 30);

const record: StoredAlertRecord = {
  alertId,
  workspaceId: 'ws-1',
  tokenId: 'ws-1.t-1',
  tokenName: 'Payments API key',
  expiresAt: '2030-01-31',
  threshold: 30,
  deliveries: [
    {
      key: 'email:ada@example.com',
      channel: 'email',
      kind: 'email',
      target: 'ada@example.com',
      status: 'sent',
      attempts: 1,
      lastError: null,
      permanent: false,
      sentAt: '2030-01-01T00:00:05.000Z',
      leaseUntil: null,
      nextAttemptAt: null,
      digestId: 'digest-1',
    },
    {
      key: 'webhook:ops',
      channel: 'webhook:ops',
      kind: 'slack',
      target: 'ops',
      status: 'failed',
      attempts: 3,
      lastError: 'HTTP 503',
      permanent: false,
      sentAt: null,
      leaseUntil: null,
      nextAttemptAt: null,
      digestId: null,
    },
  ],
  status: 'partial',
  deadLettered: true,
  receives: 3,
  lastError: 'HTTP 503',
  nextAttemptAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:10:00.000Z',
  needsAttention: true,
  revision: 7,
};

const text = fc.option(fc.string(), { nil: null });

/** Deliveries in the order the codec reads them: emails first, then webhooks, by target. */
const deliveriesArbitrary = fc
  .uniqueArray(
    fc.record({
      // Keys are `email:<address>` or `webhook:<name>`, never a bare `__proto__`.
      key: fc.string({ minLength: 1 }).map((name) => `webhook:${name}`),
      channel: fc.string({ minLength: 1 }),
      kind: fc.constantFrom('email' as const, ...WEBHOOK_KINDS),
      target: fc.string(),
      status: fc.constantFrom('pending', 'sending', 'sent', 'failed', 'skipped'),
      attempts: fc.nat(),
      lastError: text,
      permanent: fc.boolean(),
      sentAt: text,
      leaseUntil: text,
      nextAttemptAt: text,
      digestId: text,
    }),
    { selector: (delivery) => delivery.key, maxLength: 4 },
  )
  .map((deliveries) =>
    [...deliveries].sort(
      (a, b) =>
        (a.kind === 'email' ? 0 : 1) - (b.kind === 'email' ? 0 : 1) ||
        a.target.localeCompare(b.target),
    ),
  )
  .filter((deliveries) =>
    // Equal rank and target: the order is the map's, so keep such pairs out of the property.
    deliveries.every(
      (delivery, index) =>
        index === 0 ||
        deliveries[index - 1]!.target !== delivery.target ||
        (deliveries[index - 1]!.kind === 'email') !== (delivery.kind === 'email'),
    ),
  );

const recordArbitrary: fc.Arbitrary<StoredAlertRecord> = fc
  .record({
    workspaceId: fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    tokenSuffix: fc.uuid(),
    expiresAt: fc.date({
      min: new Date('2000-01-01'),
      max: new Date('2099-12-31'),
      noInvalidDate: true,
    }),
    threshold: fc.nat({ max: 365 }),
    tokenName: fc.string(),
    deliveries: fc.option(deliveriesArbitrary, { nil: null }),
    status: fc.constantFrom('pending', 'sent', 'partial', 'failed'),
    deadLettered: fc.boolean(),
    receives: fc.nat(),
    lastError: text,
    nextAttemptAt: text,
    createdAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    updatedAt: fc.string(),
    needsAttention: fc.boolean(),
    revision: fc.nat(),
  })
  .map(({ tokenSuffix, expiresAt, ...rest }) => {
    const tokenId = `${rest.workspaceId}.${tokenSuffix}`;
    const expiry = expiresAt.toISOString().slice(0, 10);
    return {
      ...rest,
      alertId: alertIdOf(tokenId, expiry, rest.threshold),
      tokenId,
      expiresAt: expiry,
    };
  });

describe('alert codec', () => {
  it('reads back every record it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(alertCodec, recordArbitrary);
  });

  it('keys an alert by the window its id names, with the attention entry and a year of TTL', () => {
    const key = keys.alert('ws-1', '2030-01-01T00:00:00.000Z', alertId);
    expect(alertLocation(alertId)).toEqual({ workspaceId: 'ws-1', key });
    expect(alertLocation('not-an-alert')).toBeUndefined();
    const item = alertCodec.toItem(record);
    expect(item).toMatchObject({
      ...key,
      ...gsi1.alertNeedingAttention('ws-1', key.sk),
      gsi2pk: alertTimeIndexKeys.partition('ws-1'),
      gsi2sk: `${record.createdAt}#${key.sk}`,
      entity: 'ALERT',
      id: alertId,
      ttl: epochSeconds(new Date(record.createdAt)) + ALERT_RETENTION_SECONDS,
    });
    expect(item.deliveries?.['email:ada@example.com']).toMatchObject({
      channel: 'email',
      status: 'sent',
    });
    expect(item.deliveries?.['webhook:ops']).toMatchObject({ kind: 'slack', attempts: 3 });
    const calm = alertCodec.toItem({ ...record, deliveries: null, needsAttention: false });
    expect(calm).not.toHaveProperty('deliveries');
    expect(calm).not.toHaveProperty('gsi1pk');
    expect(() => alertCodec.toItem({ ...record, alertId: 'not-an-alert' })).toThrow(
      'Not an alert id',
    );
  });

  it('keeps the first reader’s defaults: unknown statuses pending, unknown kinds email', () => {
    const item = alertCodec.toItem(record);
    const read = alertCodec.fromItem({
      ...item,
      status: 'exploded',
      deliveries: {
        'webhook:ops': { kind: 'fax', status: 'lost', target: 'ops' },
        'email:b@example.com': {},
      },
    });
    expect(read.status).toBe('pending');
    expect(read.deliveries).toEqual([
      {
        key: 'email:b@example.com',
        channel: 'email:b@example.com',
        kind: 'email',
        target: '',
        status: 'pending',
        attempts: 0,
        lastError: null,
        permanent: false,
        sentAt: null,
        leaseUntil: null,
        nextAttemptAt: null,
        digestId: null,
      },
      expect.objectContaining({ key: 'webhook:ops', kind: 'email', status: 'pending' }),
    ]);
  });

  it('refuses an item without a threshold, a token or a creation time', () => {
    const { threshold: _threshold, ...item } = alertCodec.toItem(record);
    expect(() => alertCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => alertCodec.fromItem(item)).toThrow(/threshold/);
    expect(() => alertCodec.fromItem({ ...item, threshold: 30, tokenId: null })).toThrow(/tokenId/);
    expect(() => alertCodec.fromItem({ ...item, threshold: 30, createdAt: undefined })).toThrow(
      /createdAt/,
    );
  });
});
