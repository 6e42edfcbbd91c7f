import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { PendingInvitation } from '@expiry-radar/shared/api/invitation-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { WORKSPACE_LIST_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { paths, queryParams } from '../../lib/paths';
import { useSession } from '../session';
import {
  useAcceptInvitationMutation,
  useCreateWorkspaceMutation,
  useDeclineInvitationMutation,
  useDeleteWorkspaceMutation,
  useRenameWorkspaceMutation,
  useTransferOwnershipMutation,
} from './api/workspace-mutations';
import { invitationsQueryOptions, workspaceListQueryOptions } from './api/workspace-queries';
import { DeleteWorkspaceDialog } from './components/delete-workspace-dialog';
import { InvitationsList } from './components/invitations-list';
import { TransferOwnershipDialog } from './components/transfer-ownership-dialog';
import { TransferTokensDialog } from './components/transfer-tokens-dialog';
import { TrustedCasSection } from './components/trusted-cas-section';
import { WatchedDomainsSection } from './components/watched-domains-section';
import { WorkspaceDetails } from './components/workspace-details';
import { WorkspaceNameDialog } from './components/workspace-name-dialog';
import { WorkspaceTable } from './components/workspace-table';
import { useWorkspaceSelection } from './hooks/use-workspace-selection';
import { ownedWorkspacesLine } from './owned-workspaces';

const CREATE_LIMIT_REASON_ID = 'create-workspace-limit-reason';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'rename'; workspace: Workspace }
  | { kind: 'delete'; workspace: Workspace }
  | { kind: 'transfer'; workspace: Workspace }
  | { kind: 'transfer-ownership'; workspace: Workspace };

/**
 * /workspaces: the user's workspaces (50 per page) with plan, role and frozen state;
 * create, rename, delete and transfer ownership; the open workspace's members (invite, change role, remove) and the
 * certificate authorities its endpoint checks trust, and its watched domains (the certificate
 * transparency watch, with the certificates seen and "Add to inventory"); token transfers between workspaces; the user's pending invitations (accept or decline). Controls
 * follow the server's rules (workspace-permissions).
 */
