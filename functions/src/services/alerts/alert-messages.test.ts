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

  it('splits an address with more alerts than a digest holds in parts, the most urgent first', () => {
    ids = 0;
    // The least urgent comes first: the parts follow urgency, not the order the scan met them.
    const many = Array.from({ length: DIGEST_MAX_ALERTS + 1 }, (_, index) => {
      const entry = alert(index, ['ada@example.com']);
      const expiresAt = index === 0 ? '2030-01-25' : `2030-01-0${1 + (index % 9)}`;
      return {
        ...entry,
        alert: { ...entry.alert, expiresAt },
        row: {
          tokenName: `Key ${index}`,
          category: 'key_secret' as const,
          type: 'api_key',
          daysLeft: index === 0 ? 24 : index % 9,
        },
      };
    });
    const messages = alertMessagesFor(many, nextId);
    expect(messages).toEqual([
      expect.objectContaining({
        digestId: 'digest-1',
        part: { number: 1, of: 2, alerts: 101, summary: '101 API keys expire in the next 24 days' },
      }),
      {
        kind: 'digest',
        digestId: 'digest-2',
        address: 'ada@example.com',
        alerts: [many[0]!.alert],
        part: { number: 2, of: 2, alerts: 101 },
      },
    ]);
    const [first] = messages;
    const firstAlerts = first && 'alerts' in first ? first.alerts : [];
    expect(firstAlerts.map((ref) => ref.expiresAt)).toEqual(
      firstAlerts.map((ref) => ref.expiresAt).sort(),
    );
    // Without what each row is (a requeue), the parts keep their order but no whole summary.
    const unknown = alertMessagesFor(
      many.map(({ alert: ref, deliveries }) => ({ alert: ref, deliveries })),
      nextId,
    );
    expect(unknown.map((message) => 'part' in message && message.part)).toEqual([
      { number: 1, of: 2, alerts: 101 },
      { number: 2, of: 2, alerts: 101 },
    ]);
  });

  it('keeps a digest that fits one message whole, without parts', () => {
    const messages = alertMessagesFor([alert(1, ['ada@example.com'])], nextId);
    expect(messages[0]).not.toHaveProperty('part');
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
