import fc from 'fast-check';
import { expectRoundTrip } from '../../../test-support/codec-properties';
import { gsi1, keys } from '../keys';
import {
  auditEventCodec,
  auditEventRefFromItem,
  DELETED_ACTOR_ID,
  isRetained,
  type AuditEventRecord,
} from './audit-event';
import { MalformedItemError } from './entity-codec';

const id = fc.stringMatching(/^[a-z0-9-]{1,30}$/);
const text = fc.option(fc.string(), { nil: null });

const eventArbitrary: fc.Arbitrary<AuditEventRecord> = fc.record({
  id: fc.uuid(),
  scope: fc.oneof(
    id.map((userId) => ({ type: 'user' as const, userId })),
    id.map((workspaceId) => ({ type: 'workspace' as const, workspaceId })),
  ),
  action: fc.constantFrom('workspace.created', 'token.renewed', 'account.deleted'),
  actor: fc.record({
    id: fc.oneof(id, fc.constantFrom('system', 'stripe', DELETED_ACTOR_ID)),
    email: text,
  }),
  target: fc.record({ type: fc.string(), id: fc.string(), name: text }),
  // The app writes metadata under its own keys: never "__proto__", which JSON objects drop.
  metadata: fc
    .dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }))
    .filter((metadata) => !JSON.stringify(metadata).includes('"__proto__"')),
  createdAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  ttl: fc.nat(),
});

const event: AuditEventRecord = {
  id: 'e-1',
  scope: { type: 'workspace', workspaceId: 'ws-1' },
  action: 'workspace.renamed',
  actor: { id: 'u-1', email: 'ada@example.com' },
  target: { type: 'workspace', id: 'ws-1', name: 'Platform' },
  metadata: { from: 'Platform', to: 'Core' },
  createdAt: '2030-01-01T00:00:00.000Z',
  ttl: 1_900_000_000,
};

describe('audit event codec', () => {
  it('reads back every event it wrote, the scope from the key', () => {
    expectRoundTrip(auditEventCodec, eventArbitrary);
  });

  it('stores an event under its scope and its actor, and a deleted actor under neither', () => {
    expect(auditEventCodec.toItem(event)).toEqual({
      ...keys.auditEvent('WS#ws-1', event.createdAt, 'e-1'),
      ...gsi1.auditEvent('u-1', event.createdAt, 'e-1'),
      id: 'e-1',
      action: 'workspace.renamed',
      actorId: 'u-1',
      actorEmail: 'ada@example.com',
      targetType: 'workspace',
      targetId: 'ws-1',
      targetName: 'Platform',
      workspaceId: 'ws-1',
      metadata: { from: 'Platform', to: 'Core' },
      createdAt: event.createdAt,
      ttl: event.ttl,
    });
    const account = auditEventCodec.toItem({
      ...event,
      scope: { type: 'user', userId: 'u-1' },
      actor: { id: DELETED_ACTOR_ID, email: null },
    });
    expect(account).toMatchObject({ pk: 'USER#u-1', workspaceId: null });
    expect(account).not.toHaveProperty('gsi1pk');
  });

  it('reads a missing email, target name and metadata as null and {}', () => {
    const {
      actorEmail: _email,
      targetName: _name,
      metadata: _metadata,
      ...item
    } = auditEventCodec.toItem(event);
    expect(auditEventCodec.fromItem(item)).toEqual({
      ...event,
      actor: { id: 'u-1', email: null },
      target: { ...event.target, name: null },
      metadata: {},
    });
  });

  it('refuses an event without an actor or time, or under a key of neither scope', () => {
    const item = auditEventCodec.toItem(event);
    const { actorId: _actorId, ...anonymous } = item;
    expect(() => auditEventCodec.fromItem(anonymous)).toThrow(MalformedItemError);
    expect(() => auditEventCodec.fromItem(anonymous)).toThrow(/actorId/);
    expect(() => auditEventCodec.fromItem({ ...item, createdAt: 5 })).toThrow(/createdAt/);
    expect(() => auditEventCodec.fromItem({ ...item, pk: 'RATE#x' })).toThrow(
      /names no workspace or user/,
    );
  });

  it('reads retention and the key and target of a projection', () => {
    const item = auditEventCodec.toItem(event);
    expect(isRetained(item, new Date((event.ttl - 1) * 1000))).toBe(true);
    expect(isRetained(item, new Date(event.ttl * 1000))).toBe(false);
    expect(() => isRetained({ pk: 'WS#ws-1', sk: 'AUDIT#x' }, new Date())).toThrow(/ttl/);
    expect(auditEventRefFromItem({ pk: item.pk, sk: item.sk, targetId: 'ws-1' })).toEqual({
      key: { pk: item.pk, sk: item.sk },
      targetId: 'ws-1',
    });
  });
});
