/**
 * Discovery integrations: where a workspace's tokens are found instead of typed in (AWS, GitLab,
 * HashiCorp Vault, GitHub). Each integration has non-secret `settings` (returned) and write-only
 * `credentials` (never returned: the answer says only whether some are stored).
 */
import * as z from 'zod';
import { countText } from '../domain/count-text';
import { MAX_RULE_PATTERNS, RULE_MESSAGES, rulePatternProblem } from '../domain/integration-rules';
import { multiLineText, secretText } from '../domain/text-rules';
import { idSchema } from './common-schemas';

export const INTEGRATION_KINDS = ['aws', 'gitlab', 'vault', 'github', 'azure', 'gcp'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];
const KIND_MESSAGE = 'Kind must be one of aws, gitlab, vault, github, azure or gcp';
export const integrationKindSchema = z.enum(INTEGRATION_KINDS, { error: KIND_MESSAGE });

export const INTEGRATION_KIND_LABELS: Readonly<Record<IntegrationKind, string>> = {
  aws: 'AWS',
  gitlab: 'GitLab',
  vault: 'HashiCorp Vault',
  github: 'GitHub',
  azure: 'Azure (Key Vault and Entra ID)',
  gcp: 'Google Cloud',
};

/** `daily`: synced once a day by the scheduled job; `manual`: only by "Sync now". */
export const INTEGRATION_SCHEDULES = ['daily', 'manual'] as const;
export type IntegrationSchedule = (typeof INTEGRATION_SCHEDULES)[number];

export const INTEGRATION_NAME_MAX_LENGTH = 100;
export const SECRET_MAX_LENGTH = 4_000;
export const DEFAULT_ACCESS_KEY_MAX_AGE_DAYS = 90;
export const MAX_AWS_REGIONS = 30;
export const MAX_SCOPE_IDS = 100;
/** A Vault namespace's or mount's path. */
export const VAULT_NAME_MAX_LENGTH = 255;
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';
export const PRIVATE_KEY_MAX_LENGTH = 8_000;
export const DEFAULT_GCP_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const DEFAULT_GCP_SECRET_MANAGER_URL = 'https://secretmanager.googleapis.com';
export const DEFAULT_GCP_IAM_URL = 'https://iam.googleapis.com';
export const DEFAULT_GCP_STS_URL = 'https://sts.googleapis.com';
export const DEFAULT_GCP_IAM_CREDENTIALS_URL = 'https://iamcredentials.googleapis.com';

/**
 * How a Google Cloud integration signs in: a service account's JSON key (stored sealed), or
 * workload identity federation with the deployment's AWS role (no key stored).
 */
export const GCP_SIGN_INS = ['service_account_key', 'workload_identity'] as const;
export type GcpSignIn = (typeof GCP_SIGN_INS)[number];
export const SERVICE_ACCOUNT_KEY_MAX_LENGTH = 10_000;
/** A certificate with its private key in PEM (an app registration's certificate credential). */
export const AZURE_CERTIFICATE_MAX_LENGTH = 16_000;
export const DEFAULT_AZURE_AUTHORITY_HOST = 'https://login.microsoftonline.com';
export const DEFAULT_AZURE_GRAPH_URL = 'https://graph.microsoft.com';
export const DEFAULT_AZURE_MANAGEMENT_URL = 'https://management.azure.com';

