import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQuery } from '@tanstack/react-query';
import { queryParams } from '../../../lib/paths';
import {
  invitationPreviewQueryOptions,
  type InvitationLink,
} from '../api/invitation-preview-query';

/**
 * The invitation an email link's query names: `invited` when it has an `invitation` parameter;
 * `link` when it also has the address and an id (older links carried `invitation=1` only).
 */
export function invitationInSearch(search: URLSearchParams): {
  invited: boolean;
  link: InvitationLink | null;
} {
  const invitation = search.get(queryParams.invitation)?.trim() ?? '';
  const email = search.get(queryParams.email)?.trim() ?? '';
  if (!invitation) return { invited: false, link: null };
  return { invited: true, link: email && invitation !== '1' ? { email, invitation } : null };
}

/** "You were invited to {workspace} by {name}"; without the names, that there is an invitation. */
export function invitationTitle(names?: { workspace_name: string; inviter_name: string }): string {
  return names
    ? `You were invited to ${names.workspace_name} by ${names.inviter_name}`
    : 'You were invited to a workspace';
}

const NEXT_STEP = {
  register:
    'Create your account with the invited address and verify it; then accept the invitation under Workspaces.',
  login: 'Sign in with the invited address; then accept the invitation under Workspaces.',
} as const;

/**
 * What the sign-in and registration pages say when an invitation email's link opened them: who
 * invited the visitor to which workspace (the names the email gave), and how to join. `link` is
 * null for the older links that carried no invitation id (`invitation=1`).
 */
export function InvitationNotice({
  link,
  purpose,
}: {
  link: InvitationLink | null;
  purpose: keyof typeof NEXT_STEP;
}) {
  const preview = useQuery({
    ...invitationPreviewQueryOptions(link ?? { email: '', invitation: '' }),
    enabled: link !== null,
  });
  if (link !== null && preview.isPending) return null;
  return (
    <Alert severity="info">
      <AlertTitle>{invitationTitle(preview.data)}</AlertTitle>
      {NEXT_STEP[purpose]}
    </Alert>
  );
}
