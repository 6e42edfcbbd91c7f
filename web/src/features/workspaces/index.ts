/**
 * The workspaces feature's public entry: the workspace selection every page follows, the list of
 * the user's workspaces, and token transfers between workspaces (the account view moves tokens
 * out of frozen ones with the same list and change). Workspace changes reload through
 * `workspaceKeys`. The top bar's pointer to the user's pending invitations; the app shell's notices
 * when a link named a frozen workspace, or one the user is not in, and another one is shown, and
 * when the user turned out to be no longer a member of the one shown. The
 * labels of every list of workspaces the user chooses from (`workspaceOptionLabels`).
 */
export { useTransferTokensMutation } from './api/workspace-mutations';
export { workspaceKeys } from './api/workspace-keys';
export { workspaceListQueryOptions } from './api/workspace-queries';
export { chooseWorkspace } from './workspace-selection';
export { isOwnWorkspace, ownedWorkspacesLine } from './owned-workspaces';
export { workspaceOptionLabels } from './workspace-option-labels';
export { FrozenWorkspaceNotice } from './components/frozen-workspace-notice';
export {
  LINKED_WORKSPACE_MISSING,
  LinkedWorkspaceMissingNotice,
} from './components/linked-workspace-missing-notice';
export { LostMembershipNotice } from './components/lost-membership-notice';
export { InvitationsBadge } from './components/invitations-badge';
export { TransferTokenList } from './components/transfer-token-list';
export { useWorkspaceSelection, type WorkspaceSelection } from './hooks/use-workspace-selection';
export { isBlockedByTwoFactor, TwoFactorRequiredNotice } from './components/two-factor-requirement';
