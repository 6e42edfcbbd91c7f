/**
 * The add/edit form of an integration: its fields as typed (lists one per line or separated by
 * commas), the request body they make, and the shared schemas' messages placed at their fields.
 */
import {
  createIntegrationBody,
  CREDENTIAL_DESTINATION_SETTINGS,
  credentialDestinationChanged,
  DEFAULT_ACCESS_KEY_MAX_AGE_DAYS,
  DEFAULT_AZURE_AUTHORITY_HOST,
  DEFAULT_AZURE_GRAPH_URL,
  DEFAULT_AZURE_MANAGEMENT_URL,
  DEFAULT_DELETE_AFTER_DAYS,
  DEFAULT_GCP_IAM_CREDENTIALS_URL,
  DEFAULT_GCP_IAM_URL,
  DEFAULT_GCP_SECRET_MANAGER_URL,
  DEFAULT_GCP_STS_URL,
  DEFAULT_GCP_TOKEN_URL,
  DEFAULT_GITHUB_API_URL,
  INTEGRATION_MESSAGES,
  INTEGRATION_CREDENTIALS_SCHEMAS,
  INTEGRATION_SETTINGS_SCHEMAS,
  updateIntegrationBody,
  type CreateIntegrationBody,
  type GcpSignIn,
  type Integration,
  type IntegrationKind,
  type IntegrationSchedule,
  type RemovedAtSourceAction,
  type UpdateIntegrationBody,
} from '@expiry-radar/shared/api/integration-api-schemas';
import type * as z from 'zod';

export interface IntegrationFormValues {
  kind: IntegrationKind;
  name: string;
  schedule: IntegrationSchedule;
  base_url: string;
  project_ids: string;
  group_ids: string;
  gitlab_token: string;
  address: string;
  namespace: string;
  pki_mounts: string;
  kv_mounts: string;
  vault_auth: 'token' | 'approle';
  vault_token: string;
  role_id: string;
  secret_id: string;
  role_arn: string;
  regions: string;
  access_key_max_age_days: string;
  api_url: string;
  organization: string;
  repositories: string;
  deploy_key_max_age_days: string;
  github_auth: 'app' | 'token';
  github_token: string;
  app_id: string;
  private_key: string;
  tenant_id: string;
  client_id: string;
  azure_auth: 'secret' | 'certificate';
  client_secret: string;
  azure_certificate: string;
  vault_urls: string;
  subscription_ids: string;
  app_registrations: 'yes' | 'no';
  authority_host: string;
  graph_url: string;
  management_url: string;
  gcp_auth: GcpSignIn;
  service_account_key: string;
  workload_identity_provider: string;
  service_account_email: string;
  token_url: string;
  secret_manager_url: string;
  iam_url: string;
  sts_url: string;
  iam_credentials_url: string;
  /** Include and exclude patterns, one per line (a pattern may hold a comma). */
  include: string;
  exclude: string;
  removed: RemovedAtSourceAction;
  delete_after_days: string;
}

export type IntegrationFormField = keyof IntegrationFormValues;

export const EMPTY_FORM: IntegrationFormValues = {
  kind: 'gitlab',
  name: '',
  schedule: 'daily',
  base_url: 'https://gitlab.com',
  project_ids: '',
  group_ids: '',
  gitlab_token: '',
  address: '',
  namespace: '',
  pki_mounts: '',
  kv_mounts: '',
  vault_auth: 'token',
  vault_token: '',
  role_id: '',
  secret_id: '',
  role_arn: '',
  regions: 'us-east-1',
  access_key_max_age_days: String(DEFAULT_ACCESS_KEY_MAX_AGE_DAYS),
  api_url: DEFAULT_GITHUB_API_URL,
  organization: '',
  repositories: '',
  deploy_key_max_age_days: String(DEFAULT_ACCESS_KEY_MAX_AGE_DAYS),
  github_auth: 'app',
  github_token: '',
  app_id: '',
  private_key: '',
  tenant_id: '',
  client_id: '',
  azure_auth: 'secret',
  client_secret: '',
  azure_certificate: '',
  vault_urls: '',
  subscription_ids: '',
  app_registrations: 'yes',
  authority_host: DEFAULT_AZURE_AUTHORITY_HOST,
  graph_url: DEFAULT_AZURE_GRAPH_URL,
  management_url: DEFAULT_AZURE_MANAGEMENT_URL,
  gcp_auth: 'service_account_key',
  service_account_key: '',
  workload_identity_provider: '',
  service_account_email: '',
  token_url: DEFAULT_GCP_TOKEN_URL,
  secret_manager_url: DEFAULT_GCP_SECRET_MANAGER_URL,
  iam_url: DEFAULT_GCP_IAM_URL,
  sts_url: DEFAULT_GCP_STS_URL,
  iam_credentials_url: DEFAULT_GCP_IAM_CREDENTIALS_URL,
  include: '',
  exclude: '',
  removed: 'mark',
  delete_after_days: String(DEFAULT_DELETE_AFTER_DAYS),
};

