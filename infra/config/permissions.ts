/**
 * The one vocabulary of what a function may do beyond writing its own logs, for the API's route
 * functions (config/route-permissions.ts) and the jobs (config/job-permissions.ts) alike. Each
 * name becomes IAM statements on exactly the resources involved (constructs/permission-grants.ts).
 */
import type { INDEX_NAMES } from '@expiry-radar/functions/data/table-definition';

/** What a function may do with the table's own items (transactions need the per-item actions). */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem'
  | 'ConditionCheckItem';

/** A global secondary index, by its name in the code (data/table-definition.ts INDEX_NAMES). */
export type TableIndex = keyof typeof INDEX_NAMES;

export type Permission =
  /** One DynamoDB action on the table's own items, e.g. `table:GetItem`. */
  | `table:${TableAction}`
  /** Query on one index (an index answers queries only), e.g. `index:dueAlerts`. */
  | `index:${TableIndex}`
  /** DescribeTable only: a reachability check that reads no items. */
  | 'tableDescribe'
  /**
   * UpdateItem on session items only (their partition keys begin with `SESSION#`: IAM's
   * `dynamodb:LeadingKeys`): every route that needs a session writes its last use, at most once an
   * hour, and a route that only reads may write nothing else.
   */
  | 'sessionLastUseWrite'
  /**
   * What a request with an API key writes on any route (functions' data/api-key-records.ts
   * API_KEY_USE_WRITES): UpdateItem of the key's rate-limit counter (partition key `RATE#…`),
   * and of the key's last use on its two items (`API_KEY#…`, `USER#…`) naming no attribute but
   * `lastUsedAt` and the key (IAM's `dynamodb:LeadingKeys` and `dynamodb:Attributes`), so a route
   * that only reads may change nothing else, a user's plan say.
   */
  | 'apiKeyUseWrite'
  /**
   * UpdateItem on rate-limit counters only (partition key `RATE#…`: functions' data/rate-limiter.ts):
   * for a route whose only updates are its rate limits' counters. The same statement as
   * `apiKeyUseWrite`'s for the key's counter, granted once when a route has both.
   */
  | 'rateLimitWrite'
  /** SendMessage to the alert queue. */
  | 'alertQueueSend'
  /**
   * ChangeMessageVisibility on the alert queue: the alert worker delays a failed delivery's retry
   * (its backoff) by hiding the message for longer.
   */
  | 'alertQueueRetryDelay'
  /** SendMessage to the endpoint check queue. */
  | 'endpointCheckQueueSend'
  /** SendMessage to the integration sync queue. */
  | 'integrationSyncQueueSend'
  /**
   * ChangeMessageVisibility on the integration sync queue: the sync worker delays the retry of a
   * sync its source failed (its backoff) by hiding the message for longer.
   */
  | 'integrationSyncQueueRetryDelay'
  /** SendMessage to the registration check queue. */
  | 'registrationCheckQueueSend'
  /** SendMessage to the certificate transparency watch queue. */
  | 'ctWatchQueueSend'
  /** GetQueueAttributes on the alert queue and its dead-letter queue. */
  | 'queuesGetAttributes'
  /** Receive and delete from the dead-letter queue and send back to the alert queue (requeue). */
  | 'deadLetterQueueRedrive'
  /**
   * ses:SendEmail to any recipient: account emails (verification, password reset) and workspace
   * invitations.
   */
  | 'emailSend'
  /** ses:SendEmail as the configured sender identity only (its address and its domain). */
  | 'senderEmailSend'
  /**
   * ssm:GetParameter on exactly the parameter the web stack writes the app's origin to (the
   * functions that build links: account emails, invitations, Stripe's return addresses, Google's
   * callback, alert and summary emails).
   */
  | 'appOriginRead'
  /**
   * ssm:GetParameter on exactly the Google client secret's SecureString parameter, named by CDK
   * context (config/app-context.ts AccountContext): Google sign-in and its callback.
   */
  | 'googleClientSecretRead'
  /** ssm:GetParameter on exactly the Slack app's client secret: the OAuth callback's code exchange. */
  | 'slackClientSecretRead'
  /** ssm:GetParameter on exactly the Slack app's signing secret: the interactions' signatures. */
  | 'slackSigningSecretRead'
  /**
   * ssm:GetParameter on exactly the Stripe secret key's SecureString parameter, named by CDK
   * context (config/app-context.ts BillingContext): the routes that call Stripe's API.
   */
  | 'stripeSecretKeyRead'
  /**
   * ssm:GetParameter on exactly the Stripe webhook signing secret's SecureString parameter: the
   * webhook, which checks Stripe's signature and calls no API.
   */
  | 'stripeWebhookSecretRead'
  /**
   * secretsmanager:GetSecretValue on exactly the origin secret CloudFront sends to the API (the
   * HTTP pipeline refuses requests without it).
   */
  | 'originSecretRead'
  /**
   * secretsmanager:GetSecretValue on exactly the key TOTP secrets are sealed with (the routes that
   * enrol, check or turn off a second factor).
   */
  | 'twoFactorKeyRead'
  /**
   * secretsmanager:GetSecretValue on exactly the key unsubscribe links of alert emails are signed
   * with (the alert worker signs them, the unsubscribe routes verify them); alert action links
   * are signed under a key derived from it (the alert action routes verify them).
   */
  | 'alertLinkKeyRead'
  /**
   * kms:GenerateDataKey on exactly the key that wraps the data keys of integration credentials
   * (the routes that seal and store them; sealing never decrypts).
   */
  | 'integrationCredentialsSeal'
  /**
   * sts:AssumeRole on customers' AWS discovery roles: any role in another account (they are the
   * customers'), only with an external id and session name of Expiry Radar's
   * (`expiry-radar-<workspace id>`); each role's trust policy names the one workspace it serves.
   */
  | 'discoveryRoleAssume'
  /**
   * sts:AssumeRole on exactly the deployment's Google Cloud federation role (no permissions of its
   * own), only in a session named `expiry-radar-<workspace id>`: the identity a Google Cloud
   * integration signing in by workload identity federation signs its GetCallerIdentity with.
   */
  | 'gcpFederationRoleAssume'
  /**
   * kms:Decrypt only on the same key: opens stored integration credentials, never seals new
   * ones (the syncs and previews, the scheduled sync's worker, the certificate transparency job).
   */
  | 'integrationCredentialsOpen';

/** Secrets in SSM Parameter Store (SecureString) live under this path. */
export const SECRET_PARAMETER_PREFIX = '/expiry-radar/';
