import { refuseMemberChange } from './member-policy';

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