/** The patterns of a rules field: one per line, blank lines left out. */
export function patternsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function listOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join('\n');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The form of a stored integration: its settings; credentials empty ("stored"). */
export function formOf(integration: Integration): IntegrationFormValues {
  const settings = integration.settings;
  return {
    ...EMPTY_FORM,
    kind: integration.kind,
    name: integration.name,
    schedule: integration.schedule,
    base_url: textOf(settings.base_url) || EMPTY_FORM.base_url,
    project_ids: textOf(settings.project_ids),
    group_ids: textOf(settings.group_ids),
    address: textOf(settings.address),
    namespace: textOf(settings.namespace),
    pki_mounts: textOf(settings.pki_mounts),
    kv_mounts: textOf(settings.kv_mounts),
    role_arn: textOf(settings.role_arn),
    regions: textOf(settings.regions),
    access_key_max_age_days:
      textOf(settings.access_key_max_age_days) || EMPTY_FORM.access_key_max_age_days,
    api_url: textOf(settings.api_url) || EMPTY_FORM.api_url,
    organization: textOf(settings.organization),
    repositories: textOf(settings.repositories),
    deploy_key_max_age_days:
      textOf(settings.deploy_key_max_age_days) || EMPTY_FORM.deploy_key_max_age_days,
    tenant_id: textOf(settings.tenant_id),
    vault_urls: textOf(settings.vault_urls),
    subscription_ids: textOf(settings.subscription_ids),
    app_registrations: settings.app_registrations === false ? 'no' : 'yes',
    authority_host: textOf(settings.authority_host) || EMPTY_FORM.authority_host,
    graph_url: textOf(settings.graph_url) || EMPTY_FORM.graph_url,
    management_url: textOf(settings.management_url) || EMPTY_FORM.management_url,
    token_url: textOf(settings.token_url) || EMPTY_FORM.token_url,
    secret_manager_url: textOf(settings.secret_manager_url) || EMPTY_FORM.secret_manager_url,
    iam_url: textOf(settings.iam_url) || EMPTY_FORM.iam_url,
    gcp_auth:
      settings.sign_in === 'workload_identity' ? 'workload_identity' : 'service_account_key',
    workload_identity_provider: textOf(settings.workload_identity_provider),
    service_account_email: textOf(settings.service_account_email),
    sts_url: textOf(settings.sts_url) || EMPTY_FORM.sts_url,
    iam_credentials_url: textOf(settings.iam_credentials_url) || EMPTY_FORM.iam_credentials_url,
    include: integration.rules.include.join('\n'),
    exclude: integration.rules.exclude.join('\n'),
    removed: integration.rules.removed,
    delete_after_days: String(integration.rules.delete_after_days),
  };
}

/** The rules as typed (checked by the shared schema, as the API checks them). */
function rulesOf(values: IntegrationFormValues): Record<string, unknown> {
  const days = values.delete_after_days.trim();
  return {
    include: patternsOf(values.include),
    exclude: patternsOf(values.exclude),
    removed: values.removed,
    delete_after_days: days === '' ? DEFAULT_DELETE_AFTER_DAYS : Number(days),
  };
}

function daysOf(text: string, fallback: number): number {
  const days = text.trim();
  return days === '' ? fallback : Number(days);
}

