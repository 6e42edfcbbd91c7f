/**
 * The message of the 404 NOT_FOUND that a workspace-scoped call answers when the workspace does
 * not exist or the caller is not (or no longer) a member of it. The web tells such a refusal from
 * a 404 of one item (a token that is not there) by this message.
 */
export const WORKSPACE_NOT_FOUND_MESSAGE = 'Workspace not found.';
