import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Member, Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ASSIGNABLE_ROLES } from '@expiry-radar/shared/api/workspace-api-schemas';
import { MEMBER_LIST_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { actionsCellSx, CellText, oneLineTableSx } from '../../../components/cell-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { Spinner } from '../../../components/spinner';
import {
  useAddMemberMutation,
  useRemoveMemberMutation,
  useUpdateMemberRoleMutation,
} from '../api/workspace-mutations';
import { membersQueryOptions } from '../api/workspace-queries';
import type { AssignableRole } from '../workspace-permissions';
import {
  canChangeRole,
  canChooseSuccessor,
  canEditMembers,
  canLeave,
  canRemove,
  isAssignableRole,
} from '../workspace-permissions';
import { InviteMemberForm } from './invite-member-form';
import { RemoveMemberDialog } from './remove-member-dialog';

interface MembersPanelProps {
  workspace: Workspace;
  /** The signed-in user's id: their own role cannot be changed. */
  selfId: string;
  /** Called after the user removed themselves (left the workspace), before its answers go. */
  onLeft: () => void;
  /** Called when the server refused a change because the workspace is now frozen. */
  onFrozen: () => void;
}

function RoleCell({
  workspace,
  member,
  selfId,
  saving,
  onChange,
}: {
  workspace: Workspace;
  member: Member;
  selfId: string;
  saving: boolean;
  onChange: (role: AssignableRole) => void;
}) {
  const label = ROLE_LABELS[member.role];
  if (!canChangeRole(workspace, member, selfId)) return <>{label}</>;
  return (
    <TextField
      select
      size="small"
      value={member.role}
      disabled={saving}
      onChange={(event) => {
        if (isAssignableRole(event.target.value)) onChange(event.target.value);
      }}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${member.email}` } }}
      sx={{ minWidth: 190 }}
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Below this width the member columns do not fit: one card per member. */
const MEMBER_TABLE_BREAKPOINT = 'md';

/** The members and pending invitations of one workspace, 50 per page, with what the user may change. */
export function MembersPanel({ workspace, selfId, onLeft, onFrozen }: MembersPanelProps) {
  const [page, setPage] = useState(0);
  const [removing, setRemoving] = useState<Member | null>(null);
  const members = useQuery({
    ...membersQueryOptions(workspace.id, {
      limit: MEMBER_LIST_PAGE_SIZE,
      offset: page * MEMBER_LIST_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const editable = canEditMembers(workspace);
  // A viewer's only action is leaving, on their own row.
  const hasActions = editable || canLeave(workspace);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(MEMBER_TABLE_BREAKPOINT), { noSsr: true });

  const changeRole = useUpdateMemberRoleMutation(workspace.id, { onFrozen });
  const invite = useAddMemberMutation(workspace.id, { onFrozen });
  const remove = useRemoveMemberMutation(workspace.id, {
    selfId,
    onFrozen,
    onSuccess: (member) => {
      setRemoving(null);
      if (member.user_id === selfId) onLeft();
    },
  });

  const items = members.data?.items ?? [];
  const total = members.data?.total ?? items.length;

  const roleCell = (member: Member) => (
    <RoleCell
      workspace={workspace}
      member={member}
      selfId={selfId}
      saving={changeRole.isPending && changeRole.variables.member.user_id === member.user_id}
      onChange={(role) => changeRole.mutate({ member, role })}
    />
  );
  const statusChip = (member: Member) =>
    member.status === 'invited' ? (
      <Chip size="small" color="info" variant="outlined" label="Invited" />
    ) : (
      <Chip size="small" variant="outlined" label="Active" />
    );
  const removeButton = (member: Member) => {
    const self = member.user_id === selfId;
    // The visible word starts the accessible name, as speech input users say it.
    const action = member.status === 'invited' ? 'Withdraw' : 'Remove';
    return (
      canRemove(workspace, member, selfId) && (
        <Button
          size="small"
          color="error"
          onClick={() => setRemoving(member)}
          aria-label={`${self ? 'Leave workspace' : action} ${member.email}`}
        >
          {self ? 'Leave' : action}
        </Button>
      )
    );
  };
  const cards = (
    <RecordCardList aria-label={`Members of ${workspace.name}`}>
      {items.map((member) => {
        const self = member.user_id === selfId;
        return (
          <RecordCard
            key={member.user_id}
            title={`${member.display_name ?? member.email}${self ? ' (you)' : ''}`}
            badge={statusChip(member)}
            details={[
              // The email is the title when the member has no name yet.
              ...(member.display_name ? [['Email', member.email] as const] : []),
              ['Role', roleCell(member)] as const,
            ]}
            actions={hasActions ? removeButton(member) : undefined}
          />
        );
      })}
    </RecordCardList>
  );

  return (
    <Stack spacing={2}>
      {editable && <InviteMemberForm onInvite={(body) => invite.mutateAsync(body)} />}
      {members.isPending ? (
        <Spinner minHeight={160} />
      ) : members.isError ? (
        <LoadErrorAlert onRetry={members.refetch}>The members could not be loaded.</LoadErrorAlert>
      ) : (
        <Box>
          {narrow ? (
            cards
          ) : (
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={`Members of ${workspace.name}`} sx={oneLineTableSx}>
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>Email</TableCell>
                    <TableCell>Role</TableCell>
                    <TableCell>Status</TableCell>
                    {hasActions && (
                      <TableCell align="right" sx={actionsCellSx}>
                        Actions
                      </TableCell>
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((member) => {
                    const self = member.user_id === selfId;
                    return (
                      <TableRow key={member.user_id}>
                        <TableCell component="th" scope="row">
                          {member.display_name ? (
                            <CellText text={`${member.display_name}${self ? ' (you)' : ''}`} />
                          ) : (
                            <Typography component="span" variant="body2" color="textSecondary">
                              {self ? '— (you)' : '—'}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          <CellText text={member.email} minWidth="8rem" />
                        </TableCell>
                        <TableCell>{roleCell(member)}</TableCell>
                        <TableCell>{statusChip(member)}</TableCell>
                        {hasActions && (
                          <TableCell align="right" sx={actionsCellSx}>
                            {removeButton(member)}
                          </TableCell>
                        )}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {total > MEMBER_LIST_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={MEMBER_LIST_PAGE_SIZE}
              rowsPerPageOptions={[]}
              onPageChange={(_event, next) => setPage(next)}
            />
          )}
        </Box>
      )}
      {removing && (
        <RemoveMemberDialog
          member={removing}
          workspaceName={workspace.name}
          isSelf={removing.user_id === selfId}
          canChooseSuccessor={canChooseSuccessor(workspace)}
          successors={items.filter(
            (member) => member.status === 'active' && member.user_id !== removing.user_id,
          )}
          onClose={() => setRemoving(null)}
          onConfirm={(successorId) => remove.mutateAsync({ member: removing, successorId })}
        />
      )}
    </Stack>
  );
}
