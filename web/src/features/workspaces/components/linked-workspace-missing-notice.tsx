import Alert from '@mui/material/Alert';

export const LINKED_WORKSPACE_MISSING =
  'The workspace this link opens does not exist or you are not a member of it.';

/** Why the page shows another workspace than the link named: the user's list does not hold it. */
export function LinkedWorkspaceMissingNotice({ onClose }: { onClose: () => void }) {
  return (
    <Alert severity="info" onClose={onClose} sx={{ mb: 3 }}>
      {LINKED_WORKSPACE_MISSING}
    </Alert>
  );
}
