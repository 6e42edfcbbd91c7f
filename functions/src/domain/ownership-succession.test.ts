import { successorsOf } from './ownership-succession';

const member = (userId: string, role: string, minute: number) => ({
  userId,
  role,
  joinedAt: `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('successorsOf', () => {
  it('asks an admin first, then workspace managers by seniority, never viewers', () => {
    const members = [
      member('leaver', 'admin', 0),
      member('viewer', 'viewer', 1),
      member('late-manager', 'workspace_manager', 5),
      member('early-manager', 'workspace_manager', 2),
      member('other-admin', 'admin', 9),
    ];
    expect(successorsOf(members, 'leaver').map((m) => m.userId)).toEqual([
      'other-admin',
      'early-manager',
      'late-manager',
    ]);
  });

  it('orders members who joined together by id, and finds none among viewers', () => {
    expect(
      successorsOf(
        [member('b', 'workspace_manager', 1), member('a', 'workspace_manager', 1)],
        'leaver',
      ).map((m) => m.userId),
    ).toEqual(['a', 'b']);
    expect(
      successorsOf([member('leaver', 'admin', 0), member('v', 'viewer', 1)], 'leaver'),
    ).toEqual([]);
    expect(successorsOf([member('x', 'owner?', 1)], 'leaver')).toEqual([]);
  });
});