export const INTEGRATION_MESSAGES = {
  nameRequired: 'Integration name is required',
  nameTooLong: `Integration name must be ${INTEGRATION_NAME_MAX_LENGTH} characters or less`,
  invalidUrl: 'URL must be a valid http(s) URL',
  tokenRequired: 'Token is required',
  secretTooLong: `Credentials must be ${SECRET_MAX_LENGTH} characters or less`,
  invalidRoleArn: 'Role ARN must look like arn:aws:iam::123456789012:role/name',
  regionsRequired: 'Choose at least one region',
  invalidRegion: 'Region must look like us-east-1',
  invalidMaxAge: 'Maximum access key age must be whole days between 1 and 3650',
  invalidScheduleMessage: 'Schedule must be daily or manual',
  invalidScopeId: 'Project and group ids must be numbers or full paths (group/project)',
  tooManyScopeIds: `At most ${MAX_SCOPE_IDS} projects or groups`,
  vaultCredentialsRequired: 'Give either a Vault token or an AppRole role id and secret id',
  githubCredentialsRequired: 'Give either a GitHub token or a GitHub App id and its private key',
  invalidOrganization:
    'Organization must be a GitHub organization login (letters, digits and hyphens)',
  invalidRepository:
    "Repositories must be names of the organization's repositories (letters, digits, ., - and _)",
  tooManyRepositories: `At most ${MAX_SCOPE_IDS} repositories`,
  invalidDeployKeyMaxAge: 'Maximum deploy key age must be whole days between 1 and 3650',
  invalidTenantId:
    'Tenant id must be a directory (tenant) id or a domain such as contoso.onmicrosoft.com',
  invalidClientId: 'Client id must be the application (client) id, a GUID',
  invalidSubscriptionId: 'Subscription ids must be GUIDs',
  tooManyVaults: `At most ${MAX_SCOPE_IDS} vaults and ${MAX_SCOPE_IDS} subscriptions`,
  azureCredentialsRequired:
    'Give either a client secret or a certificate with its private key, not both',
  invalidAzureCertificate:
    'Certificate must be the PEM file holding the certificate (-----BEGIN CERTIFICATE-----) and its RSA private key (-----BEGIN PRIVATE KEY-----)',
  azureNothingToRead:
    'Give Key Vault URLs or subscriptions, or read app registrations: there is nothing to read',
  invalidProjectId:
    'Project ids must be Google Cloud project ids (6 to 30 lowercase letters, digits and hyphens)',
  projectsRequired: 'Give at least one project',
  invalidServiceAccountKey:
    'The service account key must be the JSON key file Google Cloud gave (type service_account, with client_email and private_key)',
  serviceAccountKeyRequired:
    "Paste the service account's JSON key file, or sign in with workload identity federation",
  noKeyWithWorkloadIdentity:
    'Workload identity federation stores no key: leave the service account key out',
  invalidWorkloadIdentityProvider:
    "The provider must be the workload identity pool provider's full name (//iam.googleapis.com/projects/<project number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>)",
  invalidServiceAccountEmail:
    'The service account must be its email address (name@project.iam.gserviceaccount.com)',
  workloadIdentityRequired:
    'Workload identity federation needs the pool provider and the service account to impersonate',
  invalidAppId: "App id must be the GitHub App's number",
  invalidPrivateKey:
    "Private key must be the GitHub App's private key in PEM (-----BEGIN RSA PRIVATE KEY-----)",
  kindChange: 'The kind of an integration cannot change; create another integration instead',
  credentialsForNewAddress: (place: string) =>
    `Enter the credentials again to change the ${place}: stored credentials are only sent where they were entered for`,
  secretLineBreak: 'Credentials must not contain line breaks or NUL characters',
  namespaceLineBreak: 'Namespace must not contain line breaks or NUL characters',
  namespaceTooLong: `Namespace must be ${VAULT_NAME_MAX_LENGTH} characters or less`,
  mountTooLong: `Mounts must be ${VAULT_NAME_MAX_LENGTH} characters or less each`,
  tooManyMounts: `At most ${MAX_SCOPE_IDS} PKI mounts and ${MAX_SCOPE_IDS} KV mounts`,
  credentialsForKind: (kind: string) => `These credentials are not those of a ${kind} integration`,
  externalIdRequired: 'The id of the token at the source is required',
  tokenAlreadyLinked: 'This token is already linked to a source',
  externalIdAlreadyLinked:
    'Another token of this workspace is already linked to this one at the source',
  paused: (limit: number) =>
    `This integration is paused: your workspace's plan allows ${countText(limit)} ${limit === 1 ? 'integration' : 'integrations'}. Delete one or upgrade to sync it again.`,
} as const;

const nameSchema = z
  .string({ error: INTEGRATION_MESSAGES.nameRequired })
  .trim()
  .min(1, INTEGRATION_MESSAGES.nameRequired)
  .max(INTEGRATION_NAME_MAX_LENGTH, INTEGRATION_MESSAGES.nameTooLong);

const httpUrlSchema = z
  .string({ error: INTEGRATION_MESSAGES.invalidUrl })
  .trim()
  .max(2_000, INTEGRATION_MESSAGES.invalidUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username;
    } catch {
      return false;
    }
  }, INTEGRATION_MESSAGES.invalidUrl)
  .transform((value) => value.replace(/\/+$/, ''));

/** What would end or split the HTTP header a secret or a namespace is sent in. */
const HEADER_BREAKER = /[\r\n\0]/;

