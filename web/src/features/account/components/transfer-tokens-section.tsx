import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { paths } from '../../../lib/paths';
import {
  ownedWorkspacesLine,
  TransferTokenList,
  useTransferTokensMutation,
  workspaceOptionLabels,
} from '../../workspaces';
import { SectionCard } from './section-card';

/**
 * Moving tokens out of frozen workspaces (workspaces beyond the owner's plan are read-only): pick
 * a frozen workspace, choose up to 48 of its tokens, pick a workspace that can take them.
 */
export function TransferTokensSection({
  workspaces,
  plan,
}: {
  workspaces: Workspace[];
  plan: string | undefined;
}) {
  // Creating a workspace to move tokens into is offered only while the plan allows another.
  const mayCreate = !ownedWorkspacesLine(plan, workspaces)?.limitReason;
  const frozen = workspaces.filter((workspace) => workspace.is_frozen);
  const sources = frozen.filter((workspace) => isEditorRole(workspace.role));
  const targets = workspaces.filter(
    (workspace) => !workspace.is_frozen && isEditorRole(workspace.role),
  );
  const [sourceChoice, setSourceChoice] = useState<string | null>(null);
  const [targetChoice, setTargetChoice] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const source = sources.find((workspace) => workspace.id === sourceChoice) ?? sources[0] ?? null;
  const target = targets.find((workspace) => workspace.id === targetChoice) ?? targets[0] ?? null;
  const labels = workspaceOptionLabels(workspaces);

  const transfer = useTransferTokensMutation({ onSuccess: () => setSelected(new Set()) });

  return (
    <SectionCard
      id="account-transfer"
      title="Transfer tokens from frozen workspaces"
      description="Workspaces beyond your plan's limit are frozen: read-only, without alerts. Move their tokens into a workspace that is active, or upgrade to unfreeze them."
    >
      {frozen.length === 0 ? (
        <Typography color="textSecondary">
          None of your workspaces is frozen: there is nothing to transfer.
        </Typography>
      ) : sources.length === 0 ? (
        <Alert severity="info">
          Your frozen workspaces belong to others, and you cannot move their tokens (your role:{' '}
          {frozen.map((workspace) => ROLE_LABELS[workspace.role]).join(', ')}). Ask an admin of
          those workspaces.
        </Alert>
      ) : targets.length === 0 ? (
        <Alert severity="warning">
          No active workspace can receive tokens: you need one where you are an admin or workspace
          manager.{' '}
          {mayCreate ? (
            <>
              <Link component={RouterLink} to={paths.workspaces} color="inherit">
                Create a workspace
              </Link>{' '}
              or{' '}
              <Link component={RouterLink} to={paths.pricing} color="inherit">
                upgrade your plan
              </Link>
              .
            </>
          ) : (
            <>
              Your plan allows no more workspaces:{' '}
              <Link component={RouterLink} to={paths.pricing} color="inherit">
                upgrade your plan
              </Link>{' '}
              to unfreeze yours.
            </>
          )}
        </Alert>
      ) : (
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          aria-labelledby="account-transfer"
          onSubmit={(event) => {
            event.preventDefault();
            if (!source || !target || selected.size === 0) return;
            transfer.mutate({
              targetWorkspaceId: target.id,
              fromWorkspaceId: source.id,
              tokenIds: [...selected],
            });
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Frozen workspace"
              value={source?.id ?? ''}
              onChange={(event) => {
                setSourceChoice(event.target.value);
                setSelected(new Set());
              }}
              sx={{ flex: 1 }}
            >
              {sources.map((workspace) => (
                <MenuItem key={workspace.id} value={workspace.id}>
                  {labels.get(workspace.id)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Transfer to"
              value={target?.id ?? ''}
              onChange={(event) => setTargetChoice(event.target.value)}
              sx={{ flex: 1 }}
            >
              {targets.map((workspace) => (
                <MenuItem key={workspace.id} value={workspace.id}>
                  {labels.get(workspace.id)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {source && (
            <TransferTokenList
              key={source.id}
              sourceId={source.id}
              selected={selected}
              onChange={setSelected}
            />
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={selected.size === 0 || transfer.isPending}
            >
              {transfer.isPending
                ? 'Transferring…'
                : `Transfer ${selected.size} ${selected.size === 1 ? 'token' : 'tokens'}`}
            </Button>
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}
