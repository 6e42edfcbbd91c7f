import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { SEARCH_DEBOUNCE_MS } from '@expiry-radar/shared/constants/timing';
import type { Member, Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Spinner } from '../../../components/spinner';
import { countText } from '@expiry-radar/shared/domain/count-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { membersQueryOptions } from '../api/workspace-queries';
import { requestFailure } from '../request-failure';

const memberName = (member: Member) => member.display_name ?? member.email;

/** What the transfer does, once the new owner is chosen. */
export function transferOutcomeText(name: string): string {
  return `${name} becomes the owner and admin; you stay as a workspace manager. The workspace moves to ${name}'s plan.`;
}

interface TransferOwnershipDialogProps {
  workspace: Workspace;
  selfId: string;
  onClose: () => void;
  /** Transfers; a rejection keeps the dialog open with the server's reason. */
  onTransfer: (userId: string) => Promise<unknown>;
}

/**
 * "Transfer ownership": the workspace's other active members (name and role) to choose the new
 * owner from, what follows, and Transfer. A refusal (such as the new owner's plan being too
 * small) shows here. A workspace with more members than one list shows offers a search of them
 * by name or address; the choice stays while the search changes.
 */
export function TransferOwnershipDialog({
  workspace,
  selfId,
  onClose,
  onTransfer,
}: TransferOwnershipDialogProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const members = useQuery({
    ...membersQueryOptions(workspace.id, {
      limit: MAX_PAGE_SIZE,
      offset: 0,
      ...(q ? { q } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const [chosen, setChosen] = useState<Member | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const listed = (members.data?.items ?? []).filter(
    (member) => member.status === 'active' && member.user_id !== selfId,
  );
  // The chosen member stays on the list when a search leaves them out.
  const candidates =
    chosen && !listed.some((member) => member.user_id === chosen.user_id)
      ? [chosen, ...listed]
      : listed;
  // Offered once the members are more than a list shows, and kept while searching.
  const [searchOffered, setSearchOffered] = useState(false);
  const unlisted = (members.data?.total ?? 0) - (members.data?.items.length ?? 0);
  if (!searchOffered && !q && unlisted > 0) setSearchOffered(true);

  const transfer = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      await onTransfer(chosen.user_id);
    } catch (error) {
      setFailure(requestFailure(error).message ?? null);
      throw error;
    }
  };

  return (
    <ConfirmDialog
      id="transfer-ownership"
      title="Transfer ownership"
      confirmLabel="Transfer"
      busyLabel="Transferring…"
      canConfirm={Boolean(chosen)}
      maxWidth="sm"
      onClose={onClose}
      onConfirm={transfer}
    >
      <DialogContentText id="transfer-ownership-description" sx={{ overflowWrap: 'anywhere' }}>
        Choose the member who becomes the owner of <strong>{workspace.name}</strong>.
      </DialogContentText>
      {searchOffered && (
        <TextField
          type="search"
          label="Find a member"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          helperText={
            q
              ? undefined
              : `The first ${countText(MAX_PAGE_SIZE)} members are listed; search by name or address for the others.`
          }
          fullWidth
          margin="normal"
          autoComplete="off"
        />
      )}
      {members.isPending ? (
        <Spinner minHeight={96} />
      ) : members.isError ? (
        <LoadErrorAlert onRetry={members.refetch}>The members could not be loaded.</LoadErrorAlert>
      ) : candidates.length === 0 && !q ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          No other member has joined this workspace yet. Invite the new owner first.
        </Alert>
      ) : (
        <>
          {q && listed.length === 0 && (
            <Alert severity="info" sx={{ mt: 2 }}>
              No other member matches “{q}”.
            </Alert>
          )}
          {candidates.length > 0 && (
            <RadioGroup
              aria-label="New owner"
              name="new-owner"
              value={chosen?.user_id ?? ''}
              onChange={(event) => {
                setChosen(
                  candidates.find((member) => member.user_id === event.target.value) ?? null,
                );
                setFailure(null);
              }}
              sx={{ my: 1 }}
            >
              {candidates.map((member) => (
                <FormControlLabel
                  key={member.user_id}
                  value={member.user_id}
                  control={<Radio />}
                  label={`${memberName(member)} · ${ROLE_LABELS[member.role]}`}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              ))}
            </RadioGroup>
          )}
        </>
      )}
      {chosen && (
        <Typography variant="body2" aria-live="polite" sx={{ overflowWrap: 'anywhere' }}>
          {transferOutcomeText(memberName(chosen))}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