const secretSchema = (requiredMessage: string) =>
  secretText(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(SECRET_MAX_LENGTH, INTEGRATION_MESSAGES.secretTooLong)
      .refine((secret) => !HEADER_BREAKER.test(secret), INTEGRATION_MESSAGES.secretLineBreak),
  );

const scopeIdsSchema = z
  .array(
    z
      .string({ error: INTEGRATION_MESSAGES.invalidScopeId })
      .trim()
      .regex(/^[\w.-]+(\/[\w.-]+)*$/, INTEGRATION_MESSAGES.invalidScopeId)
      .max(255, INTEGRATION_MESSAGES.invalidScopeId),
  )
  .max(MAX_SCOPE_IDS, INTEGRATION_MESSAGES.tooManyScopeIds)
  .default([]);

export const awsSettingsSchema = z.object({
  role_arn: z
    .string({ error: INTEGRATION_MESSAGES.invalidRoleArn })
    .trim()
    .regex(
      /^arn:aws[\w-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/,
      INTEGRATION_MESSAGES.invalidRoleArn,
    ),
  regions: z
    .array(
      z
        .string({ error: INTEGRATION_MESSAGES.invalidRegion })
        .trim()
        .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, INTEGRATION_MESSAGES.invalidRegion),
    )
    .min(1, INTEGRATION_MESSAGES.regionsRequired)
    .max(MAX_AWS_REGIONS, INTEGRATION_MESSAGES.regionsRequired),
  access_key_max_age_days: z
    .number({ error: INTEGRATION_MESSAGES.invalidMaxAge })
    .int(INTEGRATION_MESSAGES.invalidMaxAge)
    .min(1, INTEGRATION_MESSAGES.invalidMaxAge)
    .max(3_650, INTEGRATION_MESSAGES.invalidMaxAge)
    .default(DEFAULT_ACCESS_KEY_MAX_AGE_DAYS),
});

export const gitlabSettingsSchema = z.object({
  base_url: httpUrlSchema.default('https://gitlab.com'),
  /** Projects whose access and deploy tokens are read (ids or full paths). */
  project_ids: scopeIdsSchema,
  /** Groups whose access tokens are read (ids or full paths). */
  group_ids: scopeIdsSchema,
});

const vaultMountsSchema = z
  .array(z.string().trim().min(1).max(VAULT_NAME_MAX_LENGTH, INTEGRATION_MESSAGES.mountTooLong))
  .max(MAX_SCOPE_IDS, INTEGRATION_MESSAGES.tooManyMounts)
  .default([]);

export const vaultSettingsSchema = z.object({
  address: httpUrlSchema,
  /** Vault Enterprise namespace, sent as X-Vault-Namespace. */
  namespace: z
    .string()
    .trim()
    .max(VAULT_NAME_MAX_LENGTH, INTEGRATION_MESSAGES.namespaceTooLong)
    .refine((namespace) => !HEADER_BREAKER.test(namespace), INTEGRATION_MESSAGES.namespaceLineBreak)
    .nullable()
    .default(null),
  pki_mounts: vaultMountsSchema,
  kv_mounts: vaultMountsSchema,
});

