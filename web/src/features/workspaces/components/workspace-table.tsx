import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { PLAN_LABELS } from '@expiry-radar/shared/domain/plans';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { actionsCellSx, CellText, oneLineTableSx } from '../../../components/cell-text';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { canDelete, canRename, canTransferOwnership } from '../workspace-permissions';

interface WorkspaceTableProps {
  workspaces: Workspace[];
  total: number;
  pageSize: number;
  /** Zero-based page index. */
  page: number;
  onPageChange: (page: number) => void;
  openId: string | null;
  onOpen: (workspace: Workspace) => void;
  onRename: (workspace: Workspace) => void;
  onDelete: (workspace: Workspace) => void;
  onTransferOwnership: (workspace: Workspace) => void;
}

/** Below this width the columns do not fit: one card per workspace. */
const WORKSPACE_TABLE_BREAKPOINT = 'md';

/** The user's workspaces, 50 per page: name, plan, role, state, and what the user may do. */
export function WorkspaceTable({
  workspaces,
  total,
  pageSize,
  page,
  onPageChange,
  openId,
  onOpen,
  onRename,
  onDelete,
  onTransferOwnership,
}: WorkspaceTableProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(WORKSPACE_TABLE_BREAKPOINT), { noSsr: true });
  const status = (workspace: Workspace) =>
    workspace.is_frozen ? (
      <Chip size="small" color="warning" label="Frozen" />
    ) : (
      <Chip size="small" variant="outlined" label="Active" />
    );
  const membersButton = (workspace: Workspace, open: boolean) => (
    <Button
      size="small"
      onClick={() => onOpen(workspace)}
      disabled={open}
      aria-label={`Members of ${workspace.name}`}
    >
      Members
    </Button>
  );
  return (
    <Box>
      {narrow ? (
        <RecordCardList aria-label="Your workspaces">
          {workspaces.map((workspace) => {
            const open = workspace.id === openId;
            return (
              <RecordCard
                key={workspace.id}
                selected={open}
                title={workspace.name}
                badge={status(workspace)}
                details={[
                  ['Plan', PLAN_LABELS[workspace.plan]],
                  ['Your role', ROLE_LABELS[workspace.role]],
                ]}
                actions={
                  <>
                    {membersButton(workspace, open)}
                    {canRename(workspace) && (
                      <Button
                        size="small"
                        startIcon={<EditOutlined />}
                        aria-label={`Rename ${workspace.name}`}
                        onClick={() => onRename(workspace)}
                      >
                        Rename
                      </Button>
                    )}
                    {canTransferOwnership(workspace) && (
                      <Button
                        size="small"
                        startIcon={<ManageAccountsOutlined />}
                        aria-label={`Transfer ownership of ${workspace.name}`}
                        onClick={() => onTransferOwnership(workspace)}
                      >
                        Transfer ownership
                      </Button>
                    )}
                    {canDelete(workspace) && (
                      <Button
                        size="small"
                        color="error"
                        startIcon={<DeleteOutlined />}
                        aria-label={`Delete ${workspace.name}`}
                        onClick={() => onDelete(workspace)}
                      >
                        Delete
                      </Button>
                    )}
                  </>
                }
              />
            );
          })}
        </RecordCardList>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Your workspaces" sx={oneLineTableSx}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Plan</TableCell>
                <TableCell>Your role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right" sx={actionsCellSx}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {workspaces.map((workspace) => {
                const open = workspace.id === openId;
                return (
                  <TableRow key={workspace.id} selected={open} aria-current={open || undefined}>
                    <TableCell component="th" scope="row">
                      <CellText text={workspace.name} minWidth="8rem" />
                    </TableCell>
                    <TableCell>{PLAN_LABELS[workspace.plan]}</TableCell>
                    <TableCell>{ROLE_LABELS[workspace.role]}</TableCell>
                    <TableCell>{status(workspace)}</TableCell>
                    <TableCell align="right" sx={actionsCellSx}>
                      {membersButton(workspace, open)}
                      {canRename(workspace) && (
                        <Tooltip title="Rename">
                          <IconButton
                            size="small"
                            aria-label={`Rename ${workspace.name}`}
                            onClick={() => onRename(workspace)}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {canTransferOwnership(workspace) && (
                        <Tooltip title="Transfer ownership">
                          <IconButton
                            size="small"
                            aria-label={`Transfer ownership of ${workspace.name}`}
                            onClick={() => onTransferOwnership(workspace)}
                          >
                            <ManageAccountsOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {canDelete(workspace) && (
                        <Tooltip title="Delete">
                          <IconButton
                            size="small"
                            aria-label={`Delete ${workspace.name}`}
                            onClick={() => onDelete(workspace)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > pageSize && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_event, next) => onPageChange(next)}
        />
      )}
    </Box>
  );
}
