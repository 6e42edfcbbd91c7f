/** Members and invitations as the API answers them, with the members' names and addresses. */
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ROLES } from '@expiry-radar/shared/domain/roles';
import {
  findMember,
  listInvitations,
  listMembers,
  type InvitationRecord,
  type MemberEntry,
} from '../../data/member-records';
import { keys } from '../../data/keys';
import { batchGetAll } from '../../data/table-operations';
import { toUserRecord, type UserRecord } from '../../data/user-records';

export function activeMemberView(member: MemberEntry, user: UserRecord | undefined): Member {
  return {
    user_id: member.userId,
    email: user?.email ?? '',
    display_name: user?.displayName ?? null,
    role: member.role,
    status: 'active',
    joined_at: member.joinedAt,
  };
}

export function invitedMemberView(invitation: InvitationRecord): Member {
  return {
    user_id: invitation.invitationId,
    email: invitation.email,
    display_name: null,
    role: invitation.role,
    status: 'invited',
    joined_at: null,
  };
}

/** Whether a member's name or address holds `search`, without regard to case. */
export function memberMatches(member: Member, search: string): boolean {
  const wanted = search.toLowerCase();
  return [member.email, member.display_name ?? ''].some((text) =>
    text.toLowerCase().includes(wanted),
  );
}

/** Members by role (admin first) then address, then pending invitations by address. */
export async function listMemberViews(workspaceId: string): Promise<Member[]> {
  const [members, invitations] = await Promise.all([
    listMembers(workspaceId),
    listInvitations(workspaceId),
  ]);
  const users = new Map(
    (await batchGetAll(members.map((member) => keys.user(member.userId))))
      .map(toUserRecord)
      .map((user) => [user.id, user]),
  );
  const rank = (member: Member) =>
    (member.status === 'invited' ? ROLES.length : 0) + ROLES.indexOf(member.role);
  return [
    ...members.map((member) => activeMemberView(member, users.get(member.userId))),
    ...invitations.map(invitedMemberView),
  ].sort((a, b) => rank(a) - rank(b) || a.email.localeCompare(b.email));
}

export type MemberTarget =
  | { readonly kind: 'member'; readonly member: MemberEntry }
  | { readonly kind: 'invitation'; readonly invitation: InvitationRecord };

/** The member with this user id, else the pending invitation with this id. */
export async function findMemberTarget(
  workspaceId: string,
  id: string,
): Promise<MemberTarget | undefined> {
  const member = await findMember(workspaceId, id);
  if (member) return { kind: 'member', member };
  const invitation = (await listInvitations(workspaceId)).find(
    (candidate) => candidate.invitationId === id,
  );
  return invitation ? { kind: 'invitation', invitation } : undefined;
}