export const githubSettingsSchema = z.object({
  /** The REST API's root: api.github.com, or GitHub Enterprise Server's https://<host>/api/v3. */
  api_url: httpUrlSchema.default(DEFAULT_GITHUB_API_URL),
  organization: z
    .string({ error: INTEGRATION_MESSAGES.invalidOrganization })
    .trim()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, INTEGRATION_MESSAGES.invalidOrganization),
  /** Repositories whose deploy keys are read; none: every repository of the organization. */
  repositories: z
    .array(
      z
        .string({ error: INTEGRATION_MESSAGES.invalidRepository })
        .trim()
        .regex(/^[\w.-]{1,100}$/, INTEGRATION_MESSAGES.invalidRepository),
    )
    .max(MAX_SCOPE_IDS, INTEGRATION_MESSAGES.tooManyRepositories)
    .default([]),
  /** Deploy keys have no expiry: one is tracked as expiring this many days after it was added. */
  deploy_key_max_age_days: z
    .number({ error: INTEGRATION_MESSAGES.invalidDeployKeyMaxAge })
    .int(INTEGRATION_MESSAGES.invalidDeployKeyMaxAge)
    .min(1, INTEGRATION_MESSAGES.invalidDeployKeyMaxAge)
    .max(3_650, INTEGRATION_MESSAGES.invalidDeployKeyMaxAge)
    .default(DEFAULT_ACCESS_KEY_MAX_AGE_DAYS),
});

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const azureSettingsSchema = z
  .object({
    tenant_id: z
      .string({ error: INTEGRATION_MESSAGES.invalidTenantId })
      .trim()
      .regex(
        /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+)$/,
        INTEGRATION_MESSAGES.invalidTenantId,
      ),
    /** Where the client-credentials token is asked for (Microsoft Entra ID's login endpoint). */
    authority_host: httpUrlSchema.default(DEFAULT_AZURE_AUTHORITY_HOST),
    graph_url: httpUrlSchema.default(DEFAULT_AZURE_GRAPH_URL),
    management_url: httpUrlSchema.default(DEFAULT_AZURE_MANAGEMENT_URL),
    /** Key Vaults read by URL (https://<name>.vault.azure.net). */
    vault_urls: z
      .array(httpUrlSchema)
      .max(MAX_SCOPE_IDS, INTEGRATION_MESSAGES.tooManyVaults)
      .default([]),
    /** Subscriptions whose Key Vaults are listed (Azure Resource Manager) and read. */
    subscription_ids: z
      .array(
        z
          .string({ error: INTEGRATION_MESSAGES.invalidSubscriptionId })
          .trim()
          .regex(GUID, INTEGRATION_MESSAGES.invalidSubscriptionId),
      )
      .max(MAX_SCOPE_IDS, INTEGRATION_MESSAGES.tooManyVaults)
      .default([]),
    /** Whether Entra ID app registrations' client secrets and certificates are read (Graph). */
    app_registrations: z.boolean().default(true),
  })
  .refine(
    (settings) =>
      settings.app_registrations ||
      settings.vault_urls.length > 0 ||
      settings.subscription_ids.length > 0,
    { message: INTEGRATION_MESSAGES.azureNothingToRead, path: ['vault_urls'] },
  );

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;
const PEM_PRIVATE_KEY =
  /-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+?-----END (RSA )?PRIVATE KEY-----/;

/**
 * An app registration's client secret, or its certificate (the PEM file with the certificate and
 * its private key: the sync signs a client assertion with it, per the Microsoft identity
 * platform's certificate credentials).
 */
export const azureCredentialsSchema = z
  .object({
    client_id: z
      .string({ error: INTEGRATION_MESSAGES.invalidClientId })
      .trim()
      .regex(GUID, INTEGRATION_MESSAGES.invalidClientId),
    client_secret: secretSchema(INTEGRATION_MESSAGES.tokenRequired).optional(),
    certificate: multiLineText(
      z
        .string({ error: INTEGRATION_MESSAGES.invalidAzureCertificate })
        .trim()
        .max(AZURE_CERTIFICATE_MAX_LENGTH, INTEGRATION_MESSAGES.invalidAzureCertificate)
        .refine(
          (text) => PEM_CERTIFICATE.test(text) && PEM_PRIVATE_KEY.test(text),
          INTEGRATION_MESSAGES.invalidAzureCertificate,
        ),
    ).optional(),
  })
  .refine(
    (credentials) =>
      (credentials.client_secret === undefined) !== (credentials.certificate === undefined),
    { message: INTEGRATION_MESSAGES.azureCredentialsRequired, path: ['client_secret'] },
  );

export const gcpSettingsSchema = z
  .object({
    project_ids: z
      .array(
        z
          .string({ error: INTEGRATION_MESSAGES.invalidProjectId })
          .trim()
          .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, INTEGRATION_MESSAGES.invalidProjectId),
      )
      .min(1, INTEGRATION_MESSAGES.projectsRequired)
      .max(MAX_SCOPE_IDS, INTEGRATION_MESSAGES.tooManyScopeIds),
    /** Where the service account's signed assertion is exchanged for an access token. */
    token_url: httpUrlSchema.default(DEFAULT_GCP_TOKEN_URL),
    secret_manager_url: httpUrlSchema.default(DEFAULT_GCP_SECRET_MANAGER_URL),
    iam_url: httpUrlSchema.default(DEFAULT_GCP_IAM_URL),
    sign_in: z.enum(GCP_SIGN_INS).default('service_account_key'),
    /**
     * Workload identity federation: the pool's AWS provider (the token exchange's audience) and the
     * service account it may impersonate.
     */
    workload_identity_provider: z
      .string({ error: INTEGRATION_MESSAGES.invalidWorkloadIdentityProvider })
      .trim()
      .regex(
        /^\/\/iam\.googleapis\.com\/projects\/\d{1,20}\/locations\/global\/workloadIdentityPools\/[a-z0-9-]{4,32}\/providers\/[a-z0-9-]{4,32}$/,
        INTEGRATION_MESSAGES.invalidWorkloadIdentityProvider,
      )
      .optional(),
    service_account_email: z
      .string({ error: INTEGRATION_MESSAGES.invalidServiceAccountEmail })
      .trim()
      .regex(
        /^[a-z][a-z0-9-]{4,29}@[a-z][a-z0-9-]{4,28}[a-z0-9]\.iam\.gserviceaccount\.com$/,
        INTEGRATION_MESSAGES.invalidServiceAccountEmail,
      )
      .optional(),
    /** Google's security token service and IAM credentials API (the federation's two steps). */
    sts_url: httpUrlSchema.default(DEFAULT_GCP_STS_URL),
    iam_credentials_url: httpUrlSchema.default(DEFAULT_GCP_IAM_CREDENTIALS_URL),
  })
  .refine(
    (settings) =>
      settings.sign_in !== 'workload_identity' ||
      (settings.workload_identity_provider !== undefined &&
        settings.service_account_email !== undefined),
    {
      message: INTEGRATION_MESSAGES.workloadIdentityRequired,
      path: ['workload_identity_provider'],
    },
  );

