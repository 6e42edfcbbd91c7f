import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { ssoConnectionSchema } from '@expiry-radar/shared/api/organization-sign-in-api-schemas';
import {
  samlServiceProviderUrls,
  type SsoProtocol,
} from '@expiry-radar/shared/domain/organization-sign-in';
import { ROLE_LABELS, ROLES, type Role } from '@expiry-radar/shared/domain/roles';
import { formRefusal } from '../../../lib/api-client';
import { useOrganizationSignInMutations } from '../api/organization-sign-in';

type SsoConnection = z.infer<typeof ssoConnectionSchema>;

export const REQUIRE_SSO_LABEL = 'Require SSO';
export const PROVIDER_MFA_LABEL = 'The identity provider enforces multi-factor sign-in';
export const PROVIDER_MFA_HELP =
  'Turn this on only when your provider asks everyone who signs in here for a second factor: people signing in through it then skip Expiry Radar’s own two-factor code. Off, an account with two-factor on is still asked for its code after the provider.';
export const PROTOCOL_LABELS: Readonly<Record<SsoProtocol, string>> = {
  oidc: 'OpenID Connect',
  saml: 'SAML 2.0',
};
export const REQUIRE_SSO_HELP =
  'Addresses of your verified domains can then sign in only through your identity provider: passwords, Google sign-in and password resets are off for them (you, the owner, keep yours). API keys they made keep working until revoked.';

interface Props {
  readonly connection: SsoConnection | null;
  /** The workspaces the owner owns: where people signing in for the first time join. */
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>;
  readonly hasVerifiedDomain: boolean;
  /** The app's origin: the redirect URI, SAML entity id and ACS URL to register are under it. */
  readonly appOrigin: string;
}

/** The organization's one SSO connection: OpenID Connect or SAML 2.0. */
export function SsoConnectionForm({ connection, workspaces, hasVerifiedDomain, appOrigin }: Props) {
  const { saveConnection } = useOrganizationSignInMutations();
  const [protocol, setProtocol] = useState<SsoProtocol>(connection?.protocol ?? 'oidc');
  const [issuer, setIssuer] = useState(connection?.protocol === 'oidc' ? connection.issuer : '');
  const [clientId, setClientId] = useState(connection?.client_id ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [metadataUrl, setMetadataUrl] = useState(connection?.saml?.metadata_url ?? '');
  const [metadataXml, setMetadataXml] = useState<{ name: string; text: string } | null>(null);
  const [providerMfa, setProviderMfa] = useState(connection?.provider_enforces_mfa ?? false);
  const [workspaceId, setWorkspaceId] = useState(
    connection?.default_workspace_id ?? workspaces[0]?.id ?? '',
  );
  const [role, setRole] = useState<Role>(connection?.default_role ?? 'viewer');
  const [requireSso, setRequireSso] = useState(connection?.require_sso ?? false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const common = {
      default_workspace_id: workspaceId,
      default_role: role,
      require_sso: requireSso,
      provider_enforces_mfa: providerMfa,
    };
    const settings =
      protocol === 'saml'
        ? {
            protocol,
            ...(metadataXml
              ? { metadata_xml: metadataXml.text }
              : metadataUrl.trim()
                ? { metadata_url: metadataUrl.trim() }
                : {}),
            ...common,
          }
        : {
            protocol,
            issuer: issuer.trim(),
            client_id: clientId.trim(),
            ...(clientSecret ? { client_secret: clientSecret } : {}),
            ...common,
          };
    saveConnection.mutate(settings, {
      onSuccess: () => {
        setClientSecret('');
        setMetadataXml(null);
      },
      onError: (error) => setFailure(formRefusal(error)),
    });
  };
  const samlProvider = samlServiceProviderUrls(appOrigin);
  const storedSaml = connection?.protocol === 'saml' ? connection.saml : null;

  return (
    <Stack spacing={2} component="section" aria-labelledby="sso-connection-heading">
      <Typography variant="h6" component="h2" id="sso-connection-heading">
        Single sign-on
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          select
          label="Protocol"
          value={protocol}
          onChange={(event) => setProtocol(event.target.value as SsoProtocol)}
        >
          {(Object.keys(PROTOCOL_LABELS) as SsoProtocol[]).map((value) => (
            <MenuItem key={value} value={value}>
              {PROTOCOL_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        {protocol === 'oidc' ? (
          <>
            <Typography variant="body2" color="textSecondary">
              Register Expiry Radar with your identity provider as a web application with the
              redirect URI <code>{`${appOrigin}/auth/sso/callback`}</code>, then enter its issuer
              URL, client id and client secret.
            </Typography>
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
              required={!connection?.has_client_secret}
              value={clientSecret}
              onChange={(event) => setClientSecret(event.target.value)}
              helperText={connection?.has_client_secret ? 'Stored. Leave empty to keep it.' : ' '}
              autoComplete="off"
            />
          </>
        ) : (
          <>
            <Typography variant="body2" color="textSecondary">
              Add Expiry Radar to your identity provider as a SAML application with the entity id
              (audience) <code>{samlProvider.entityId}</code> and the assertion consumer service URL
              (HTTP-POST) <code>{samlProvider.acsUrl}</code>, assertions signed, or import{' '}
              <Link href="/auth/saml/metadata" download="expiry-radar-saml-metadata.xml">
                Expiry Radar’s SAML metadata
              </Link>
              . Then give its IdP metadata: its URL, or the XML file.
            </Typography>
            {storedSaml && (
              <Typography variant="body2">
                Signing in at <code>{storedSaml.sso_url}</code> ({connection?.issuer}).
              </Typography>
            )}
            <TextField
              label="IdP metadata URL"
              value={metadataUrl}
              onChange={(event) => setMetadataUrl(event.target.value)}
              placeholder="https://login.microsoftonline.com/<tenant id>/federationmetadata/2007-06/federationmetadata.xml?appid=<app id>"
              helperText={
                storedSaml && !storedSaml.metadata_url
                  ? 'Stored from an uploaded file. Give a URL or a new file to replace it.'
                  : ' '
              }
            />
            <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
              {metadataXml ? `IdP metadata file: ${metadataXml.name}` : 'Upload IdP metadata file'}
              <input
                hidden
                type="file"
                accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                aria-label="IdP metadata file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) {
                    void file.text().then((text) => setMetadataXml({ name: file.name, text }));
                  }
                }}
              />
            </Button>
          </>
        )}
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
        <Stack spacing={0.5}>
          <FormControlLabel
            control={
              <Switch
                checked={providerMfa}
                onChange={(event) => setProviderMfa(event.target.checked)}
              />
            }
            label={PROVIDER_MFA_LABEL}
          />
          <Typography variant="body2" color="textSecondary">
            {PROVIDER_MFA_HELP}
          </Typography>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          disabled={saveConnection.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {saveConnection.isPending ? 'Checking the provider…' : 'Save single sign-on'}
        </Button>
      </Stack>
    </Stack>
  );
}
