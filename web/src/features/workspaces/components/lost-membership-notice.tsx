import Alert from '@mui/material/Alert';

export function lostMembershipMessage(workspaceName: string): string {
  return `You are no longer a member of ${workspaceName}.`;
}

/** Why the page left the workspace it showed: the user is no longer a member of it. */
export function LostMembershipNotice({
  workspaceName,
  onClose,
}: {
  workspaceName: string;
  onClose: () => void;
}) {
  return (
    <Alert severity="info" onClose={onClose} sx={{ mb: 3 }}>
      {lostMembershipMessage(workspaceName)}
    </Alert>
  );
}