/** Whether `text` is a service account's JSON key file (its fields the sync needs). */
function isServiceAccountKey(text: string): boolean {
  try {
    const key = JSON.parse(text) as Record<string, unknown>;
    return (
      key.type === 'service_account' &&
      typeof key.client_email === 'string' &&
      typeof key.private_key === 'string' &&
      key.private_key.includes('PRIVATE KEY')
    );
  } catch {
    return false;
  }
}

/**
 * The JSON key file as downloaded: several lines, kept as given (never sent anywhere as is).
 * Absent with workload identity federation (the settings' `sign_in`), which stores no key.
 */
export const gcpCredentialsSchema = z.object({
  service_account_key: multiLineText(
    z
      .string({ error: INTEGRATION_MESSAGES.invalidServiceAccountKey })
      .trim()
      .max(SERVICE_ACCOUNT_KEY_MAX_LENGTH, INTEGRATION_MESSAGES.invalidServiceAccountKey)
      .refine(isServiceAccountKey, INTEGRATION_MESSAGES.invalidServiceAccountKey),
  ).optional(),
});

/**
 * A PEM private key: line breaks belong to it (it is never sent in a header, only used to sign),
 * so it is multi-line text; PEM is ASCII, which the text rules' normalisation leaves as it is.
 */
const privateKeySchema = multiLineText(
  z
    .string({ error: INTEGRATION_MESSAGES.invalidPrivateKey })
    .trim()
    .max(PRIVATE_KEY_MAX_LENGTH, INTEGRATION_MESSAGES.invalidPrivateKey)
    .regex(
      /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/,
      INTEGRATION_MESSAGES.invalidPrivateKey,
    ),
);

/** AWS needs no stored secret: the sync assumes the customer's role with the workspace's external id. */
export const awsCredentialsSchema = z.object({}).strict();
export const gitlabCredentialsSchema = z.object({
  token: secretSchema(INTEGRATION_MESSAGES.tokenRequired),
});
export const vaultCredentialsSchema = z.union(
  [
    z.object({ token: secretSchema(INTEGRATION_MESSAGES.tokenRequired) }).strict(),
    z
      .object({
        role_id: secretSchema(INTEGRATION_MESSAGES.vaultCredentialsRequired),
        secret_id: secretSchema(INTEGRATION_MESSAGES.vaultCredentialsRequired),
      })
      .strict(),
  ],
  { error: INTEGRATION_MESSAGES.vaultCredentialsRequired },
);

export const githubCredentialsSchema = z.union(
  [
    z.object({ token: secretSchema(INTEGRATION_MESSAGES.tokenRequired) }).strict(),
    z
      .object({
        app_id: z
          .string({ error: INTEGRATION_MESSAGES.invalidAppId })
          .trim()
          .regex(/^\d{1,12}$/, INTEGRATION_MESSAGES.invalidAppId),
        private_key: privateKeySchema,
      })
      .strict(),
  ],
  { error: INTEGRATION_MESSAGES.githubCredentialsRequired },
);

/** The setting of each kind that says where its credentials are sent, with its name on the form. */
export const CREDENTIAL_DESTINATION_SETTINGS: Readonly<
  Partial<Record<IntegrationKind, { readonly settings: readonly string[]; readonly label: string }>>
