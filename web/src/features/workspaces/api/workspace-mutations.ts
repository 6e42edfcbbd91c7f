import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingInvitation } from '@expiry-radar/shared/api/invitation-api-schemas';
import type { Member, Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { call } from '../../../lib/api-call';
import { showSuccessToast } from '../../../lib/toasts';
import { dispatchTokensUpdated } from '../../../lib/tokens-updated';
import { tokenKeys } from '../../tokens';
import type { AssignableRole } from '../workspace-permissions';
import {
  forgetWorkspace,
  refreshIfFrozen,
  refreshMembers,
  refreshWorkspaces,
} from './workspace-cache';

/**
 * The workspace, member and transfer changes. Each says so in a toast, then reloads what it
 * changed (and the plan's usage). Those whose form shows a refusal itself (the name dialog, the
 * invite form, the transfer dialog) call silently, so a refusal shows once, there. The caller's `onSuccess` runs before that reload (close a
 * dialog, hide a row); `onFrozen` runs when the server answers that the workspace is now frozen,
 * before the list reloads to show it read-only.
 */
interface ChangeSteps<T> {
  onSuccess?: (result: T) => void;
  onFrozen?: () => void;
}

/**
 * Creates a workspace owned by the user, on their plan (409 PLAN_LIMIT beyond it). Silent: the
 * name dialog shows a refusal. Settles once the workspace lists hold the new one, so that it can
 * be selected at once.
 */
export function useCreateWorkspaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call('createWorkspace', { body: { name } }, { silent: true }),
    onSuccess: async () => {
      await refreshWorkspaces(queryClient);
      showSuccessToast(SUCCESS_MESSAGES.workspaceCreated);
    },
  });
}

/** Renames a workspace (admin; not while frozen). Silent: the name dialog shows a refusal. */
export function useRenameWorkspaceMutation({ onSuccess, onFrozen }: ChangeSteps<Workspace> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspace, name }: { workspace: Workspace; name: string }) =>
      call('renameWorkspace', { params: { id: workspace.id }, body: { name } }, { silent: true }),
    onSuccess: async (renamed) => {
      showSuccessToast(SUCCESS_MESSAGES.workspaceRenamed);
      onSuccess?.(renamed);
      await refreshWorkspaces(queryClient);
    },
    onError: (error) => refreshIfFrozen(queryClient, error, onFrozen),
  });
}

export const REQUIREMENT_MESSAGES = {
  on: 'Two-factor authentication is now required in this workspace',
  off: 'Two-factor authentication is no longer required in this workspace',
} as const;

/** Requires two-factor authentication of every member, or stops requiring it (admin). */
export function useSetTwoFactorRequirementMutation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      call('setWorkspaceTwoFactorRequirement', {
        params: { id: workspaceId },
        body: { required },
      }),
    onSuccess: async (workspace) => {
      showSuccessToast(
        workspace.require_two_factor ? REQUIREMENT_MESSAGES.on : REQUIREMENT_MESSAGES.off,
      );
      await refreshWorkspaces(queryClient);
    },
  });
}

/**
 * Deletes a workspace (admin) with its tokens, settings, invitations and memberships; its cached
 * answers are dropped once the caller has hidden it.
 */
export function useDeleteWorkspaceMutation({ onSuccess }: ChangeSteps<Workspace> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspace: Workspace) => call('deleteWorkspace', { params: { id: workspace.id } }),
    onSuccess: async (_answer, workspace) => {
      showSuccessToast(SUCCESS_MESSAGES.workspaceDeleted);
      onSuccess?.(workspace);
      await forgetWorkspace(queryClient, workspace.id);
    },
  });
}

/**
 * Hands the workspace to another member (its owner only), who becomes its owner and admin; the
 * caller stays as a workspace manager, so the lists load again with their new role. Silent: the
 * dialog shows a refusal (409: the new owner's plan is too small).
 */
export function useTransferOwnershipMutation({ onSuccess }: ChangeSteps<Workspace> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspace, userId }: { workspace: Workspace; userId: string }) =>
      call(
        'transferWorkspaceOwnership',
        { params: { id: workspace.id }, body: { user_id: userId } },
        { silent: true },
      ),
    onSuccess: async (_answer, { workspace }) => {
      showSuccessToast(SUCCESS_MESSAGES.ownershipTransferred);
      onSuccess?.(workspace);
      await refreshWorkspaces(queryClient);
    },
  });
}

/**
 * Invites the address by email; it joins when its owner accepts. Silent: the invite form shows a
 * refusal.
 */
