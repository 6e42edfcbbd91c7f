/**
 * Settings of the running function, read from the environment once per container. In AWS the
 * CDK stacks set them; locally the local runtime sets them before any handler is imported.
 */
import { isStandInUrl } from './stand-in-origins';

export interface RuntimeConfig {
  readonly appEnv: 'production' | 'local' | 'test';
  readonly region: string;
  readonly tableName: string;
  readonly alertQueueUrl: string;
  readonly alertDeadLetterQueueUrl: string;
  /** The endpoint check queue (one message per TLS endpoint to check). */
  readonly endpointCheckQueueUrl: string;
  /** The registration check queue (one message per domain registration to look up). */
  readonly registrationCheckQueueUrl: string;
  /** The integration sync queue (one message per integration due for its daily sync). */
  readonly integrationSyncQueueUrl: string;
  /** The certificate transparency watch queue (one message per watched domain to read). */
  readonly ctWatchQueueUrl: string;
  /** Only set locally: the emulators' addresses. In AWS the SDK finds the real endpoints. */
  readonly dynamoDbEndpoint: string | undefined;
  readonly sqsEndpoint: string | undefined;
  readonly sesEndpoint: string | undefined;
  /**
   * APP_ORIGIN: the origin the web app is served from, when given (locally, the local server's
   * own; in AWS the context value `appOrigin`). Links are built on adapters/app-origin.ts's
   * resolved origin, which falls back to the parameter below.
   */
  readonly appOrigin: string;
  /** APP_ORIGIN_PARAMETER: the SSM parameter the web stack writes its origin to (AWS only). */
  readonly appOriginParameter: string | undefined;
  /** Sender of account emails (SES verified identity in AWS). */
  readonly emailFrom: string;
  /**
   * EMAIL_CONFIGURATION_SET: the SES configuration set every email is sent with, whose event
   * destination reports bounces and complaints (jobs/email-feedback.ts). Unset: none.
   */
  readonly emailConfigurationSet: string | undefined;
  readonly google: GoogleSignInConfig;
  readonly slack: SlackAppConfig;
  /**
   * WEBHOOK_ALLOW_LOOPBACK=true lets webhooks reach 127.0.0.0/8 and ::1 (a receiver on this
   * machine). Honoured only when APP_ENV is local or test; never in production.
   */
  readonly webhookAllowLoopback: boolean;
  /**
   * Outside production only (RDAP_BASE_URL): the RDAP service every registry's lookups go to
   * instead of the one IANA's bootstrap file names (the local RDAP stand-in).
   */
  readonly rdapBaseUrl: string | undefined;
  /**
   * Outside production only (CT_SEARCH_BASE_URL): the certificate transparency search service the
   * watch reads instead of Cert Spotter (the local stand-in).
   */
  readonly ctSearchBaseUrl: string | undefined;
  /**
   * Outside production only (DNS_RESOLVER, `host:port`): the DNS server domain verification reads
   * TXT records from instead of the system's resolvers (the local DNS stand-in).
   */
  readonly dnsResolver: string | undefined;
  /**
   * ORIGIN_VERIFY_SECRET_ARN: the Secrets Manager secret CloudFront sends as the X-Origin-Verify
   * header; when set (in AWS), HTTP requests without it are refused. Unset locally and in tests.
   */
  readonly originVerifySecretArn: string | undefined;
  /**
   * The key material TOTP secrets are encrypted with (adapters/two-factor-key.ts): locally
   * TWO_FACTOR_KEY (the local runtime generates one under the data directory when unset); in AWS
   * the Secrets Manager secret named by TWO_FACTOR_KEY_SECRET_ARN, whose previous version still
   * opens secrets sealed before a rotation.
   */
  readonly twoFactorKey: string | undefined;
  readonly twoFactorKeySecretArn: string | undefined;
  /**
   * The key material unsubscribe links in alert emails are signed with (adapters/alert-link-key.ts):
   * locally ALERT_LINK_KEY (the local runtime generates one under the data directory when unset);
   * in AWS the Secrets Manager secret named by ALERT_LINK_KEY_SECRET_ARN, whose previous version
   * still verifies links signed before a rotation.
   */
  readonly alertLinkKey: string | undefined;
  readonly alertLinkKeySecretArn: string | undefined;
  /**
   * What integration credentials are sealed with (adapters/credential-sealer.ts): locally
   * INTEGRATION_CREDENTIALS_KEY (the local runtime generates one under the data directory when
   * unset); in AWS the KMS key named by INTEGRATION_CREDENTIALS_KMS_KEY_ID (the data stack's).
   */
  readonly integrationCredentialsKey: string | undefined;
  readonly integrationCredentialsKmsKeyId: string | undefined;
  /**
   * The AWS account the functions run in (DISCOVERY_ACCOUNT_ID): the one customers' AWS discovery
   * roles trust. Unset locally, where there is no account; the page then asks for it.
   */
  readonly discoveryAccountId: string | undefined;
  /**
   * GCP_FEDERATION_ROLE_ARN: the deployment's role (no permissions) that Google Cloud integrations
   * signing in with workload identity federation assume, in a session named after the workspace,
   * to sign the request Google's token exchange checks. Unset locally.
   */
  readonly gcpFederationRoleArn: string | undefined;
}