> = {
  gitlab: { settings: ['base_url'], label: 'GitLab URL' },
  vault: { settings: ['address'], label: 'Vault address' },
  github: { settings: ['api_url'], label: 'GitHub API URL' },
  // The secret goes to the login endpoint, the tokens it buys to Graph, Resource Manager and vaults.
  azure: {
    settings: ['authority_host', 'graph_url', 'management_url', 'vault_urls'],
    label: 'Azure endpoints or Key Vault URLs',
  },
  gcp: {
    settings: ['token_url', 'secret_manager_url', 'iam_url', 'sts_url', 'iam_credentials_url'],
    label: 'Google Cloud endpoints',
  },
};

/** Whether a change of settings moves where the kind's credentials (or tokens) are sent. */
export function credentialDestinationChanged(
  kind: IntegrationKind,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): boolean {
  const destination = CREDENTIAL_DESTINATION_SETTINGS[kind];
  if (!destination) return false;
  return destination.settings.some(
    (setting) => JSON.stringify(before[setting] ?? null) !== JSON.stringify(after[setting] ?? null),
  );
}

export const INTEGRATION_SETTINGS_SCHEMAS = {
  aws: awsSettingsSchema,
  gitlab: gitlabSettingsSchema,
  vault: vaultSettingsSchema,
  github: githubSettingsSchema,
  azure: azureSettingsSchema,
  gcp: gcpSettingsSchema,
} as const;

/** The fields each kind's credentials may have: any other names credentials of another kind. */
export const INTEGRATION_CREDENTIAL_FIELDS: Readonly<Record<IntegrationKind, readonly string[]>> = {
  aws: [],
  gitlab: ['token'],
  vault: ['token', 'role_id', 'secret_id'],
  github: ['token', 'app_id', 'private_key'],
  azure: ['client_id', 'client_secret'],
  gcp: ['service_account_key'],
};

export const INTEGRATION_CREDENTIALS_SCHEMAS = {
  aws: awsCredentialsSchema,
  gitlab: gitlabCredentialsSchema,
  vault: vaultCredentialsSchema,
  github: githubCredentialsSchema,
  azure: azureCredentialsSchema,
  gcp: gcpCredentialsSchema,
} as const;

export type AwsSettings = z.output<typeof awsSettingsSchema>;
export type GitlabSettings = z.output<typeof gitlabSettingsSchema>;
export type VaultSettings = z.output<typeof vaultSettingsSchema>;
export type GithubSettings = z.output<typeof githubSettingsSchema>;
export type AzureSettings = z.output<typeof azureSettingsSchema>;
export type AzureCredentials = z.output<typeof azureCredentialsSchema>;
export type GcpSettings = z.output<typeof gcpSettingsSchema>;
export type GcpCredentials = z.output<typeof gcpCredentialsSchema>;
export type IntegrationSettings =
  AwsSettings | GitlabSettings | VaultSettings | GithubSettings | AzureSettings | GcpSettings;
export type GithubCredentials = z.output<typeof githubCredentialsSchema>;
export type GitlabCredentials = z.output<typeof gitlabCredentialsSchema>;
export type VaultCredentials = z.output<typeof vaultCredentialsSchema>;
export type IntegrationCredentials =
  | GitlabCredentials
  | VaultCredentials
  | GithubCredentials
  | AzureCredentials
  | GcpCredentials
  | Record<string, never>;

/**
 * What becomes of a token whose item disappeared at the source (or is now excluded by a rule):
 * `mark` keeps it marked "removed at source"; `delete` deletes it `delete_after_days` days after
 * it was marked.
 */
export const REMOVED_AT_SOURCE_ACTIONS = ['mark', 'delete'] as const;
export type RemovedAtSourceAction = (typeof REMOVED_AT_SOURCE_ACTIONS)[number];
export const DEFAULT_DELETE_AFTER_DAYS = 30;

export const RULES_MESSAGES = {
  ...RULE_MESSAGES,
  removedAction: 'When an item disappears at the source, choose mark or delete',
  deleteAfterDays: 'Delete after must be whole days between 1 and 3650',
} as const;

const rulePatternSchema = z
  .string({ error: RULE_MESSAGES.empty })
  .superRefine((pattern, context) => {
    const problem = rulePatternProblem(pattern);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });

const rulePatternsSchema = z
  .array(rulePatternSchema)
  .max(MAX_RULE_PATTERNS, RULE_MESSAGES.tooMany)
  .default([]);

