/**
 * A workspace's members (`MEMBER#<userId>`) and pending invitations (`INVITE#<email>`), both
 * under `pk = WS#<workspaceId>`. Invitations also carry gsi1 `INVITE#<email>` so that the owner
 * of a verified address can list, accept and decline the invitations sent to it.
 */
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import type { AdmissionGuard } from './admission-guard';
import {
  invitationCodec,
  newInvitation,
  type InvitationRecord,
  type NewInvitation,
} from './entities/invitation';
import { memberCodec, newMember, type MemberRecord } from './entities/member';
import { gsi1, INVITE_SORT_PREFIX, keys, MEMBER_SORT_PREFIX } from './keys';
import { INDEX_NAMES } from './table-definition';
import {
  conditionalWrite,
  conditionFailedAt,
  countAll,
  isConditionalCheckFailure,
  queryAll,
  readItem,
  sortKeyPrefixQuery,
  type TableItem,
} from './table-operations';

export type { InvitationRecord } from './entities/invitation';

/** A member as the members list shows it: a role this version does not know as a viewer. */
export interface MemberEntry extends MemberRecord {
  readonly role: Role;
}

export function toMember(item: TableItem): MemberEntry {
  const member = memberCodec.fromItem(item);
  return { ...member, role: member.role ?? 'viewer' };
}

const toInvitation = (item: TableItem): InvitationRecord => invitationCodec.fromItem(item);

const underPrefix = (workspaceId: string, prefix: string) =>
  sortKeyPrefixQuery(keys.workspace(workspaceId).pk, prefix, { consistentRead: true });

export async function listMembers(workspaceId: string): Promise<MemberEntry[]> {
  return (await queryAll(underPrefix(workspaceId, MEMBER_SORT_PREFIX))).map(toMember);
}

export async function listInvitations(workspaceId: string): Promise<InvitationRecord[]> {
  return (await queryAll(underPrefix(workspaceId, INVITE_SORT_PREFIX))).map(toInvitation);
}

/** Members plus pending invitations: what the plan's member limit counts. */
export async function countMembersAndInvitations(workspaceId: string): Promise<number> {
  const [members, invitations] = await Promise.all([
    countAll(underPrefix(workspaceId, MEMBER_SORT_PREFIX)),
    countAll(underPrefix(workspaceId, INVITE_SORT_PREFIX)),
  ]);
  return members + invitations;
}

export async function findMember(
  workspaceId: string,
  userId: string,
): Promise<MemberEntry | undefined> {
  const item = await readItem(keys.membership(workspaceId, userId), { consistentRead: true });
  return item ? toMember(item) : undefined;
}

export async function findInvitation(
  workspaceId: string,
  email: string,
): Promise<InvitationRecord | undefined> {
  const item = await readItem(keys.invitation(workspaceId, email), { consistentRead: true });
  return item ? toInvitation(item) : undefined;
}

/** One write, or a transaction after `guard` (an admission guard) when given. */
async function putNewItem(item: TableItem, guard: AdmissionGuard | undefined): Promise<void> {
  const { tableName } = getConfig();
  const put = { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
  if (!guard) {
    await getDocumentClient().send(new PutCommand(put));
    return;
  }
  await getDocumentClient().send(
    new TransactWriteCommand({ TransactItems: [guard, { Put: put }] }),
  );
}

/** The item exists already (the put's own condition failed, not the guard's). */
function itemExisted(error: unknown, guarded: boolean): boolean {
  return guarded ? conditionFailedAt(error, 1) : isConditionalCheckFailure(error);
}

/** False when the user is a member already. `guard`: see admission-guard.ts. */
export async function addMember(
  options: { workspaceId: string; userId: string; role: Role; now: Date },
  guard?: AdmissionGuard,
): Promise<boolean> {
  try {
    await putNewItem(memberCodec.toItem(newMember(options)), guard);
    return true;
  } catch (error) {
    if (itemExisted(error, guard !== undefined)) return false;
    throw error;
  }
}

/** Undefined when the address has a pending invitation to the workspace already. */
export async function createInvitation(
  options: NewInvitation,
  guard?: AdmissionGuard,
): Promise<InvitationRecord | undefined> {
  const invitation = newInvitation(options);
  try {
    await putNewItem(invitationCodec.toItem(invitation), guard);
    return invitation;
  } catch (error) {
    if (itemExisted(error, guard !== undefined)) return undefined;
    throw error;
  }
}

/** False when the member is gone, or became the admin meanwhile. */
export async function updateMemberRole(
  workspaceId: string,
  userId: string,
  role: Role,
): Promise<boolean> {
  return conditionalUpdate(keys.membership(workspaceId, userId), role);
}

export async function updateInvitationRole(
  workspaceId: string,
  email: string,
  role: Role,
): Promise<boolean> {
  return conditionalUpdate(keys.invitation(workspaceId, email), role);
}

async function conditionalUpdate(key: { pk: string; sk: string }, role: Role): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: key,
        UpdateExpression: 'SET #role = :role',
        ConditionExpression: 'attribute_exists(pk) AND #role <> :admin',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role, ':admin': 'admin' },
      }),
    ),
  );
}

