import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { ssoConnectionSchema } from '@expiry-radar/shared/api/organization-sign-in-api-schemas';
import { ROLE_LABELS, ROLES, type Role } from '@expiry-radar/shared/domain/roles';
import { refusalMessage } from '../../../lib/api-client';
import { useOrganizationSignInMutations } from '../api/organization-sign-in';

type SsoConnection = z.infer<typeof ssoConnectionSchema>;

export const REQUIRE_SSO_LABEL = 'Require SSO';
export const REQUIRE_SSO_HELP =
  'Addresses of your verified domains can then sign in only through your identity provider: passwords, Google sign-in and password resets are off for them (you, the owner, keep yours). API keys they made keep working until revoked.';

interface Props {
  readonly connection: SsoConnection | null;
  /** The workspaces the owner owns: where people signing in for the first time join. */
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>;
  readonly hasVerifiedDomain: boolean;
  /** Where the provider sends people back: register it with the provider. */
  readonly redirectUri: string;
}

/** The organization's OpenID Connect connection (one per organization). */
export function SsoConnectionForm({
  connection,
  workspaces,
  hasVerifiedDomain,
  redirectUri,
}: Props) {
  const { saveConnection } = useOrganizationSignInMutations();
  const [issuer, setIssuer] = useState(connection?.issuer ?? '');
  const [clientId, setClientId] = useState(connection?.client_id ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [workspaceId, setWorkspaceId] = useState(
    connection?.default_workspace_id ?? workspaces[0]?.id ?? '',
  );
  const [role, setRole] = useState<Role>(connection?.default_role ?? 'viewer');
  const [requireSso, setRequireSso] = useState(connection?.require_sso ?? false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    saveConnection.mutate(
      {
        protocol: 'oidc',
        issuer: issuer.trim(),
        client_id: clientId.trim(),
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        default_workspace_id: workspaceId,
        default_role: role,
        require_sso: requireSso,
      },
      {
        onSuccess: () => setClientSecret(''),
        onError: (error) => setFailure(refusalMessage(error)),
      },
    );
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="sso-connection-heading">
      <Typography variant="h6" component="h2" id="sso-connection-heading">
        Single sign-on (OpenID Connect)
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Register Expiry Radar with your identity provider as a web application with the redirect URI{' '}
        <code>{redirectUri}</code>, then enter its issuer URL, client id and client secret.
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="Issuer URL"
          required
          value={issuer}
          onChange={(event) => setIssuer(event.target.value)}
          placeholder="https://login.microsoftonline.com/<tenant id>/v2.0"
        />
        <TextField
          label="Client id"
          required
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
        />
        <TextField
          label="Client secret"
          type="password"
          required={!connection}
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          helperText={connection ? 'Stored. Leave empty to keep it.' : ' '}
          autoComplete="off"
        />
        <TextField
          select
          label="Workspace new people join"
          value={workspaceId}
          onChange={(event) => setWorkspaceId(event.target.value)}
        >
          {workspaces.map((workspace) => (
            <MenuItem key={workspace.id} value={workspace.id}>
              {workspace.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Their role"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {ROLES.map((value) => (
            <MenuItem key={value} value={value}>
              {ROLE_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <Stack spacing={0.5}>
          <FormControlLabel
            control={
              <Switch
                checked={requireSso}
                disabled={!hasVerifiedDomain && !requireSso}
                onChange={(event) => setRequireSso(event.target.checked)}
              />
            }
            label={REQUIRE_SSO_LABEL}
          />
          <Typography variant="body2" color="textSecondary">
            {REQUIRE_SSO_HELP}
          </Typography>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          disabled={saveConnection.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {saveConnection.isPending ? 'Checking the issuer…' : 'Save single sign-on'}
        </Button>
      </Stack>
    </Stack>
  );
}
