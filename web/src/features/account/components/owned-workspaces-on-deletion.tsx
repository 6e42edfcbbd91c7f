import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountDeletionPreview } from '@expiry-radar/shared/api/auth-schemas';
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';

type OwnedWorkspace = AccountDeletionPreview['workspaces'][number];

/** The value of the new-owner choice that keeps the workspace's fate: deleted. */
export const DELETE_WITH_ACCOUNT = '';

function memberName(member: Member): string {
  return member.display_name ? `${member.display_name} (${member.email})` : member.email;
}

function tokensText(count: number): string {
  return `${count} ${count === 1 ? 'token' : 'tokens'}`;
}

/** What happens to the workspace with the new owner chosen (or none). */
function outcomeText(workspace: OwnedWorkspace, chosenId: string): string {
  const heir = workspace.members.find((member) => member.user_id === chosenId);
  if (heir) {
    return `Passes to ${memberName(heir)}, who becomes its admin and is told by email; it counts towards their plan.`;
  }
  if (workspace.members.length === 0) {
    return `Deleted with its ${tokensText(workspace.token_count)}: nobody else is a member.`;
  }
  const names = workspace.members.map(memberName).join(', ');
  return `Deleted with its ${tokensText(workspace.token_count)}. Its members lose it and are told by email: ${names}.`;
}

/**
 * The workspaces the account owns, each with who takes it over: the default successor (an admin,
 * else the longest-standing workspace manager) preselected, any other member to choose instead,
 * or deletion when nobody can take it.
 */
export function OwnedWorkspacesOnDeletion({
  workspaces,
  choices,
  onChoose,
}: {
  workspaces: readonly OwnedWorkspace[];
  choices: Readonly<Record<string, string>>;
  onChoose: (workspaceId: string, memberId: string) => void;
}) {
  return (
    <Stack component="ul" spacing={2} aria-label="Workspaces you own" sx={{ p: 0, m: 0 }}>
      {workspaces.map((workspace) => {
        const chosenId = choices[workspace.id] ?? workspace.successor_id ?? DELETE_WITH_ACCOUNT;
        return (
          <Stack component="li" key={workspace.id} spacing={1} sx={{ listStyle: 'none' }}>
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {workspace.name}{' '}
              <Typography component="span" variant="body2" color="textSecondary">
                · {tokensText(workspace.token_count)}
              </Typography>
            </Typography>
            {workspace.members.length > 0 && (
              <TextField
                select
                size="small"
                label={`New owner of ${workspace.name}`}
                value={chosenId}
                onChange={(event) => onChoose(workspace.id, event.target.value)}
              >
                {workspace.successor_id === null && (
                  <MenuItem value={DELETE_WITH_ACCOUNT}>Nobody: delete it</MenuItem>
                )}
                {workspace.members.map((member) => (
                  <MenuItem key={member.user_id} value={member.user_id}>
                    {memberName(member)} · {ROLE_LABELS[member.role]}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Typography variant="body2" color="textSecondary">
              {outcomeText(workspace, chosenId)}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}