export function useAddMemberMutation(workspaceId: string, { onFrozen }: ChangeSteps<Member> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: AssignableRole }) =>
      call('addMember', { params: { id: workspaceId }, body }, { silent: true }),
    onSuccess: async () => {
      showSuccessToast(SUCCESS_MESSAGES.memberInvited);
      await refreshMembers(queryClient, workspaceId);
    },
    onError: (error) => refreshIfFrozen(queryClient, error, onFrozen),
  });
}

/** A member's (or a pending invitation's) role. */
export function useUpdateMemberRoleMutation(
  workspaceId: string,
  { onFrozen }: ChangeSteps<Member> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: Member; role: AssignableRole }) =>
      call('updateMember', {
        params: { id: workspaceId, userId: member.user_id },
        body: { role },
      }),
    onSuccess: async () => {
      showSuccessToast(SUCCESS_MESSAGES.roleUpdated);
      await refreshMembers(queryClient, workspaceId);
    },
    onError: (error) => refreshIfFrozen(queryClient, error, onFrozen),
  });
}

/** A member to remove, and the member who takes over their tokens (none: no owner). */
export interface RemoveMemberInput {
  readonly member: Member;
  readonly successorId?: string | null;
}

/**
 * Removes a member or withdraws an invitation; removing oneself is leaving, after which the
 * workspace's cached answers are dropped (the caller hides it first). The member's tokens go to
 * the successor (or are left without an owner), so the workspace's token lists load again.
 */
export function useRemoveMemberMutation(
  workspaceId: string,
  { selfId, onSuccess, onFrozen }: ChangeSteps<Member> & { selfId: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, successorId }: RemoveMemberInput) =>
      call('removeMember', {
        params: { id: workspaceId, userId: member.user_id },
        query: successorId ? { successor_id: successorId } : {},
      }),
    onSuccess: async (_answer, { member }) => {
      showSuccessToast(SUCCESS_MESSAGES.memberRemoved);
      onSuccess?.(member);
      if (member.user_id === selfId) await forgetWorkspace(queryClient, workspaceId);
      else {
        await Promise.all([
          refreshMembers(queryClient, workspaceId),
          queryClient.invalidateQueries({ queryKey: tokenKeys.workspace(workspaceId) }),
        ]);
      }
    },
    onError: (error) => refreshIfFrozen(queryClient, error, onFrozen),
  });
}

/**
 * Accepts an invitation: the user joins its workspace with the invited role. Says so, then the
 * workspaces, the invitations and the usage load again; a refusal's toast comes from the API
 * client and the lists load again too (the invitation may be gone). The answer is the joined
 * workspace.
 */
export function useAcceptInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitation: PendingInvitation) =>
      (await call('acceptInvitation', { params: { id: invitation.id } })).workspace,
    onSuccess: () => showSuccessToast(SUCCESS_MESSAGES.invitationAccepted),
    onSettled: () => refreshWorkspaces(queryClient),
  });
}

/** Declines (removes) an invitation; the invitations load again either way. */
export function useDeclineInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      call('declineInvitation', { params: { id: invitation.id } }),
    onSuccess: () => showSuccessToast(SUCCESS_MESSAGES.invitationDeclined),
    onSettled: () => refreshWorkspaces(queryClient),
  });
}

export interface TokenTransfer {
  readonly fromWorkspaceId: string;
  readonly targetWorkspaceId: string;
  readonly tokenIds: string[];
}

/**
 * Moves up to 48 tokens from one workspace into another, all or none: both workspaces' token
 * lists (tokens-updated, and their cached queries), the workspaces and the usage reload. With
 * `onError` the caller shows a refusal itself (the call is silent); without, it is a toast.
 */
export function useTransferTokensMutation({
  onSuccess,
  onError,
}: ChangeSteps<TokenTransfer> & { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fromWorkspaceId, targetWorkspaceId, tokenIds }: TokenTransfer) =>
      call(
        'transferTokens',
        {
          params: { id: targetWorkspaceId },
          body: { from_workspace_id: fromWorkspaceId, token_ids: tokenIds },
        },
        { silent: onError !== undefined },
      ),
    onSuccess: async (_answer, transfer) => {
      showSuccessToast(SUCCESS_MESSAGES.tokensTransferred);
      dispatchTokensUpdated({ workspaceId: transfer.fromWorkspaceId });
      dispatchTokensUpdated({ workspaceId: transfer.targetWorkspaceId });
      onSuccess?.(transfer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tokenKeys.workspace(transfer.fromWorkspaceId) }),
        queryClient.invalidateQueries({
          queryKey: tokenKeys.workspace(transfer.targetWorkspaceId),
        }),
        refreshWorkspaces(queryClient),
      ]);
    },
    onError: async (error) => {
      onError?.(error);
      await refreshIfFrozen(queryClient, error);
    },
  });
}