function settingsOf(values: IntegrationFormValues): Record<string, unknown> {
  switch (values.kind) {
    case 'gcp':
      return {
        project_ids: listOf(values.project_ids),
        token_url: values.token_url,
        secret_manager_url: values.secret_manager_url,
        iam_url: values.iam_url,
        sign_in: values.gcp_auth,
        ...(values.gcp_auth === 'workload_identity'
          ? {
              workload_identity_provider: values.workload_identity_provider,
              service_account_email: values.service_account_email,
            }
          : {}),
        sts_url: values.sts_url,
        iam_credentials_url: values.iam_credentials_url,
      };
    case 'azure':
      return {
        tenant_id: values.tenant_id,
        authority_host: values.authority_host,
        graph_url: values.graph_url,
        management_url: values.management_url,
        vault_urls: listOf(values.vault_urls),
        subscription_ids: listOf(values.subscription_ids),
        app_registrations: values.app_registrations === 'yes',
      };
    case 'github':
      return {
        api_url: values.api_url,
        organization: values.organization,
        repositories: listOf(values.repositories),
        deploy_key_max_age_days: daysOf(
          values.deploy_key_max_age_days,
          DEFAULT_ACCESS_KEY_MAX_AGE_DAYS,
        ),
      };
    case 'gitlab':
      return {
        base_url: values.base_url,
        project_ids: listOf(values.project_ids),
        group_ids: listOf(values.group_ids),
      };
    case 'vault':
      return {
        address: values.address,
        namespace: values.namespace.trim() === '' ? null : values.namespace,
        pki_mounts: listOf(values.pki_mounts),
        kv_mounts: listOf(values.kv_mounts),
      };
    case 'aws': {
      const days = values.access_key_max_age_days.trim();
      return {
        role_arn: values.role_arn,
        regions: listOf(values.regions),
        access_key_max_age_days: days === '' ? DEFAULT_ACCESS_KEY_MAX_AGE_DAYS : Number(days),
      };
    }
  }
}

/** The credential fields of the form's kind (and Vault sign-in), as typed. */
function credentialFields(values: IntegrationFormValues): Record<string, string> {
  switch (values.kind) {
    case 'gitlab':
      return { token: values.gitlab_token };
    case 'vault':
      return values.vault_auth === 'token'
        ? { token: values.vault_token }
        : { role_id: values.role_id, secret_id: values.secret_id };
    case 'azure':
      return values.azure_auth === 'certificate'
        ? { client_id: values.client_id, certificate: values.azure_certificate }
        : { client_id: values.client_id, client_secret: values.client_secret };
    case 'gcp':
      // Federation stores no key.
      return values.gcp_auth === 'workload_identity'
        ? {}
        : { service_account_key: values.service_account_key };
    case 'github':
      return values.github_auth === 'token'
        ? { token: values.github_token }
        : { app_id: values.app_id, private_key: values.private_key };
    case 'aws':
      return {};
  }
}

/** The credentials typed in; null when none were (an edit keeps the stored ones). */
export function typedCredentials(values: IntegrationFormValues): Record<string, string> | null {
  const fields = credentialFields(values);
  return Object.values(fields).some((value) => value.trim() !== '') ? fields : null;
}

/** Where a schema's issue path shows in the form. */
export function fieldOfPath(
  kind: IntegrationKind,
  path: readonly PropertyKey[],
): IntegrationFormField {
  const [first, second] = path.map(String);
  if (first === 'name' || first === 'schedule') return first;
  if (first === 'rules') {
    return second === 'exclude' || second === 'removed' || second === 'delete_after_days'
      ? second
      : 'include';
  }
  if (first === 'settings' && second) return second as IntegrationFormField;
  if (first === 'credentials') {
    if (kind === 'gitlab') return 'gitlab_token';
    if (kind === 'github') {
      return second === 'app_id' || second === 'private_key' ? second : 'github_token';
    }
    if (kind === 'azure') {
      if (second === 'client_id') return second;
      return second === 'certificate' ? 'azure_certificate' : 'client_secret';
    }
    if (kind === 'gcp') return 'service_account_key';
    if (second === 'role_id' || second === 'secret_id') return second;
    return 'vault_token';
  }
  return 'name';
}

