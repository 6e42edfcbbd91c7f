import { DIGEST_MAX_ALERTS } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { alertMessagesFor, deliveredByAny, type AlertToDeliver } from './alert-messages';

function alert(index: number, addresses: readonly string[], webhooks: readonly string[] = []) {
  return {
    alert: {
      alertId: `ws.t${index}~2030-01-01~7`,
      workspaceId: index % 2 === 0 ? 'ws-a' : 'ws-b',
      tokenId: `ws.t${index}`,
      expiresAt: '2030-01-01',
      threshold: 7,
    },
    deliveries: [
      ...addresses.map((address) => ({
        key: `email:${address.toLowerCase()}`,
        kind: 'email' as const,
        target: address,
      })),
      ...webhooks.map((name) => ({
        key: `webhook:${name}`,
        kind: 'generic' as const,
        target: name,
      })),
    ],
  } satisfies AlertToDeliver;
}

let ids = 0;
const nextId = () => `digest-${(ids += 1)}`;

describe('alert messages', () => {
  it('makes one digest per address across workspaces and one message per alert with webhooks', () => {
    ids = 0;
    const messages = alertMessagesFor(
      [alert(1, ['ada@example.com', 'bob@example.com'], ['ops']), alert(2, ['Ada@Example.com'])],
      nextId,
    );
    expect(messages).toEqual([
      {
        kind: 'digest',
        digestId: 'digest-1',
        address: 'ada@example.com',
        alerts: [alert(1, []).alert, alert(2, []).alert],
      },
      {
        kind: 'digest',
        digestId: 'digest-2',
        address: 'bob@example.com',
        alerts: [alert(1, []).alert],
      },
      { ...alert(1, []).alert, deliver: 'webhooks' },
    ]);
  });

  it('splits an address with more alerts than a digest holds', () => {
    const many = Array.from({ length: DIGEST_MAX_ALERTS + 1 }, (_, index) =>
      alert(index, ['ada@example.com']),
    );
    const messages = alertMessagesFor(many, nextId);
    expect(messages.map((message) => ('alerts' in message ? message.alerts.length : 0))).toEqual([
      DIGEST_MAX_ALERTS,
      1,
    ]);
    expect(new Set(messages.map((message) => 'digestId' in message && message.digestId)).size).toBe(
      2,
    );
  });

  it('tells which deliveries a message already on its way carries', () => {
    const [digest, webhooks] = [
      ...alertMessagesFor([alert(1, ['ada@example.com'])], nextId),
      ...alertMessagesFor([alert(2, [], ['ops'])], nextId),
    ];
    const carried = deliveredByAny([digest!, webhooks!, { ...alert(3, []).alert }]);
    const id = (index: number) => alert(index, []).alert.alertId;
    expect(carried(id(1), { key: 'email:ada@example.com', kind: 'email' })).toBe(true);
    expect(carried(id(1), { key: 'email:bob@example.com', kind: 'email' })).toBe(false);
    expect(carried(id(1), { key: 'webhook:ops', kind: 'generic' })).toBe(false);
    expect(carried(id(2), { key: 'webhook:ops', kind: 'slack' })).toBe(true);
    expect(carried(id(2), { key: 'email:ada@example.com', kind: 'email' })).toBe(false);
    // An alert message without `deliver` carries every channel.
    expect(carried(id(3), { key: 'email:any@example.com', kind: 'email' })).toBe(true);
  });
});
