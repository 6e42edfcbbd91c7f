/**
 * What each job's function may do, in the same vocabulary as the routes (config/permissions.ts).
 * The alert worker's queue consumption is granted by its SQS event source, not listed here.
 */
import type { Permission } from './permissions';

export const jobPermissions = {
  /**
   * Finds due windows in the due-alerts index, records alerts with their planned deliveries,
   * enqueues one digest per address and one message per alert with webhooks.
   */
  expiryScan: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:dueAlerts',
    'table:PutItem',
    'table:UpdateItem',
    'alertQueueSend',
  ],
  /**
   * Reads and updates alert records, sends email as the configured sender (and webhooks), signs
   * the emails' unsubscribe links, reads the app's origin for the emails' links; skips an
   * address on the suppression list (a table item).
   */
  alertWorker: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:PutItem',
    'table:UpdateItem',
    'alertQueueRetryDelay',
    'senderEmailSend',
    'alertLinkKeyRead',
    'appOriginRead',
    // The Slack app's bot token, sealed like integration credentials.
    'integrationCredentialsOpen',
  ],
  /**
   * Finds the weekly summaries due (the due-alerts index), reads each user's workspaces (gsi1),
   * tokens by expiry (gsi2) and renewals (audit items), claims the summary, sends the email as
   * the configured sender, signs its unsubscribe links.
   */
  weeklySummary: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'index:dueAlerts',
    'index:byAlternateKey',
    'index:tokensByExpiry',
    'table:UpdateItem',
    'senderEmailSend',
    'alertLinkKeyRead',
    'appOriginRead',
  ],
  /** Puts the addresses of SES's bounce and complaint reports on the suppression list (a Put). */
  emailFeedback: ['table:PutItem'],
  /**
   * Finds the endpoint schedules due (the due-alerts index), reads them, their tokens and
   * workspaces (and each workspace's schedules, for its plan's limit), moves each to its next
   * check or removes it, enqueues one check per endpoint within the limit and marks the others
   * paused.
   */
  endpointDispatch: [
    'table:BatchGetItem',
    'table:Query',
    'index:dueAlerts',
    'table:UpdateItem',
    'endpointCheckQueueSend',
  ],
  /**
   * Reads the token and its workspace, writes the check, a followed renewal (the token, its
   * search delta and counters) and audit events, records an endpoint problem's alert and sends
   * it to the alert queue. Its own queue's consumption is granted by its event source.
   */
  endpointCheckWorker: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:ConditionCheckItem',
    'table:BatchWriteItem',
    'alertQueueSend',
  ],
  /**
   * Finds the integrations due for their daily sync (the due-alerts index), reads them, moves
   * each to its next sync and enqueues one sync per integration.
   */
  integrationSyncDispatch: [
    'table:BatchGetItem',
    'index:dueAlerts',
    'table:UpdateItem',
    'integrationSyncQueueSend',
  ],
  /**
   * Reads the integration and its workspace, opens its credentials (Decrypt only), reads the
   * workspace's tokens and writes what the sync changed (tokens, search index, counters; deletes
   * the tokens its rules delete), the last sync and the audit event; assumes the customer's role
   * for an AWS integration; sends a large account's continuation to its own queue and delays a
   * failed sync's retry there (its visibility). Its own queue's consumption is granted by its
   * event source.
   */
  integrationSyncWorker: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:ConditionCheckItem',
    'integrationCredentialsOpen',
    'discoveryRoleAssume',
    'gcpFederationRoleAssume',
    'integrationSyncQueueSend',
    'integrationSyncQueueRetryDelay',
  ],
  /**
   * Finds the registration schedules due (the due-alerts index), reads them, moves each to its
   * next check and enqueues one lookup per followed domain.
   */
  registrationDispatch: [
    'table:BatchGetItem',
    'index:dueAlerts',
    'table:UpdateItem',
    'registrationCheckQueueSend',
  ],
  /**
   * Reads the stored RDAP bootstrap file, the token and its workspace, writes the check, its
   * schedule's retry, a followed renewal (the token, its search delta and counters) and the audit
   * event. Its own queue's consumption is granted by its event source.
   */
  registrationCheckWorker: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:ConditionCheckItem',
    'table:BatchWriteItem',
  ],
  /** Stores the RDAP bootstrap file it read from IANA (one Put). */
  rdapBootstrapRefresh: ['table:PutItem'],
  /**
   * Finds the watched domains due (the due-alerts index), reads them, moves each to its next read
   * and enqueues one read per watched domain.
   */
  ctWatchDispatch: [
    'table:BatchGetItem',
    'index:dueAlerts',
    'table:UpdateItem',
    'ctWatchQueueSend',
  ],
  /**
   * Reads the watched domain, its workspace, the workspace's tokens, admins, alert settings and
   * findings, opens the Cert Spotter API key (Decrypt only), writes the domain's position, the
   * findings, tokens added by themselves, alert records and audit events, sends the alerts to the
   * alert queue and the endpoints of tokens added by themselves to the endpoint check queue, and emails the admins an unexpected issuer as the configured sender (links built
   * on the app's origin). Its own queue's consumption is granted by its event source.
   */
  ctWatchWorker: [
    'table:GetItem',
    'table:BatchGetItem',
    'table:Query',
    'table:PutItem',
    'table:UpdateItem',
    'table:DeleteItem',
    'table:BatchWriteItem',
    'table:ConditionCheckItem',
    'integrationCredentialsOpen',
    'alertQueueSend',
    'endpointCheckQueueSend',
    'senderEmailSend',
    'appOriginRead',
  ],
} as const satisfies Record<string, readonly Permission[]>;