/** False when there was no such (non-admin) member. */
export async function removeMember(workspaceId: string, userId: string): Promise<boolean> {
  return conditionalDelete(keys.membership(workspaceId, userId));
}

export async function removeInvitation(workspaceId: string, email: string): Promise<boolean> {
  return conditionalDelete(keys.invitation(workspaceId, email));
}

async function conditionalDelete(key: { pk: string; sk: string }): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: key,
        ConditionExpression: 'attribute_exists(pk) AND #role <> :admin',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':admin': 'admin' },
      }),
    ),
  );
}

/** The pending invitations of an address, across workspaces. */
export async function listInvitationsOfEmail(email: string): Promise<InvitationRecord[]> {
  const items = await queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1.invitationsOf(email) },
  });
  return items.map(toInvitation);
}

/** Declines (removes) this very invitation; false when it is gone or was sent again since. */
export async function deleteInvitation(invitation: InvitationRecord): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new DeleteCommand({
        TableName: getConfig().tableName,
        Key: invitationCodec.keyOf(invitation),
        ConditionExpression: 'invitationId = :id',
        ExpressionAttributeValues: { ':id': invitation.invitationId },
      }),
    ),
  );
}

/**
 * How an acceptance ended: `invitationGone` (declined, cancelled or sent again meanwhile),
 * `alreadyMember`, or `notEligible` (the user's address is no longer the invited one, or is not
 * verified).
 */
export type AcceptOutcome = 'accepted' | 'invitationGone' | 'alreadyMember' | 'notEligible';

/**
 * Turns an invitation into a membership in one transaction after `guard` (the admission guard of
 * the workspace): the invitation (this very one) is deleted, the membership is put, and the user
 * must still have the invited address, verified. Contention on the guard is rethrown for the
 * admission guard to retry.
 */
export async function acceptInvitation(
  options: {
    invitation: InvitationRecord;
    /** The user's id and address as the caller checked them against the invitation. */
    user: { readonly id: string; readonly email: string };
    now: Date;
  },
  guard: AdmissionGuard,
): Promise<AcceptOutcome> {
  const { invitation, user, now } = options;
  const { tableName } = getConfig();
  try {
    await getDocumentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          guard,
          {
            Delete: {
              TableName: tableName,
              Key: invitationCodec.keyOf(invitation),
              ConditionExpression: 'invitationId = :id',
              ExpressionAttributeValues: { ':id': invitation.invitationId },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: memberCodec.toItem(
                newMember({
                  workspaceId: invitation.workspaceId,
                  userId: user.id,
                  role: invitation.role,
                  now,
                }),
              ),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            ConditionCheck: {
              TableName: tableName,
              Key: keys.user(user.id),
              ConditionExpression: 'email = :email AND emailVerified = :true',
              ExpressionAttributeValues: { ':email': user.email, ':true': true },
            },
          },
        ],
      }),
    );
    return 'accepted';
  } catch (error) {
    if (conditionFailedAt(error, 1)) return 'invitationGone';
    if (conditionFailedAt(error, 2)) return 'alreadyMember';
    if (conditionFailedAt(error, 3)) return 'notEligible';
    throw error;
  }
}