/**
 * An integration's rules (every kind): include and exclude patterns (regular expressions,
 * case-insensitive, tested against each found item's name and its path at the source), and what
 * becomes of a token whose item disappeared. See domain/integration-rules.ts.
 */
export const integrationRulesSchema = z.object({
  include: rulePatternsSchema,
  exclude: rulePatternsSchema,
  removed: z
    .enum(REMOVED_AT_SOURCE_ACTIONS, { error: RULES_MESSAGES.removedAction })
    .default('mark'),
  delete_after_days: z
    .number({ error: RULES_MESSAGES.deleteAfterDays })
    .int(RULES_MESSAGES.deleteAfterDays)
    .min(1, RULES_MESSAGES.deleteAfterDays)
    .max(3_650, RULES_MESSAGES.deleteAfterDays)
    .default(DEFAULT_DELETE_AFTER_DAYS),
});
export type IntegrationRules = z.output<typeof integrationRulesSchema>;

/** Today's behaviour: everything found is kept, and what disappears is marked, never deleted. */
export const DEFAULT_INTEGRATION_RULES: IntegrationRules = {
  include: [],
  exclude: [],
  removed: 'mark',
  delete_after_days: DEFAULT_DELETE_AFTER_DAYS,
};

const scheduleSchema = z.enum(INTEGRATION_SCHEDULES, {
  error: INTEGRATION_MESSAGES.invalidScheduleMessage,
});

const common = {
  name: nameSchema,
  schedule: scheduleSchema.default('daily'),
  /** Off until the user has seen the preview of the first sync. */
  enabled: z.boolean().default(false),
  rules: integrationRulesSchema.default(DEFAULT_INTEGRATION_RULES),
};

export const createIntegrationBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('aws'),
      ...common,
      settings: awsSettingsSchema,
      credentials: awsCredentialsSchema.default({}),
    }),
    z.object({
      kind: z.literal('gitlab'),
      ...common,
      settings: gitlabSettingsSchema.default({
        base_url: 'https://gitlab.com',
        project_ids: [],
        group_ids: [],
      }),
      credentials: gitlabCredentialsSchema,
    }),
    z.object({
      kind: z.literal('vault'),
      ...common,
      settings: vaultSettingsSchema,
      credentials: vaultCredentialsSchema,
    }),
    z.object({
      kind: z.literal('github'),
      ...common,
      settings: githubSettingsSchema,
      credentials: githubCredentialsSchema,
    }),
    z.object({
      kind: z.literal('azure'),
      ...common,
      settings: azureSettingsSchema,
      credentials: azureCredentialsSchema,
    }),
    z.object({
      kind: z.literal('gcp'),
      ...common,
      settings: gcpSettingsSchema,
      credentials: gcpCredentialsSchema,
    }),
  ],
  { error: KIND_MESSAGE },
);
export type CreateIntegrationBody = z.output<typeof createIntegrationBody>;

/**
 * A change: each field given replaces the stored one. `settings` and `credentials` are those of
 * the integration's kind (checked against the stored kind); credentials left out stay as stored.
 */
export const updateIntegrationBody = z.object({
  name: nameSchema.optional(),
  schedule: scheduleSchema.optional(),
  enabled: z.boolean().optional(),
  /** Replaces the rules as a whole. */
  rules: integrationRulesSchema.optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  /** Secrets on one line, but a GitHub App's PEM private key and a service account's key file. */
  credentials: z
    .object({
      private_key: multiLineText(z.unknown()).optional(),
      service_account_key: multiLineText(z.unknown()).optional(),
    })
    .catchall(secretText(z.unknown()))
    .optional(),
});
export type UpdateIntegrationBody = z.output<typeof updateIntegrationBody>;

export const integrationParams = z.object({ id: idSchema, iid: idSchema });

/**
 * Links a token typed in by hand to what the integration found at its source (a link candidate
 * of a sync or preview): the next sync updates that token instead of offering it again.
 */
export const linkIntegrationTokenBody = z.object({
  token_id: idSchema,
  external_id: z
    .string({ error: INTEGRATION_MESSAGES.externalIdRequired })
    .trim()
    .min(1, INTEGRATION_MESSAGES.externalIdRequired)
    .max(2_048, INTEGRATION_MESSAGES.externalIdRequired),
});
export type LinkIntegrationTokenBody = z.output<typeof linkIntegrationTokenBody>;

