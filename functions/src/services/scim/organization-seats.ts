/**
 * An organization's seats: the people who hold a place in its workspaces as the plan counts
 * places (members and pending invitations), each person once however many workspaces they are
 * in, and how many of them its identity provider provisioned and keeps active.
 */
import { listInvitations, listMembers } from '../../data/member-records';
import { listScimUsers } from '../../data/scim-records';

export async function organizationSeats(
  organizationId: string,
  workspaces: readonly { readonly id: string }[],
): Promise<{ seats: number; provisioned: number }> {
  const [members, invitations, provisioned] = await Promise.all([
    Promise.all(workspaces.map((workspace) => listMembers(workspace.id))),
    Promise.all(workspaces.map((workspace) => listInvitations(workspace.id))),
    listScimUsers(organizationId),
  ]);
  const memberIds = new Set(members.flat().map((member) => member.userId));
  const invited = new Set(invitations.flat().map((invitation) => invitation.email.toLowerCase()));
  const active = provisioned.filter((person) => person.active && memberIds.has(person.userId));
  return { seats: memberIds.size + invited.size, provisioned: active.length };
}