export type FormResult<T> =
  { ok: true; body: T } | { ok: false; errors: Partial<Record<IntegrationFormField, string>> };

function errorsOf(
  kind: IntegrationKind,
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
  signIn: Pick<IntegrationFormValues, 'github_auth' | 'azure_auth'> = {
    github_auth: 'token',
    azure_auth: 'secret',
  },
): Partial<Record<IntegrationFormField, string>> {
  const errors: Partial<Record<IntegrationFormField, string>> = {};
  for (const issue of issues) {
    const field = fieldOfPath(kind, [...prefix, ...issue.path]);
    // Credentials refused as a whole show at the field of the sign-in chosen, the one on screen.
    const shown =
      field === 'github_token' && signIn.github_auth === 'app'
        ? 'app_id'
        : field === 'client_secret' && signIn.azure_auth === 'certificate'
          ? 'azure_certificate'
          : field;
    errors[shown] ??= issue.message;
  }
  return errors;
}

/** A new integration: created disabled, so its preview is seen before the first sync. */
export function createBodyOf(values: IntegrationFormValues): FormResult<CreateIntegrationBody> {
  const result = createIntegrationBody.safeParse({
    kind: values.kind,
    name: values.name,
    schedule: values.schedule,
    enabled: false,
    rules: rulesOf(values),
    settings: settingsOf(values),
    credentials: credentialFields(values),
  });
  return result.success
    ? { ok: true, body: result.data }
    : {
        ok: false,
        errors: errorsOf(values.kind, result.error.issues, [], values),
      };
}

/**
 * Stored credentials are sent only where they were entered for: a new GitLab URL or Vault address
 * needs them typed again (the API refuses it otherwise). The message, at the credential field.
 */
function credentialsNeededAgain(
  values: IntegrationFormValues,
  settings: Readonly<Record<string, unknown>>,
  current: Integration,
): Partial<Record<IntegrationFormField, string>> {
  const destination = CREDENTIAL_DESTINATION_SETTINGS[values.kind];
  if (!destination || !current.has_credentials) return {};
  if (!credentialDestinationChanged(values.kind, current.settings, settings)) return {};
  const field = fieldOfPath(values.kind, ['credentials', ...Object.keys(credentialFields(values))]);
  return { [field]: INTEGRATION_MESSAGES.credentialsForNewAddress(destination.label) };
}

/** A change: name, schedule, rules and settings; credentials only when typed in again. */
export function updateBodyOf(
  values: IntegrationFormValues,
  current: Integration,
): FormResult<UpdateIntegrationBody> {
  const settings = INTEGRATION_SETTINGS_SCHEMAS[values.kind].safeParse(settingsOf(values));
  const credentials = typedCredentials(values);
  const checkedCredentials = credentials
    ? INTEGRATION_CREDENTIALS_SCHEMAS[values.kind].safeParse(credentials)
    : null;
  const common = updateIntegrationBody.safeParse({
    name: values.name,
    schedule: values.schedule,
    rules: rulesOf(values),
  });
  const errors = {
    ...(checkedCredentials && !checkedCredentials.success
      ? errorsOf(values.kind, checkedCredentials.error.issues, ['credentials'], values)
      : {}),
    ...(settings.success ? {} : errorsOf(values.kind, settings.error.issues, ['settings'])),
    ...(common.success ? {} : errorsOf(values.kind, common.error.issues)),
  };
  if (!settings.success || !common.success || (checkedCredentials && !checkedCredentials.success)) {
    return { ok: false, errors };
  }
  const needed = credentials ? {} : credentialsNeededAgain(values, settings.data, current);
  if (Object.keys(needed).length > 0) return { ok: false, errors: needed };
  // From federation back to a key: none is stored to keep.
  if (
    values.kind === 'gcp' &&
    values.gcp_auth === 'service_account_key' &&
    !credentials &&
    !current.has_credentials
  ) {
    return {
      ok: false,
      errors: { service_account_key: INTEGRATION_MESSAGES.serviceAccountKeyRequired },
    };
  }
  return {
    ok: true,
    body: {
      ...common.data,
      settings: settings.data,
      ...(credentials ? { credentials } : {}),
    },
  };
}
