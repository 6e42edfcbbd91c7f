import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useQuery } from '@tanstack/react-query';
import { createApiKeyBodySchema, type ApiKey } from '@expiry-radar/shared/api/api-key-api-schemas';
import {
  API_KEY_ACCESS_LABELS,
  API_KEY_MAX_LIFETIME_DAYS,
  apiKeyTokenName,
  defaultApiKeyExpiry,
  latestApiKeyExpiry,
  utcDate,
  type ApiKeyAccess,
} from '@expiry-radar/shared/domain/api-keys';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateText } from '../../../components/date-text';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Spinner } from '../../../components/spinner';
import { toastRefusal } from '../../../lib/api-client';
import { apiFieldErrors } from '../../../lib/api-error-details';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { workspaceListQueryOptions } from '../../workspaces';
import {
  apiKeysQueryOptions,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
} from '../api/api-keys-api';
import { SectionCard } from './section-card';

/** The workspace select's value for a key scoped to all of the user's workspaces. */
const ALL_WORKSPACES = '__all__';

export const API_KEY_SECTION_MESSAGES = {
  revoked: 'API key revoked',
  copied: 'Copied to the clipboard.',
  shownOnce:
    'Copy the key now: it is shown only once. Anyone who has it can act as you within its scope.',
  paused: (pausedCount: number, limit: number) =>
    pausedCount === 1
      ? `The key marked Paused is refused: your plan allows ${limit} API keys and your oldest keys are kept. Revoke a key or upgrade to use it again.`
      : `The ${pausedCount} keys marked Paused are refused: your plan allows ${limit} API keys and your oldest keys are kept. Revoke a key or upgrade to use them again.`,
} as const;

type FieldErrors = Partial<Record<'name' | 'workspace_id' | 'access' | 'expires_at', string>>;

function CreateApiKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: { key: ApiKey; secret: string }) => void;
}) {
  const workspaces = useQuery(workspaceListQueryOptions());
  const create = useCreateApiKeyMutation();
  const today = new Date();
  const [name, setName] = useState('');
  const [workspace, setWorkspace] = useState(ALL_WORKSPACES);
  const [access, setAccess] = useState<ApiKeyAccess>('read');
  const [expiresAt, setExpiresAt] = useState(defaultApiKeyExpiry(today));
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async () => {
    const parsed = createApiKeyBodySchema().safeParse({
      name,
      workspace_id: workspace === ALL_WORKSPACES ? null : workspace,
      access,
      expires_at: expiresAt,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toastRefusal(error);
    }
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="create-api-key-title"
      fullWidth
      maxWidth="sm"
    >
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="create-api-key-title">Create API key</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'What uses it, e.g. "CI renewals".'}
              required
              autoFocus
            />
            <TextField
              select
              label="Workspace"
              value={workspace}
              onChange={(event) => setWorkspace(event.target.value)}
              error={Boolean(errors.workspace_id)}
              helperText={
                errors.workspace_id ?? 'The key reaches only this workspace, or all of yours.'
              }
            >
              <MenuItem value={ALL_WORKSPACES}>All workspaces</MenuItem>
              {(workspaces.data?.items ?? []).map((item) => (
                <MenuItem key={item.id} value={item.id}>
                  {item.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControl>
              <FormLabel id="api-key-access-label">Access</FormLabel>
              <RadioGroup
                row
                aria-labelledby="api-key-access-label"
                value={access}
                onChange={(event) => setAccess(event.target.value as ApiKeyAccess)}
              >
                <FormControlLabel
                  value="read"
                  control={<Radio />}
                  label={API_KEY_ACCESS_LABELS.read}
                />
                <FormControlLabel
                  value="read_write"
                  control={<Radio />}
                  label={API_KEY_ACCESS_LABELS.read_write}
                />
              </RadioGroup>
            </FormControl>
            <TextField
              type="date"
              label="Expires on"
              value={expiresAt}
              onChange={(event) => setExpiresAt(event.target.value)}
              error={Boolean(errors.expires_at)}
              helperText={
                errors.expires_at ??
                `At most ${API_KEY_MAX_LIFETIME_DAYS} days. A token tracks the key in your inventory, so you are alerted before it expires.`
              }
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: {
                  min: utcDate(new Date(today.getTime() + 86_400_000)),
                  max: latestApiKeyExpiry(today),
                },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create API key'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

/** The new key's secret, once: copy it, then it is gone. */
function NewSecretDialog({
  created,
  onClose,
}: {
  created: { key: ApiKey; secret: string };
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      showErrorToast('Could not copy to the clipboard. Select the key and copy it by hand.');
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-api-key-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-api-key-title">API key “{created.key.name}” created</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{API_KEY_SECTION_MESSAGES.shownOnce}</Alert>
          <TextField
            label="API key"
            value={created.secret}
            helperText={
              copied ? API_KEY_SECTION_MESSAGES.copied : 'Send it as: Authorization: Bearer <key>'
            }
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy key">
                      <IconButton aria-label="Copy key" edge="end" onClick={() => void copy()}>
                        <ContentCopy />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography variant="body2" color="textSecondary">
            The token “{apiKeyTokenName(created.key.name)}” now tracks its expiry in your inventory.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A key's columns but its name, as the table and the phone's cards show them. */
function apiKeyDetails(apiKey: ApiKey): ReadonlyArray<readonly [string, ReactNode]> {
  return [
    ['Scope', apiKey.workspace_name ?? 'All workspaces'],
    ['Access', API_KEY_ACCESS_LABELS[apiKey.access]],
    [
      'Last used',
      apiKey.last_used_at ? <DateText value={apiKey.last_used_at} kind="dateTime" /> : 'Never',
    ],
    ['Expires', <DateText key="expires" value={apiKey.expires_at} kind="date" />],
  ];
}

function ApiKeyStatus({ apiKey }: { apiKey: ApiKey }) {
  return (
    <>
      {apiKey.paused && <Chip size="small" color="warning" label="Paused" />}
      {apiKey.expired && <Chip size="small" color="error" label="Expired" />}
    </>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <Button color="error" size="small" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
      Revoke
    </Button>
  );
}

/** On a phone: a card per key, every column and the Revoke button in view. */
function ApiKeyCards({
  items,
  onRevoke,
}: {
  items: readonly ApiKey[];
  onRevoke: (apiKey: ApiKey) => void;
}) {
  return (
    <RecordCardList aria-label="API keys">
      {items.map((apiKey) => (
        <RecordCard
          key={apiKey.id}
          title={apiKey.name}
          badge={<ApiKeyStatus apiKey={apiKey} />}
          details={apiKeyDetails(apiKey)}
          actions={<RevokeButton apiKey={apiKey} onRevoke={() => onRevoke(apiKey)} />}
        />
      ))}
    </RecordCardList>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{apiKey.name}</span>
          {apiKey.paused && <Chip size="small" color="warning" label="Paused" />}
        </Stack>
      </TableCell>
      <TableCell>{apiKey.workspace_name ?? 'All workspaces'}</TableCell>
      <TableCell>{API_KEY_ACCESS_LABELS[apiKey.access]}</TableCell>
      <TableCell>
        {apiKey.last_used_at ? <DateText value={apiKey.last_used_at} kind="dateTime" /> : 'Never'}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <DateText value={apiKey.expires_at} kind="date" />
          {apiKey.expired && <Chip size="small" color="error" label="Expired" />}
        </Stack>
      </TableCell>
      <TableCell align="right">
        <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />
      </TableCell>
    </TableRow>
  );
}

/**
 * API keys for scripts: the list (name, scope, access, last use, expiry), creating one (its
 * secret shown once) and revoking one at once.
 */
export function ApiKeysSection() {
  const query = useQuery(apiKeysQueryOptions());
  const revoke = useRevokeApiKeyMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: ApiKey; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const theme = useTheme();
  // The table's six columns do not fit a phone: a card per key instead.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const items = query.data?.items ?? [];
  const limit = query.data?.limit ?? null;
  // Expired keys do not count: creating a key at the limit revokes them to make room.
  const activeCount = items.filter((apiKey) => !apiKey.expired).length;
  const full = limit !== null && activeCount >= limit;
  const pausedCount = items.filter((apiKey) => apiKey.paused).length;

  return (
    <SectionCard
      id="account-api-keys"
      title="API keys"
      description="Keys let scripts call the API as you, within one workspace or all of yours, read-only or read and write. Send one as “Authorization: Bearer er_…”. A password reset revokes all of them."
    >
      {query.isPending ? (
        <Spinner minHeight={80} />
      ) : query.isError ? (
        <LoadErrorAlert onRetry={query.refetch}>Your API keys could not be loaded.</LoadErrorAlert>
      ) : (
        <Stack spacing={2}>
          {pausedCount > 0 && limit !== null && (
            <Alert severity="warning">{API_KEY_SECTION_MESSAGES.paused(pausedCount, limit)}</Alert>
          )}
          {items.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              You have no API keys.
            </Typography>
          ) : phone ? (
            <ApiKeyCards items={items} onRevoke={setRevoking} />
          ) : (
            <TableContainer>
              <Table size="small" aria-label="API keys">
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>Scope</TableCell>
                    <TableCell>Access</TableCell>
                    <TableCell>Last used</TableCell>
                    <TableCell>Expires</TableCell>
                    <TableCell align="right" aria-label="Actions" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((apiKey) => (
                    <ApiKeyRow
                      key={apiKey.id}
                      apiKey={apiKey}
                      onRevoke={() => setRevoking(apiKey)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="contained" onClick={() => setCreating(true)} disabled={full}>
              Create API key
            </Button>
            {limit !== null && (
              <Typography variant="body2" color="textSecondary">
                {activeCount} of {limit} keys your plan allows
                {activeCount < items.length && '; expired keys make room for new ones'}
              </Typography>
            )}
          </Stack>
        </Stack>
      )}
      {creating && (
        <CreateApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      )}
      {created && <NewSecretDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          id="revoke-api-key"
          title={`Revoke API key “${revoking.name}”?`}
          confirmLabel="Revoke"
          busyLabel="Revoking…"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            // A failure is shown by the API client and keeps the dialog open.
            await revoke.mutateAsync(revoking.id);
            showSuccessToast(API_KEY_SECTION_MESSAGES.revoked);
            setRevoking(null);
          }}
        >
          <Typography id="revoke-api-key-description" variant="body2">
            Scripts using it stop working at once. Its token “{apiKeyTokenName(revoking.name)}”
            stays in your inventory; delete it there if you no longer want its alerts.
          </Typography>
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