/**
 * Google sign-in is offered only when a client id and a secret source are set. Locally the
 * secret comes from GOOGLE_CLIENT_SECRET (.env); in AWS from the SSM SecureString parameter
 * named by GOOGLE_CLIENT_SECRET_PARAMETER, read at cold start (adapters/google-client-secret.ts).
 */
export interface GoogleSignInConfig {
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  readonly clientSecretParameter: string | undefined;
  /** OpenID Connect issuer; tests point it at a local mock server. */
  readonly issuer: string;
  /** GOOGLE_REDIRECT_URI: where Google returns; unset: the app's origin + /auth/google/callback. */
  readonly redirectUri: string | undefined;
}

/**
 * The Slack app ("Add to Slack"): offered only when the client id and both secret sources are
 * set. Locally the secrets come from SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET (the local
 * runtime sets them for its Slack stand-in); in AWS from the SSM SecureString parameters named by
 * SLACK_CLIENT_SECRET_PARAMETER and SLACK_SIGNING_SECRET_PARAMETER (adapters/slack-secrets.ts).
 */
export interface SlackAppConfig {
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  readonly clientSecretParameter: string | undefined;
  readonly signingSecret: string | undefined;
  readonly signingSecretParameter: string | undefined;
  /**
   * Outside production only, or on a stand-in origin (standInUrl; SLACK_API_BASE_URL,
   * SLACK_AUTHORIZE_URL): the Web API and the OAuth authorize page of the Slack stand-in instead
   * of slack.com's.
   */
  readonly apiBaseUrl: string;
  readonly authorizeUrl: string;
}

export const SLACK_API_BASE_URL = 'https://slack.com/api';
export const SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';

export function isSlackAppConfigured(slack: SlackAppConfig): boolean {
  return Boolean(
    slack.clientId &&
    (slack.clientSecret || slack.clientSecretParameter) &&
    (slack.signingSecret || slack.signingSecretParameter),
  );
}

export const DEFAULT_EMAIL_FROM = 'Expiry Radar <no-reply@expiry-radar.local>';
export const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';

export function isGoogleSignInConfigured(google: GoogleSignInConfig): boolean {
  return Boolean(google.clientId && (google.clientSecret || google.clientSecretParameter));
}

function readAppEnv(value: string | undefined): RuntimeConfig['appEnv'] {
  if (value === 'local' || value === 'test') return value;
  return 'production';
}