export const lastSyncSchema = z.object({
  at: z.string(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** Tokens deleted by the rules (long removed at source); absent before rules existed. */
  deleted: z.number().int().nonnegative().optional(),
  errors: z.array(z.string()),
});
export type LastSync = z.infer<typeof lastSyncSchema>;

export const integrationSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  kind: integrationKindSchema,
  name: z.string(),
  schedule: z.enum(INTEGRATION_SCHEDULES),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  rules: integrationRulesSchema,
  /** Whether credentials are stored; they are never returned. */
  has_credentials: z.boolean(),
  last_sync: lastSyncSchema.nullable(),
  /**
   * Beyond the workspace plan's limit (kept from a higher plan after a downgrade): neither synced
   * on its schedule nor by hand until an upgrade, or the removal of an older one, resumes it.
   */
  paused: z.boolean(),
  /**
   * When a "Sync now" too large to finish within its request went on in the background: the
   * sync is running since then (its outcome becomes `last_sync`); null when none is.
   */
  syncing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const listIntegrationsResponse = z.object({
  items: z.array(integrationSchema),
  /** The plan's limit of integrations per workspace; null is unlimited. */
  limit: z.number().int().nullable(),
  /** The external id the workspace's AWS roles must require of the sync (sts:ExternalId). */
  aws_external_id: z.string(),
  /**
   * The AWS account Expiry Radar runs in, which those roles trust; null where it is not known
   * (the local runtime). See domain/aws-discovery-role.ts for the role itself.
   */
  aws_trusted_account_id: z.string().nullable(),
  /**
   * The AWS identity a Google Cloud workload identity pool is to trust for this workspace: the
   * deployment's federation role in the session `expiry-radar-<workspace id>`
   * (`arn:aws:sts::<account>:assumed-role/<role>/expiry-radar-<workspace id>`); null where the
   * deployment has none (the local runtime).
   */
  gcp_federation_subject: z.string().nullable(),
});
export type ListIntegrationsResponse = z.infer<typeof listIntegrationsResponse>;

export const SYNC_CHANGE_ACTIONS = ['create', 'update', 'remove', 'delete'] as const;

/** At most this many found items are listed in a report (`found`), for the rules' test. */
export const MAX_REPORTED_ITEMS = 2_000;

/** What a sync did, or (a preview) would do. */
export const syncReportSchema = z.object({
  dry_run: z.boolean(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Tokens no longer found at the source (or now excluded by a rule), now marked "removed at source". */
  removed: z.number().int().nonnegative(),
  /** Tokens long removed at source, deleted as the integration's rules say. */
  deleted: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Of the updates, those whose expiry moved later: re-armed as a manual renewal is. */
  renewed: z.number().int().nonnegative(),
  errors: z.array(z.string()),
  changes: z.array(
    z.object({
      action: z.enum(SYNC_CHANGE_ACTIONS),
      external_id: z.string(),
      name: z.string(),
      type: z.string(),
      expires_at: z.string(),
    }),
  ),
  /**
   * Found at the source with the name and type of a token typed in by hand: not created (no
   * duplicate); the user may link the two.
   */
  link_candidates: z.array(
    z.object({
      token_id: z.string(),
      name: z.string(),
      type: z.string(),
      external_id: z.string(),
    }),
  ),
  /**
   * Every item the source answered, before the include and exclude rules (the first
   * MAX_REPORTED_ITEMS), with whether the rules keep it: the form tests new rules against them.
   */
  found: z.array(
    z.object({
      external_id: z.string(),
      name: z.string(),
      type: z.string(),
      kept: z.boolean(),
    }),
  ),
  /**
   * A preview only, when the source was too large to read within the request: it previews the
   * first `previewed` items (the parts read in time), counts no token removed, and says so in
   * `message`; the sync reads the rest.
   */
  partial: z.object({ previewed: z.number().int().nonnegative(), message: z.string() }).optional(),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

export const SYNC_NOW_STATES = ['done', 'running'] as const;

/**
 * What "Sync now" answers: the report of what it wrote, and its state. `done` (200): the whole
 * source was read and the report is the sync's. `running` (202): the source was too large to read
 * within the request; the report holds what was written so far, the rest goes on in the
 * background (the integration's `syncing_since`), and its outcome becomes the integration's
 * `last_sync`.
 */
export const syncNowResponse = syncReportSchema.extend({
  state: z.enum(SYNC_NOW_STATES),
});
export type SyncNowResponse = z.infer<typeof syncNowResponse>;
