import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { TRANSFER_MAX_TOKENS } from '@expiry-radar/shared/api/workspace-api-schemas';
import { CATEGORY_DEFINITIONS, TYPE_LABELS } from '@expiry-radar/shared/domain/categories';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import type { Token } from '@expiry-radar/shared/domain/token';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toasts';
import { dispatchTokensUpdated } from '../../../lib/tokens-updated';
import { billingKeys } from '../../billing/api/billing-keys';
import { workspaceKeys } from '../../workspaces/api/workspace-keys';
import { transferTokens, transferableTokensQueryOptions } from '../api/account-api';
import { accountKeys } from '../api/account-keys';
import { SectionCard } from './section-card';

export const TRANSFER_LIMIT_NOTE = `At most ${TRANSFER_MAX_TOKENS} tokens per transfer; transfer these, then choose more.`;

function formatExpiry(expiresAt: string): string {
  const date = new Date(expiresAt.length === 10 ? `${expiresAt}T00:00:00Z` : expiresAt);
  return Number.isNaN(date.getTime())
    ? expiresAt
    : date.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

function describeToken(token: Token): string {
  const category = CATEGORY_DEFINITIONS[token.category]?.label ?? token.category;
  const type = TYPE_LABELS[token.type] ?? token.type;
  return `${category} · ${type} · Expires ${formatExpiry(token.expiresAt)}`;
}

interface TokenPickerProps {
  sourceId: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onSelectMany: (ids: string[]) => void;
  onClear: () => void;
}

function TokenPicker({ sourceId, selected, onToggle, onSelectMany, onClear }: TokenPickerProps) {
  const query = useInfiniteQuery(transferableTokensQueryOptions(sourceId));
  const tokens = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const full = selected.size >= TRANSFER_MAX_TOKENS;

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label="Loading tokens" />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorAlert onRetry={query.refetch}>
        The tokens of this workspace could not be loaded.
      </LoadErrorAlert>
    );
  }
  if (tokens.length === 0) {
    return (
      <Typography color="textSecondary">This workspace has no tokens left to transfer.</Typography>
    );
  }

  return (
    <Stack spacing={1}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" aria-live="polite">
          {selected.size} of {Math.min(total, TRANSFER_MAX_TOKENS)} selected ({total}{' '}
          {total === 1 ? 'token' : 'tokens'} in this workspace)
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            disabled={full}
            onClick={() =>
              onSelectMany(
                tokens
                  .map((token) => token.id)
                  .filter((id) => !selected.has(id))
                  .slice(0, TRANSFER_MAX_TOKENS - selected.size),
              )
            }
          >
            {total > TRANSFER_MAX_TOKENS ? `Select up to ${TRANSFER_MAX_TOKENS}` : 'Select all'}
          </Button>
          <Button size="small" disabled={selected.size === 0} onClick={onClear}>
            Clear selection
          </Button>
        </Stack>
      </Stack>
      {full && (
        <Alert severity="info" variant="outlined">
          {TRANSFER_LIMIT_NOTE}
        </Alert>
      )}
      <List
        dense
        aria-label="Tokens to transfer"
        sx={{
          maxHeight: 360,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {tokens.map((token) => {
          const checked = selected.has(token.id);
          return (
            <ListItem key={token.id} dense divider>
              <FormControlLabel
                sx={{ m: 0, width: '100%', alignItems: 'flex-start' }}
                control={
                  <Checkbox
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => onToggle(token.id)}
                    sx={{ mt: -0.5 }}
                  />
                }
                label={
                  <ListItemText
                    sx={{ my: 0 }}
                    primary={token.name}
                    secondary={describeToken(token)}
                  />
                }
              />
            </ListItem>
          );
        })}
      </List>
      {query.hasNextPage && (
        <Box>
          <Button
            size="small"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more tokens'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * Moving tokens out of frozen workspaces (spec §2 account view, DESIGN.md "Plans"): pick a frozen
 * workspace, choose up to 49 of its tokens, pick a workspace that can take them.
 */
export function TransferTokensSection({ workspaces }: { workspaces: Workspace[] }) {
  const queryClient = useQueryClient();
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

  const transfer = useMutation({
    mutationFn: transferTokens,
    onSuccess: async (_answer, { fromWorkspaceId, targetWorkspaceId }) => {
      setSelected(new Set());
      showSuccessToast(SUCCESS_MESSAGES.tokensTransferred);
      dispatchTokensUpdated({ workspaceId: fromWorkspaceId });
      dispatchTokensUpdated({ workspaceId: targetWorkspaceId });
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: accountKeys.transferableTokens(fromWorkspaceId),
        }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        // Cached token lists of both workspaces (the tokens feature's keys start with 'tokens').
        queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'tokens' }),
      ]);
    },
  });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size < TRANSFER_MAX_TOKENS) next.add(id);
      return next;
    });

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
          <Link component={RouterLink} to={paths.workspaces} color="inherit">
            Create a workspace
          </Link>{' '}
          or{' '}
          <Link component={RouterLink} to={paths.pricing} color="inherit">
            upgrade your plan
          </Link>
          .
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
                  {workspace.name}
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
                  {workspace.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {source && (
            <TokenPicker
              key={source.id}
              sourceId={source.id}
              selected={selected}
              onToggle={toggle}
              onSelectMany={(ids) =>
                setSelected(
                  (current) => new Set([...current, ...ids].slice(0, TRANSFER_MAX_TOKENS)),
                )
              }
              onClear={() => setSelected(new Set())}
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