function optional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * A stand-in's URL for an outside service: honoured outside production, and in production only
 * on an origin of DISCOVERY_STAND_IN_ORIGINS (the deployment rehearsal's, platform/stand-in-origins.ts).
 */
export function standInUrl(name: string, appEnv: RuntimeConfig['appEnv']): string | undefined {
  const value = optional(name);
  return value !== undefined && (appEnv !== 'production' || isStandInUrl(value))
    ? value
    : undefined;
}

let cachedConfig: RuntimeConfig | undefined;

export function getConfig(): RuntimeConfig {
  cachedConfig ??= readConfig();
  return cachedConfig;
}

function readConfig(): RuntimeConfig {
  const appOrigin = process.env.APP_ORIGIN ?? '';
  const appEnv = readAppEnv(process.env.APP_ENV);
  return {
    appEnv,
    region: process.env.AWS_REGION ?? 'us-east-1',
    tableName: process.env.TABLE_NAME ?? 'expiry-radar',
    alertQueueUrl: process.env.ALERT_QUEUE_URL ?? '',
    alertDeadLetterQueueUrl: process.env.ALERT_DLQ_URL ?? '',
    endpointCheckQueueUrl: process.env.ENDPOINT_CHECK_QUEUE_URL ?? '',
    registrationCheckQueueUrl: process.env.REGISTRATION_CHECK_QUEUE_URL ?? '',
    integrationSyncQueueUrl: process.env.INTEGRATION_SYNC_QUEUE_URL ?? '',
    ctWatchQueueUrl: process.env.CT_WATCH_QUEUE_URL ?? '',
    dynamoDbEndpoint: optional('DYNAMODB_ENDPOINT'),
    sqsEndpoint: optional('SQS_ENDPOINT'),
    sesEndpoint: optional('SES_ENDPOINT'),
    appOrigin,
    appOriginParameter: optional('APP_ORIGIN_PARAMETER'),
    emailFrom: optional('EMAIL_FROM') ?? DEFAULT_EMAIL_FROM,
    emailConfigurationSet: optional('EMAIL_CONFIGURATION_SET'),
    google: {
      clientId: optional('GOOGLE_CLIENT_ID'),
      clientSecret: optional('GOOGLE_CLIENT_SECRET'),
      clientSecretParameter: optional('GOOGLE_CLIENT_SECRET_PARAMETER'),
      issuer: standInUrl('GOOGLE_ISSUER', appEnv) ?? DEFAULT_GOOGLE_ISSUER,
      redirectUri: optional('GOOGLE_REDIRECT_URI'),
    },
    slack: {
      clientId: optional('SLACK_CLIENT_ID'),
      clientSecret: optional('SLACK_CLIENT_SECRET'),
      clientSecretParameter: optional('SLACK_CLIENT_SECRET_PARAMETER'),
      signingSecret: optional('SLACK_SIGNING_SECRET'),
      signingSecretParameter: optional('SLACK_SIGNING_SECRET_PARAMETER'),
      apiBaseUrl: standInUrl('SLACK_API_BASE_URL', appEnv) ?? SLACK_API_BASE_URL,
      authorizeUrl: standInUrl('SLACK_AUTHORIZE_URL', appEnv) ?? SLACK_AUTHORIZE_URL,
    },
    webhookAllowLoopback: appEnv !== 'production' && process.env.WEBHOOK_ALLOW_LOOPBACK === 'true',
    rdapBaseUrl: appEnv === 'production' ? undefined : optional('RDAP_BASE_URL'),
    ctSearchBaseUrl: appEnv === 'production' ? undefined : optional('CT_SEARCH_BASE_URL'),
    dnsResolver: appEnv === 'production' ? undefined : optional('DNS_RESOLVER'),
    originVerifySecretArn: optional('ORIGIN_VERIFY_SECRET_ARN'),
    twoFactorKey: optional('TWO_FACTOR_KEY'),
    twoFactorKeySecretArn: optional('TWO_FACTOR_KEY_SECRET_ARN'),
    alertLinkKey: optional('ALERT_LINK_KEY'),
    alertLinkKeySecretArn: optional('ALERT_LINK_KEY_SECRET_ARN'),
    integrationCredentialsKey: optional('INTEGRATION_CREDENTIALS_KEY'),
    integrationCredentialsKmsKeyId: optional('INTEGRATION_CREDENTIALS_KMS_KEY_ID'),
    discoveryAccountId: optional('DISCOVERY_ACCOUNT_ID'),
    gcpFederationRoleArn: optional('GCP_FEDERATION_ROLE_ARN'),
  };
}

/** Tests and the local runtime change the environment; this makes the next read see it. */
export function resetConfigForTests(): void {
  cachedConfig = undefined;
}
