import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { keys } from '../keys';
import { alertEmailOptOutCodec, type AlertEmailOptOut } from './alert-email-opt-out';
import { MalformedItemError } from './entity-codec';

const optOutArbitrary: fc.Arbitrary<AlertEmailOptOut> = fc.record({
  workspaceId: fc.uuid(),
  address: fc.emailAddress().map((address) => address.toLowerCase()),
  createdAt: isoInstant,
});

const optOut: AlertEmailOptOut = {
  workspaceId: 'ws-1',
  address: 'ada@example.com',
  createdAt: '2030-01-01T00:00:00.000Z',
};

describe('alert email opt-out codec', () => {
  it('reads back every opt-out it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(alertEmailOptOutCodec, optOutArbitrary);
  });

  it('keys the lower-cased address under its workspace', () => {
    const item = alertEmailOptOutCodec.toItem({ ...optOut, address: 'Ada@Example.com' });
    expect(item).toEqual({
      pk: 'WS#ws-1',
      sk: 'EMAIL_OPT_OUT#ada@example.com',
      entity: 'ALERT_EMAIL_OPT_OUT',
      workspaceId: 'ws-1',
      address: 'ada@example.com',
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    expect(alertEmailOptOutCodec.keyOf(optOut)).toEqual(
      keys.alertEmailOptOut('ws-1', 'ada@example.com'),
    );
  });

  it('refuses an opt-out that names no address', () => {
    const { address: _address, ...item } = alertEmailOptOutCodec.toItem(optOut);
    expect(() => alertEmailOptOutCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
