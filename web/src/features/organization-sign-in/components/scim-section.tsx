import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ScimSettings } from '@expiry-radar/shared/api/scim-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateText } from '../../../components/date-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Spinner } from '../../../components/spinner';
import { formRefusal } from '../../../lib/api-client';
import { useScimMutations, useScimSettings } from '../api/scim-provisioning';

export const SCIM_HELP =
  'Let your identity provider create, update and deactivate people here and push its groups. A person it deactivates loses every session, API key and membership in your workspaces at once.';
export const SCIM_TOKEN_ONCE =
  'Copy the token now and paste it into your identity provider: it is shown only this once.';
export const SCIM_NEEDS_DOMAIN = 'Verify a domain first: the people SCIM creates must be in one.';
export const SCIM_NO_GROUPS =
  'No groups yet. Push groups from your identity provider, then map each to a workspace and role.';
const UNMAPPED = '';

type Group = ScimSettings['groups'][number];
type GroupRole = 'workspace_manager' | 'viewer';
interface Workspace {
  readonly id: string;
  readonly name: string;
}

function GroupRow({ group, workspaces }: { group: Group; workspaces: readonly Workspace[] }) {
  const { mapGroup } = useScimMutations();
  const [workspaceId, setWorkspaceId] = useState(group.workspace_id ?? UNMAPPED);
  const [role, setRole] = useState<GroupRole>(
    group.role === 'workspace_manager' ? 'workspace_manager' : 'viewer',
  );
  const [failure, setFailure] = useState<string | null>(null);
  const changed =
    workspaceId !== (group.workspace_id ?? UNMAPPED) ||
    (workspaceId !== UNMAPPED && role !== group.role);
  const save = () => {
    setFailure(null);
    mapGroup.mutate(
      {
        id: group.id,
        workspace_id: workspaceId === UNMAPPED ? null : workspaceId,
        role: workspaceId === UNMAPPED ? null : role,
      },
      { onError: (error) => setFailure(formRefusal(error)) },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={group.display_name}>
      <Stack spacing={1.5}>
        <Typography sx={{ fontWeight: 600 }}>
          {group.display_name}{' '}
          <Typography component="span" variant="body2" color="textSecondary">
            ({group.members} {group.members === 1 ? 'member' : 'members'})
          </Typography>
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            select
            size="small"
            label="Workspace"
            value={workspaceId}
            onChange={(event) => setWorkspaceId(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value={UNMAPPED}>Not mapped</MenuItem>
            {workspaces.map((workspace) => (
              <MenuItem key={workspace.id} value={workspace.id}>
                {workspace.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Role"
            value={role}
            disabled={workspaceId === UNMAPPED}
            onChange={(event) => setRole(event.target.value as GroupRole)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="workspace_manager">{ROLE_LABELS.workspace_manager}</MenuItem>
            <MenuItem value="viewer">{ROLE_LABELS.viewer}</MenuItem>
          </TextField>
          <Button variant="outlined" onClick={save} disabled={!changed || mapGroup.isPending}>
            {mapGroup.isPending ? 'Saving…' : 'Save mapping'}
          </Button>
        </Stack>
        {failure && <Alert severity="error">{failure}</Alert>}
      </Stack>
    </Paper>
  );
}

function TokenPart({
  settings,
  allowed,
  hasVerifiedDomain,
}: {
  settings: ScimSettings;
  allowed: boolean;
  hasVerifiedDomain: boolean;
}) {
  const { createToken, revokeToken } = useScimMutations();
  const [shown, setShown] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<'regenerate' | 'revoke' | null>(null);
  const make = () =>
    createToken.mutateAsync(undefined, {
      onSuccess: (answer) => {
        setShown(answer.token);
        setAsking(null);
      },
      onError: (error) => setFailure(formRefusal(error)),
    });
  const revoke = () =>
    revokeToken.mutateAsync(undefined, {
      onSuccess: () => {
        setShown(null);
        setAsking(null);
      },
      onError: (error) => setFailure(formRefusal(error)),
    });
  const { token } = settings;
  return (
    <Stack spacing={1.5}>
      {shown && (
        <>
          <Alert severity="success">{SCIM_TOKEN_ONCE}</Alert>
          <TextField
            label="SCIM token"
            value={shown}
            size="small"
            slotProps={{ input: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
        </>
      )}
      <Typography variant="body2">
        {token ? (
          <>
            A token was made on <DateText value={token.created_at} kind="dateTime" />. Provisioning
            is on.
          </>
        ) : (
          'No token yet: provisioning is off.'
        )}
      </Typography>
      {!hasVerifiedDomain && !token && <Alert severity="info">{SCIM_NEEDS_DOMAIN}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction="row" spacing={1}>
        {token ? (
          <>
            <Button variant="outlined" onClick={() => setAsking('regenerate')} disabled={!allowed}>
              Regenerate token
            </Button>
            <Button color="error" onClick={() => setAsking('revoke')}>
              Revoke token
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            onClick={() => void make()}
            disabled={!allowed || !hasVerifiedDomain || createToken.isPending}
          >
            Make SCIM token
          </Button>
        )}
      </Stack>
      {asking && (
        <ConfirmDialog
          id="scim-token-confirm"
          title={asking === 'revoke' ? 'Revoke the SCIM token?' : 'Regenerate the SCIM token?'}
          confirmLabel={asking === 'revoke' ? 'Revoke token' : 'Regenerate token'}
          onClose={() => setAsking(null)}
          onConfirm={asking === 'revoke' ? revoke : make}
        >
          <Typography id="scim-token-confirm-description">
            {asking === 'revoke'
              ? 'Your identity provider stops provisioning until you make a new token.'
              : 'The current token stops working at once: paste the new one into your identity provider.'}
          </Typography>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** The organization's SCIM provisioning: base URL, the token (shown once), group mappings. */
export function ScimSection({
  workspaces,
  allowed,
  hasVerifiedDomain,
  appOrigin,
}: {
  workspaces: readonly Workspace[];
  allowed: boolean;
  hasVerifiedDomain: boolean;
  appOrigin: string;
}) {
  const settings = useScimSettings();
  return (
    <Stack spacing={2} component="section" aria-labelledby="scim-heading">
      <Typography variant="h6" component="h2" id="scim-heading">
        SCIM provisioning
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {SCIM_HELP}
      </Typography>
      <TextField
        label="SCIM base URL"
        value={`${appOrigin}/scim/v2`}
        size="small"
        slotProps={{ input: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
      />
      {settings.isPending && <Spinner minHeight={120} />}
      {settings.isError && (
        <LoadErrorAlert onRetry={() => void settings.refetch()}>
          SCIM settings could not be loaded.
        </LoadErrorAlert>
      )}
      {settings.data && (
        <>
          <TokenPart
            settings={settings.data}
            allowed={allowed}
            hasVerifiedDomain={hasVerifiedDomain}
          />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Groups
          </Typography>
          {settings.data.groups.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {SCIM_NO_GROUPS}
            </Typography>
          ) : (
            settings.data.groups.map((group) => (
              <GroupRow key={group.id} group={group} workspaces={workspaces} />
            ))
          )}
        </>
      )}
    </Stack>
  );
}
