import { refuseMemberChange, refuseRemovalRequest } from './member-policy';

const base = {
  actorId: 'manager',
  targetUserId: 'viewer',
  targetRole: 'viewer',
  ownerId: 'owner',
} as const;

describe('refuseMemberChange', () => {
  it('lets managers change and remove other non-admin members', () => {
    expect(refuseMemberChange({ ...base, kind: 'role' } as const)).toBeUndefined();
    expect(refuseMemberChange({ ...base, kind: 'remove' } as const)).toBeUndefined();
  });

  it('protects the admin and the owner', () => {
    for (const kind of ['role', 'remove'] as const) {
      expect(refuseMemberChange({ ...base, kind, targetRole: 'admin' })).toBe('adminProtected');
      expect(refuseMemberChange({ ...base, kind, targetUserId: 'owner' })).toBe('adminProtected');
    }
  });

  it('refuses a change of one’s own role but lets a member leave', () => {
    const self = { ...base, targetUserId: 'manager', targetRole: 'workspace_manager' } as const;
    expect(refuseMemberChange({ ...self, kind: 'role' })).toBe('ownRole');
    expect(refuseMemberChange({ ...self, kind: 'remove' })).toBeUndefined();
  });
});

describe('refuseRemovalRequest', () => {
  const request = { actorId: 'me', targetId: 'other', handsOver: false } as const;

  it('leaves removing others to admins and workspace managers', () => {
    expect(refuseRemovalRequest({ ...request, actorRole: 'workspace_manager' })).toBeUndefined();
    expect(refuseRemovalRequest({ ...request, actorRole: 'viewer' })).toBe('readOnly');
  });

  it('lets every member leave, naming who takes over only as an editor', () => {
    const leaving = { ...request, targetId: 'me' } as const;
    expect(refuseRemovalRequest({ ...leaving, actorRole: 'viewer' })).toBeUndefined();
    expect(refuseRemovalRequest({ ...leaving, actorRole: 'viewer', handsOver: true })).toBe(
      'handOverReadOnly',
    );
    expect(
      refuseRemovalRequest({ ...leaving, actorRole: 'workspace_manager', handsOver: true }),
    ).toBeUndefined();
  });
});
