import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import {
  INTEGRATION_KIND_LABELS,
  INTEGRATION_KINDS,
  type Integration,
  type SyncReport,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { UnsavedChangesGuard, useDiscardConfirmation } from '../../../components/unsaved-changes';
import { formRefusal } from '../../../lib/api-client';
import {
  createBodyOf,
  EMPTY_FORM,
  formOf,
  updateBodyOf,
  type IntegrationFormField,
  type IntegrationFormValues,
} from '../integration-form';
import {
  useCreateIntegration,
  useSyncIntegration,
  useUpdateIntegration,
} from '../api/integrations';
import { AwsRolePanel, CodeBlock } from './aws-role-panel';
import { AzurePermissionsPanel } from './azure-permissions-panel';
import { RulesTester } from './rules-tester';

export const STORED_CREDENTIAL_HELP = 'Stored. Type a new value to replace it.';

interface FieldProps {
  name: IntegrationFormField;
  label: string;
  register: UseFormRegister<IntegrationFormValues>;
  error?: string;
  help?: string;
  extra?: TextFieldProps;
  /** A choice among these (a select). */
  options?: ReadonlyArray<{ value: string; label: string }>;
}

function Field({ name, label, register, error, help, extra, options }: FieldProps) {
  return (
    <TextField
      {...register(name)}
      id={`integration-${name}`}
      label={label}
      fullWidth
      autoComplete="off"
      error={Boolean(error)}
      helperText={error ?? help}
      select={options !== undefined}
      {...extra}
    >
      {options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const KIND_OPTIONS = INTEGRATION_KINDS.map((value) => ({
  value,
  label: INTEGRATION_KIND_LABELS[value],
}));
const SCHEDULE_OPTIONS = [
  { value: 'daily', label: 'Daily' },
  { value: 'manual', label: 'Manual (only "Sync now")' },
];
const REMOVED_OPTIONS = [
  { value: 'mark', label: 'Mark it "removed at source"' },
  { value: 'delete', label: 'Delete it after some days' },
];
export const RULES_HELP =
  "Regular expressions, one per line, matched regardless of case against each item's name and its path at the source (such as project:42:access_token:17 or secret/app/db). With include patterns, only the items one of them matches are kept; an item an exclude pattern matches never appears, and a token already synced from it is treated as removed at source.";
const GITHUB_AUTH_OPTIONS = [
  { value: 'app', label: 'GitHub App (app id and private key)' },
  { value: 'token', label: 'Token' },
];
export const GITHUB_HELP =
  'Sign in as a GitHub App installed on the organization, with read-only permissions: organization "Personal access tokens: Read" and "Personal access token requests: Read" (GitHub opens the lists of fine-grained tokens and their requests to GitHub Apps only), and repository "Administration: Read" (deploy keys). A token (fine-grained, or classic with read:org and repo) reads deploy keys only.';
const GCP_AUTH_OPTIONS = [
  { value: 'service_account_key', label: 'Service account key (JSON key file)' },
  {
    value: 'workload_identity',
    label: "Workload identity federation (this deployment's AWS role)",
  },
];
export const GCP_HELP =
  "Signs in with a service account key (the JSON key file), stored encrypted. Grant that service account, on each project, the Secret Manager Viewer role (roles/secretmanager.viewer: secrets' metadata, never their values) and the Service Account Viewer role (roles/iam.serviceAccountViewer: service accounts and their keys' metadata).";
export const GCP_FEDERATION_HELP =
  "Signs in by workload identity federation: no key is stored. This deployment's AWS role, in a session of this workspace only, signs a request that Google checks with AWS; the pool's AWS provider trusts that session, and may impersonate the service account, which holds the same two viewer roles. Choose it when your organization forbids service account keys or rotating them is a chore.";
export const GCP_FEDERATION_UNAVAILABLE =
  'This installation does not run in AWS (the local runtime), so it has no AWS role to sign in with: use a service account key here.';
export const GCP_SETUP_SCRIPT = `PROJECT="<project id>"
gcloud iam service-accounts create expiry-radar --project "$PROJECT" \\
  --display-name "Expiry Radar discovery"
SA="expiry-radar@$PROJECT.iam.gserviceaccount.com"
gcloud projects add-iam-policy-binding "$PROJECT" \\
  --member "serviceAccount:$SA" --role roles/secretmanager.viewer
gcloud projects add-iam-policy-binding "$PROJECT" \\
  --member "serviceAccount:$SA" --role roles/iam.serviceAccountViewer
gcloud iam service-accounts keys create expiry-radar-key.json --iam-account "$SA"
`;

/**
 * The customer's gcloud commands for workload identity federation: a pool whose AWS provider
 * trusts the deployment's account and only this workspace's session (`subject`), and the service
 * account that session may impersonate.
 */
export function gcpFederationScript(accountId: string, subject: string): string {
  return `PROJECT="<project id>"
PROJECT_NUMBER="$(gcloud projects describe "$PROJECT" --format 'value(projectNumber)')"
gcloud iam workload-identity-pools create expiry-radar --project "$PROJECT" \\
  --location global --display-name "Expiry Radar"
gcloud iam workload-identity-pools providers create-aws aws-deployment --project "$PROJECT" \\
  --location global --workload-identity-pool expiry-radar --account-id "${accountId}" \\
  --attribute-condition "assertion.arn == '${subject}'"
gcloud iam service-accounts create expiry-radar-reader --project "$PROJECT" \\
  --display-name "Expiry Radar discovery"
SA="expiry-radar-reader@$PROJECT.iam.gserviceaccount.com"
gcloud projects add-iam-policy-binding "$PROJECT" \\
  --member "serviceAccount:$SA" --role roles/secretmanager.viewer
gcloud projects add-iam-policy-binding "$PROJECT" \\
  --member "serviceAccount:$SA" --role roles/iam.serviceAccountViewer
gcloud iam service-accounts add-iam-policy-binding "$SA" --project "$PROJECT" \\
  --role roles/iam.workloadIdentityUser \\
  --member "principal://iam.googleapis.com/projects/$PROJECT_NUMBER/locations/global/workloadIdentityPools/expiry-radar/subject/${subject}"
echo "Pool provider: //iam.googleapis.com/projects/$PROJECT_NUMBER/locations/global/workloadIdentityPools/expiry-radar/providers/aws-deployment"
echo "Service account: $SA"
`;
}
const AZURE_AUTH_OPTIONS = [
  { value: 'secret', label: 'Client secret' },
  { value: 'certificate', label: 'Certificate (PEM with its private key)' },
];
export const AZURE_AUTH_HELP =
  'With a certificate, each sign-in sends a short-lived assertion signed with its private key rather than a shared secret. Either is stored encrypted and never shown again.';
const YES_NO_OPTIONS = [
  { value: 'yes', label: 'Yes (Microsoft Graph, Application.Read.All)' },
  { value: 'no', label: 'No' },
];
const VAULT_AUTH_OPTIONS = [
  { value: 'token', label: 'Token' },
  { value: 'approle', label: 'AppRole (role id and secret id)' },
];

interface IntegrationDialogProps {
  workspaceId: string;
  /** The integration to change; absent to add one. */
  integration?: Integration;
  awsExternalId: string;
  awsTrustedAccountId: string | null;
  /** The AWS session Google Cloud federation signs in as for this workspace; null locally. */
  gcpFederationSubject: string | null;
  /** The integration's last preview or sync on this page: the rules are tested on its items. */
  lastReport?: SyncReport;
  onClose: () => void;
  /** After a save: the integration as stored (a new one is then previewed). */
  onSaved: (integration: Integration, created: boolean) => void;
}

/**
 * Add or change an integration: its kind's settings and its credentials, which are write-only
 * (on a change they show "stored" and are replaced only when typed in).
 */
export function IntegrationDialog({
  workspaceId,
  integration,
  awsExternalId,
  awsTrustedAccountId,
  gcpFederationSubject,
  lastReport,
  onClose,
  onSaved,
}: IntegrationDialogProps) {
  const editing = integration !== undefined;
  const create = useCreateIntegration(workspaceId);
  const update = useUpdateIntegration(workspaceId);
  const preview = useSyncIntegration(workspaceId);
  const [failure, setFailure] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<SyncReport | undefined>(undefined);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const loadItems = () => {
    if (!integration) return;
    setLoadFailure(null);
    preview
      .mutateAsync({ iid: integration.id, preview: true })
      .then(setLoaded)
      .catch((error: unknown) => setLoadFailure(formRefusal(error)));
  };
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<IntegrationFormValues>({
    defaultValues: integration ? formOf(integration) : EMPTY_FORM,
  });
  const { requestDiscard, confirmation } = useDiscardConfirmation(isDirty, onClose);
  const kind = useWatch({ control, name: 'kind' });
  const schedule = useWatch({ control, name: 'schedule' });
  const vaultAuth = useWatch({ control, name: 'vault_auth' });
  const githubAuth = useWatch({ control, name: 'github_auth' });
  const azureAuth = useWatch({ control, name: 'azure_auth' });
  const gcpAuth = useWatch({ control, name: 'gcp_auth' });
  const appRegistrations = useWatch({ control, name: 'app_registrations' });
  const include = useWatch({ control, name: 'include' });
  const exclude = useWatch({ control, name: 'exclude' });
  const removed = useWatch({ control, name: 'removed' });
  const stored = editing && integration.has_credentials;
  const secretHelp = (help: string) => (stored ? STORED_CREDENTIAL_HELP : help);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const result = editing ? updateBodyOf(values, integration) : createBodyOf(values);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.errors)) {
        setError(field as IntegrationFormField, { type: 'schema', message });
      }
      return;
    }
    try {
      const saved = editing
        ? await update.mutateAsync({ iid: integration.id, body: result.body })
        : await create.mutateAsync(result.body as Parameters<typeof create.mutateAsync>[0]);
      onSaved(saved, !editing);
    } catch (error) {
      setFailure(formRefusal(error));
    }
  });

  const field = (
    name: IntegrationFormField,
    label: string,
    help?: string,
    extra?: TextFieldProps,
    options?: FieldProps['options'],
  ) => (
    <Field
      name={name}
      label={label}
      register={register}
      error={errors[name]?.message}
      help={help}
      extra={extra}
      options={options}
    />
  );
  const secret = (name: IntegrationFormField, label: string, help: string) =>
    field(name, label, secretHelp(help), {
      type: 'password',
      required: !stored,
      autoComplete: 'new-password',
    });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : requestDiscard}
      aria-labelledby="integration-dialog-title"
      aria-describedby="integration-dialog-description"
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="integration-dialog-title">
          {editing ? `Edit ${integration.name}` : 'Add integration'}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="integration-dialog-description">
            {editing
              ? 'Change its settings; credentials stay as stored unless you type new ones.'
              : 'A new integration starts disabled: you see what its first sync would create before you enable it.'}
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 2 }}>
            {field('kind', 'Kind', undefined, { disabled: editing, value: kind }, KIND_OPTIONS)}
            {field('name', 'Name', undefined, { required: true, autoFocus: true })}
            {field(
              'schedule',
              'Schedule',
              'Daily syncs run once a day; manual ones only on "Sync now".',
              { value: schedule },
              SCHEDULE_OPTIONS,
            )}
            {kind === 'gitlab' && (
              <>
                {field('base_url', 'GitLab URL', 'https://gitlab.com, or your own instance.')}
                {field(
                  'project_ids',
                  'Project ids',
                  'Ids or full paths (group/project), one per line.',
                  {
                    multiline: true,
                    minRows: 2,
                  },
                )}
                {field('group_ids', 'Group ids', 'Ids or full paths, one per line.', {
                  multiline: true,
                  minRows: 2,
                })}
                {secret(
                  'gitlab_token',
                  'Access token',
                  'A token with read_api: its own personal access tokens, and the projects and groups above.',
                )}
              </>
            )}
            {kind === 'vault' && (
              <>
                {field('address', 'Vault address', 'https://vault.example.com:8200', {
                  required: true,
                })}
                {field('namespace', 'Namespace', 'Vault Enterprise only; leave empty otherwise.')}
                {field('pki_mounts', 'PKI mounts', 'One per line (pki, pki_int).', {
                  multiline: true,
                  minRows: 2,
                })}
                {field('kv_mounts', 'KV mounts', 'One per line (secret).', {
                  multiline: true,
                  minRows: 2,
                })}
                {field(
                  'vault_auth',
                  'Sign in with',
                  undefined,
                  { value: vaultAuth },
                  VAULT_AUTH_OPTIONS,
                )}
                {vaultAuth === 'token' ? (
                  secret(
                    'vault_token',
                    'Vault token',
                    'A token whose policy can list and read the mounts.',
                  )
                ) : (
                  <>
                    {secret('role_id', 'AppRole role id', 'The role id of an AppRole.')}
                    {secret('secret_id', 'AppRole secret id', 'A secret id of that AppRole.')}
                  </>
                )}
              </>
            )}
            {kind === 'github' && (
              <>
                <Alert severity="info">{GITHUB_HELP}</Alert>
                {field(
                  'api_url',
                  'GitHub API URL',
                  'https://api.github.com, or https://<your host>/api/v3 for GitHub Enterprise Server.',
                )}
                {field('organization', 'Organization', 'Its login, as in github.com/<login>.', {
                  required: true,
                })}
                {field(
                  'repositories',
                  'Repositories',
                  'Whose deploy keys are read, one per line; empty: every repository (up to 100).',
                  { multiline: true, minRows: 2 },
                )}
                {field(
                  'deploy_key_max_age_days',
                  'Deploy key maximum age (days)',
                  'GitHub sets no expiry on deploy keys: one is tracked as expiring this many days after it was added.',
                  { type: 'number', slotProps: { htmlInput: { min: 1, max: 3650 } } },
                )}
                {field(
                  'github_auth',
                  'Sign in with',
                  undefined,
                  { value: githubAuth },
                  GITHUB_AUTH_OPTIONS,
                )}
                {githubAuth === 'token' ? (
                  secret('github_token', 'GitHub token', 'A token that can read the repositories.')
                ) : (
                  <>
                    {field(
                      'app_id',
                      'App id',
                      secretHelp("The number on the App's settings page."),
                      {
                        required: !stored,
                      },
                    )}
                    {field(
                      'private_key',
                      'Private key',
                      secretHelp(
                        'The whole .pem file GitHub gave for the App (-----BEGIN RSA PRIVATE KEY-----…).',
                      ),
                      {
                        required: !stored,
                        multiline: true,
                        minRows: 3,
                        slotProps: { htmlInput: { spellCheck: false } },
                      },
                    )}
                  </>
                )}
              </>
            )}
            {kind === 'gcp' && (
              <>
                {field(
                  'gcp_auth',
                  'Sign in with',
                  'How Expiry Radar signs in to Google Cloud.',
                  { value: gcpAuth },
                  GCP_AUTH_OPTIONS,
                )}
                {gcpAuth === 'workload_identity' ? (
                  <>
                    <Alert severity="info">{GCP_FEDERATION_HELP}</Alert>
                    {gcpFederationSubject !== null && awsTrustedAccountId !== null ? (
                      <CodeBlock
                        id="gcp-federation-script"
                        title="gcloud script (workload identity federation)"
                        text={gcpFederationScript(awsTrustedAccountId, gcpFederationSubject)}
                        fileName="expiry-radar-gcp-federation.sh"
                        mediaType="text/x-shellscript"
                      />
                    ) : (
                      <Alert severity="warning">{GCP_FEDERATION_UNAVAILABLE}</Alert>
                    )}
                  </>
                ) : (
                  <>
                    <Alert severity="info">{GCP_HELP}</Alert>
                    <CodeBlock
                      id="gcp-setup-script"
                      title="gcloud script"
                      text={GCP_SETUP_SCRIPT}
                      fileName="expiry-radar-gcp-setup.sh"
                      mediaType="text/x-shellscript"
                    />
                  </>
                )}
                {field('project_ids', 'Projects', 'Project ids, one per line (my-project-123).', {
                  multiline: true,
                  minRows: 2,
                  required: true,
                })}
                {gcpAuth === 'workload_identity' ? (
                  <>
                    {field(
                      'workload_identity_provider',
                      'Workload identity pool provider',
                      '//iam.googleapis.com/projects/<project number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>',
                      { required: true },
                    )}
                    {field(
                      'service_account_email',
                      'Service account to impersonate',
                      'expiry-radar-reader@my-project.iam.gserviceaccount.com',
                      { required: true },
                    )}
                    {field('sts_url', 'Security token service URL', 'https://sts.googleapis.com.')}
                    {field(
                      'iam_credentials_url',
                      'IAM credentials URL',
                      'https://iamcredentials.googleapis.com.',
                    )}
                  </>
                ) : (
                  <>
                    {field(
                      'service_account_key',
                      'Service account key',
                      secretHelp('Paste the whole JSON key file.'),
                      {
                        required: !stored,
                        multiline: true,
                        minRows: 3,
                        slotProps: { htmlInput: { spellCheck: false } },
                      },
                    )}
                    {field('token_url', 'Token URL', 'https://oauth2.googleapis.com/token.')}
                  </>
                )}
                {field(
                  'secret_manager_url',
                  'Secret Manager URL',
                  'https://secretmanager.googleapis.com.',
                )}
                {field('iam_url', 'IAM URL', 'https://iam.googleapis.com.')}
              </>
            )}
            {kind === 'azure' && (
              <>
                <AzurePermissionsPanel />
                {field(
                  'tenant_id',
                  'Tenant id',
                  'The directory (tenant) id, or contoso.onmicrosoft.com.',
                  {
                    required: true,
                  },
                )}
                {field(
                  'client_id',
                  'Client id',
                  secretHelp('The application (client) id of the app registration.'),
                  {
                    required: !stored,
                  },
                )}
                {field(
                  'azure_auth',
                  'Sign in with',
                  AZURE_AUTH_HELP,
                  { value: azureAuth },
                  AZURE_AUTH_OPTIONS,
                )}
                {azureAuth === 'certificate'
                  ? field(
                      'azure_certificate',
                      'Certificate',
                      secretHelp(
                        'The PEM file with the certificate uploaded to the app registration and its private key (-----BEGIN CERTIFICATE-----… -----BEGIN PRIVATE KEY-----…).',
                      ),
                      {
                        required: !stored,
                        multiline: true,
                        minRows: 3,
                        slotProps: { htmlInput: { spellCheck: false } },
                      },
                    )
                  : secret(
                      'client_secret',
                      'Client secret',
                      'A client secret of that app registration.',
                    )}
                {field(
                  'app_registrations',
                  'Read app registrations',
                  "Entra ID app registrations' client secrets and certificates.",
                  { value: appRegistrations },
                  YES_NO_OPTIONS,
                )}
                {field(
                  'vault_urls',
                  'Key Vault URLs',
                  'One per line (https://<name>.vault.azure.net).',
                  { multiline: true, minRows: 2 },
                )}
                {field(
                  'subscription_ids',
                  'Subscriptions',
                  'Their vaults are listed and read too; one id per line.',
                  { multiline: true, minRows: 2 },
                )}
                {field(
                  'authority_host',
                  'Login endpoint (authority host)',
                  'https://login.microsoftonline.com; another for a national cloud.',
                )}
                {field('graph_url', 'Microsoft Graph URL', 'https://graph.microsoft.com.')}
                {field(
                  'management_url',
                  'Resource Manager URL',
                  "https://management.azure.com (to list subscriptions' vaults).",
                )}
              </>
            )}
            {kind === 'aws' && (
              <>
                <AwsRolePanel externalId={awsExternalId} trustedAccountId={awsTrustedAccountId} />
                {field(
                  'role_arn',
                  'Role ARN',
                  'arn:aws:iam::123456789012:role/ExpiryRadarDiscovery',
                  {
                    required: true,
                  },
                )}
                {field('regions', 'Regions', 'One per line, or separated by commas (us-east-1).', {
                  multiline: true,
                  minRows: 2,
                  required: true,
                })}
                {field(
                  'access_key_max_age_days',
                  'Access key maximum age (days)',
                  'An IAM access key is tracked as expiring this many days after it was created.',
                  { type: 'number', slotProps: { htmlInput: { min: 1, max: 3650 } } },
                )}
              </>
            )}
            <Box component="section" aria-labelledby="integration-rules-title">
              <Typography id="integration-rules-title" variant="h3" sx={{ fontSize: '1rem' }}>
                Include and exclude rules
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                {RULES_HELP}
              </Typography>
            </Box>
            {field(
              'include',
              'Include patterns',
              'Empty: every item is kept. One per line (^prod-).',
              {
                multiline: true,
                minRows: 2,
              },
            )}
            {field('exclude', 'Exclude patterns', 'One per line (sandbox|test).', {
              multiline: true,
              minRows: 2,
            })}
            <RulesTester
              include={include}
              exclude={exclude}
              report={loaded ?? (lastReport?.found.length ? lastReport : undefined)}
              onLoad={editing ? loadItems : undefined}
              loading={preview.isPending}
              loadFailure={loadFailure}
            />
            {field(
              'removed',
              'When an item disappears at the source',
              'Also when a rule now excludes it. Marked tokens stay, with the mark, until you delete them.',
              { value: removed },
              REMOVED_OPTIONS,
            )}
            {removed === 'delete' &&
              field(
                'delete_after_days',
                'Delete after (days)',
                'A token marked "removed at source" this many days ago is deleted at the next sync.',
                { type: 'number', slotProps: { htmlInput: { min: 1, max: 3650 } } },
              )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={requestDiscard} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {editing ? 'Save' : 'Add and preview'}
          </Button>
        </DialogActions>
      </Box>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      {confirmation}
    </Dialog>
  );
}