export function WorkspacesPage() {
  const session = useSession();
  const verified = session.isLoggedIn && !session.needsVerification;
  const selection = useWorkspaceSelection({ enabled: verified });
  const invitations = useQuery({ ...invitationsQueryOptions(), enabled: verified });
  // An invitation email's link opened by its signed-in addressee: that invitation first.
  const [search] = useSearchParams();
  const offeredInvitation = search.get(queryParams.invitation);
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Deleted or left here: hidden at once, before the lists have loaded again.
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const list = useQuery({
    ...workspaceListQueryOptions({
      limit: WORKSPACE_LIST_PAGE_SIZE,
      offset: page * WORKSPACE_LIST_PAGE_SIZE,
    }),
    enabled: verified,
    placeholderData: keepPreviousData,
  });

  const reachable = (workspace: Workspace | null | undefined) =>
    workspace && !gone.has(workspace.id) ? workspace : undefined;
  const items = (list.data?.items ?? []).filter((workspace) => !gone.has(workspace.id));
  const known = [...items, ...selection.allWorkspaces];
  // The row the user opened (frozen ones too), else the app's selected workspace.
  const open =
    reachable(openId ? known.find((w) => w.id === openId) : undefined) ??
    reachable(selection.selected) ??
    selection.workspaces.find((w) => !gone.has(w.id)) ??
    null;
  const close = () => setDialog(null);

  const openWorkspace = (workspace: Workspace) => {
    setOpenId(workspace.id);
    // Frozen workspaces are never the app's selection; active ones become it.
    if (!workspace.is_frozen) selection.select(workspace.id);
  };

  /**
   * Deleted or left: hidden here at once, before its cached answers are dropped; the app shell
   * then selects another workspace.
   */
  const hide = (workspace: Workspace) => {
    setGone((current) => new Set(current).add(workspace.id));
    if (openId === workspace.id) setOpenId(null);
    if (page > 0 && items.length === 1) setPage(page - 1);
  };

  const create = useCreateWorkspaceMutation();
  /**
   * The dialog stays open (submitting) until the new workspace is listed and opened: selecting it
   * once the dialog had closed would be a navigation of the app's own while the person may be
   * typing in the next dialog, which would ask them to discard their changes.
   */
  const createAndOpen = async (name: string) => {
    openWorkspace(await create.mutateAsync(name));
    close();
  };
  const rename = useRenameWorkspaceMutation({ onSuccess: close });
  const transferOwnership = useTransferOwnershipMutation({ onSuccess: close });
  const accept = useAcceptInvitationMutation();
  const decline = useDeclineInvitationMutation();
  const answering = accept.isPending
    ? accept.variables
    : decline.isPending
      ? decline.variables
      : undefined;
  /** Accepted: the lists load again and the joined workspace opens and becomes the selection. */
  const acceptInvitation = (invitation: PendingInvitation) =>
    accept.mutateAsync(invitation).then(openWorkspace, () => undefined);

  const remove = useDeleteWorkspaceMutation({
    onSuccess: (workspace) => {
      close();
      hide(workspace);
    },
  });

  /** The names of the user's own workspaces but `except`: taken for a new name. */
  const ownNamesBut = (except?: Workspace) =>
    selection.allWorkspaces
      .filter((w) => w.role === 'admin' && w.id !== except?.id && !gone.has(w.id))
      .map((w) => w.name);

  const owned = selection.isLoading
    ? null
    : ownedWorkspacesLine(
        session.user?.plan,
        selection.allWorkspaces.filter((workspace) => !gone.has(workspace.id)),
      );

  return (
    <PageFrame
      title="Workspaces"
      description="Create, rename and delete workspaces, invite members and set their roles, and move tokens between workspaces."
      actions={
        verified && (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end', maxWidth: 360 }}>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              disabled={Boolean(owned?.limitReason)}
              aria-describedby={owned?.limitReason ? CREATE_LIMIT_REASON_ID : undefined}
              onClick={() => setDialog({ kind: 'create' })}
            >
              Create workspace
            </Button>
            {owned?.limitReason && (
              <Typography
                id={CREATE_LIMIT_REASON_ID}
                variant="body2"
                color="textSecondary"
                sx={{ textAlign: 'right' }}
              >
                {owned.limitReason}
              </Typography>
            )}
          </Stack>
        )
      }
    >
      {!verified ? (
        <Alert severity="info">Verify your email address to see and manage workspaces.</Alert>
      ) : list.isPending ? (
        <Spinner minHeight={240} />
      ) : list.isError ? (
        <LoadErrorAlert onRetry={list.refetch}>Your workspaces could not be loaded.</LoadErrorAlert>
      ) : (
        <Stack spacing={3}>
          <InvitationsList
            invitations={invitations.data?.items ?? []}
            busyId={answering?.id ?? null}
            offeredId={offeredInvitation}
            onAccept={(invitation) => void acceptInvitation(invitation)}
            onDecline={(invitation) => decline.mutate(invitation)}
          />
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="workspace-list-title"
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Stack spacing={0.5} sx={{ mb: 2 }}>
              <Typography id="workspace-list-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
                Your workspaces
              </Typography>
              {owned && (
                <Typography variant="body2" color="textSecondary">
                  {owned.text}
                  {owned.limitReason && (
                    <>
                      {' '}
                      <Link component={RouterLink} to={paths.pricing}>
                        Upgrade to create more workspaces
                      </Link>
                    </>
                  )}
                </Typography>
              )}
            </Stack>
            {items.length === 0 ? (
              <Typography color="textSecondary">
                You have no workspace yet. Create one to start tracking tokens.
              </Typography>
            ) : (
              <WorkspaceTable
                workspaces={items}
                total={list.data.total ?? items.length}
                pageSize={WORKSPACE_LIST_PAGE_SIZE}
                page={page}
                onPageChange={setPage}
                openId={open?.id ?? null}
                onOpen={openWorkspace}
                onRename={(workspace) => setDialog({ kind: 'rename', workspace })}
                onDelete={(workspace) => setDialog({ kind: 'delete', workspace })}
                onTransferOwnership={(workspace) =>
                  setDialog({ kind: 'transfer-ownership', workspace })
                }
              />
            )}
          </Paper>
          {open && session.user && (
            <WorkspaceDetails
              key={open.id}
              workspace={open}
              selfId={session.user.id}
              onTransfer={() => setDialog({ kind: 'transfer', workspace: open })}
              onLeft={() => hide(open)}
              onFrozen={() => setOpenId(open.id)}
            />
          )}
          {open && session.user && (
            <TrustedCasSection key={`trusted-cas-${open.id}`} workspace={open} />
          )}
          {open && session.user && (
            <WatchedDomainsSection key={`watched-domains-${open.id}`} workspace={open} />
          )}
        </Stack>
      )}
      {dialog?.kind === 'create' && (
        <WorkspaceNameDialog
          id="create-workspace"
          title="Create workspace"
          description="You become its admin; it follows your plan's limits."
          submitLabel="Create"
          takenNames={ownNamesBut()}
          onClose={close}
          onSubmit={createAndOpen}
        />
      )}
      {dialog?.kind === 'rename' && (
        <WorkspaceNameDialog
          id="rename-workspace"
          title="Rename workspace"
          description={`The new name of “${dialog.workspace.name}”, as its members will see it.`}
          submitLabel="Rename"
          initialName={dialog.workspace.name}
          takenNames={ownNamesBut(dialog.workspace)}
          onClose={close}
          onSubmit={(name) => rename.mutateAsync({ workspace: dialog.workspace, name })}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteWorkspaceDialog
          workspace={dialog.workspace}
          onClose={close}
          onConfirm={() => remove.mutateAsync(dialog.workspace)}
        />
      )}
      {dialog?.kind === 'transfer-ownership' && session.user && (
        <TransferOwnershipDialog
          workspace={dialog.workspace}
          selfId={session.user.id}
          onClose={close}
          onTransfer={(userId) =>
            transferOwnership.mutateAsync({ workspace: dialog.workspace, userId })
          }
        />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferTokensDialog
          workspaces={selection.allWorkspaces}
          workspace={dialog.workspace}
          onClose={close}
        />
      )}
    </PageFrame>
  );
}
