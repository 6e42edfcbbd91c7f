import fc from 'fast-check';
import { ROLES } from '@expiry-radar/shared/domain/roles';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { invitationCodec, newInvitation, type InvitationRecord } from './invitation';

const invitationArbitrary: fc.Arbitrary<InvitationRecord> = fc.record({
  workspaceId: fc.uuid(),
  invitationId: fc.uuid(),
  email: fc.emailAddress().map((email) => email.toLowerCase()),
  role: fc.constantFrom(...ROLES),
  invitedBy: fc.uuid(),
  invitedAt: isoInstant,
  workspaceName: fc.option(fc.string(), { nil: undefined }),
  inviterName: fc.option(fc.string(), { nil: undefined }),
});

const invitation = newInvitation({
  workspaceId: 'ws-1',
  email: 'Grace@Example.com',
  role: 'viewer',
  invitedBy: 'u-1',
  now: new Date('2026-01-01T00:00:00.000Z'),
  workspaceName: 'Platform',
  inviterName: 'Ada',
});

describe('invitation codec', () => {
  it('reads back every invitation it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(invitationCodec, invitationArbitrary);
  });

  it('lower-cases the address of a new invitation and gives it a fresh id', () => {
    expect(invitation).toMatchObject({ email: 'grace@example.com', invitedBy: 'u-1' });
    const again = newInvitation({
      ...invitation,
      workspaceName: 'Platform',
      inviterName: 'Ada',
      now: new Date(),
    });
    expect(again.invitationId).not.toBe(invitation.invitationId);
  });

  it('stores an invitation under its workspace and in its address index', () => {
    expect(invitationCodec.toItem(invitation)).toEqual({
      ...keys.invitation('ws-1', 'grace@example.com'),
      ...gsi1.invitation('grace@example.com', 'ws-1'),
      workspaceId: 'ws-1',
      invitationId: invitation.invitationId,
      email: 'grace@example.com',
      role: 'viewer',
      invitedBy: 'u-1',
      invitedAt: '2026-01-01T00:00:00.000Z',
      workspaceName: 'Platform',
      inviterName: 'Ada',
    });
    expect(invitationCodec.keyOf(invitation)).toEqual(keys.invitation('ws-1', 'grace@example.com'));
  });

  it('reads an invitation written before the names were kept', () => {
    const {
      workspaceName: _workspace,
      inviterName: _inviter,
      ...older
    } = invitationCodec.toItem(invitation);
    const read = invitationCodec.fromItem(older);
    expect(read).not.toHaveProperty('workspaceName');
    expect(read).not.toHaveProperty('inviterName');
  });

  it('reads a role this version does not know as viewer', () => {
    const item = { ...invitationCodec.toItem(invitation), role: 'owner' };
    expect(invitationCodec.fromItem(item).role).toBe('viewer');
  });

  it.each(['invitationId', 'email', 'invitedBy', 'invitedAt', 'workspaceId'])(
    'refuses an item without %s',
    (field) => {
      const item: Record<string, unknown> = { ...invitationCodec.toItem(invitation) };
      delete item[field];
      expect(() => invitationCodec.fromItem(item)).toThrow(MalformedItemError);
      expect(() => invitationCodec.fromItem(item)).toThrow(
        `Malformed INVITATION item WS#ws-1 INVITE#grace@example.com: ${field}`,
      );
    },
  );
});
