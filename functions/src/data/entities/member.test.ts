import fc from 'fast-check';
import { ROLES } from '@expiry-radar/shared/domain/roles';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { memberCodec, newMember, type MemberRecord } from './member';

const memberArbitrary: fc.Arbitrary<MemberRecord> = fc.record({
  workspaceId: fc.uuid(),
  userId: fc.uuid(),
  role: fc.option(fc.constantFrom(...ROLES), { nil: null }),
  joinedAt: isoInstant,
});

const member = newMember({
  workspaceId: 'ws-1',
  userId: 'u-1',
  role: 'workspace_manager',
  now: new Date('2026-01-01T00:00:00.000Z'),
});

describe('member codec', () => {
  it('reads back every membership it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(memberCodec, memberArbitrary);
  });

  it('stores a membership under its workspace and in its user index', () => {
    expect(memberCodec.toItem(member)).toEqual({
      ...keys.membership('ws-1', 'u-1'),
      ...gsi1.membership('u-1', 'ws-1'),
      workspaceId: 'ws-1',
      userId: 'u-1',
      role: 'workspace_manager',
      joinedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(memberCodec.keyOf(member)).toEqual(keys.membership('ws-1', 'u-1'));
  });

  it('reads a role this version does not know, or none, as null', () => {
    const item = memberCodec.toItem(member);
    expect(memberCodec.fromItem({ ...item, role: 'owner' }).role).toBeNull();
    const { role: _role, ...roleless } = item;
    expect(memberCodec.fromItem(roleless).role).toBeNull();
  });

  it.each(['workspaceId', 'userId', 'joinedAt', 'gsi1pk'])(
    'refuses an item without %s',
    (field) => {
      const item: Record<string, unknown> = { ...memberCodec.toItem(member) };
      delete item[field];
      expect(() => memberCodec.fromItem(item)).toThrow(MalformedItemError);
      expect(() => memberCodec.fromItem(item)).toThrow(
        `Malformed MEMBER item WS#ws-1 MEMBER#u-1: ${field}`,
      );
    },
  );
});
