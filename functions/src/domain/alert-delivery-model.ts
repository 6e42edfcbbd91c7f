/**
 * The alert delivery model: an alert record with its per-recipient delivery states, and the ports
 * through which the delivery use case (services/alerts/alert-delivery.ts) reads and writes them.
 * Adapters in data/ and the worker implement the ports.
 */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Role } from '@expiry-radar/shared/domain/roles';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { AlertChannel } from '@expiry-radar/shared/domain/alerts';
import type { AlertRef } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { AlertNotice, WebhookSender, WorkspaceAlertSettings } from './alert-channels';
import type { Mailer } from './mailer';
import type { UnsubscribeSubject } from './unsubscribe-token';
import type { AlertActionLinkClaims } from './alert-action-link';

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface DeliveryState {
  /** `email:<address>`, `webhook:<name>` or `slack_app`: unique within the alert. */
  readonly key: string;
  /** `email`, `webhook:<name>` or `slack_app`: what a per-channel retry names. */
  readonly channel: string;
  readonly kind: AlertChannel;
  /** The address, the webhook's name, or the Slack app's channel. */
  readonly target: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastError: string | null;
  /** A failure that retrying cannot fix (refused by the SSRF guard): not retried automatically. */
  readonly permanent: boolean;
  readonly sentAt: string | null;
  readonly leaseUntil: string | null;
  /** When a failed delivery is tried again automatically; null once no attempt is left. */
  readonly nextAttemptAt: string | null;
  /** The digest (one email to the address) that last claimed an email delivery. */
  readonly digestId: string | null;
}

export type AlertRecordStatus = 'pending' | 'sent' | 'partial' | 'failed';

export interface AlertRecord {
  readonly alertId: string;
  readonly workspaceId: string;
  readonly tokenId: string;
  readonly tokenName: string;
  readonly expiresAt: string;
  readonly threshold: number;
  /** Null until the worker resolved the channels (first attempt). */
  readonly deliveries: readonly DeliveryState[] | null;
  readonly status: AlertRecordStatus;
  readonly deadLettered: boolean;
  readonly receives: number;
  readonly lastError: string | null;
  readonly nextAttemptAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What an alert record says as a whole, derived from its deliveries (domain/alert-outcome.ts). */
export interface AlertOutcome {
  readonly status: AlertRecordStatus;
  /** A delivery failed on its message's last attempt (the message went to the dead-letter queue). */
  readonly deadLettered: boolean;
  /** The most attempts of one delivery. */
  readonly receives: number;
  readonly lastError: string | null;
  /** The earliest automatic retry planned; null when none is. */
  readonly nextAttemptAt: string | null;
  /** Failed or skipped deliveries wait for a requeue or a per-channel retry. */
  readonly needsAttention: boolean;
}

/** The failure of one delivery's send. */
export interface DeliveryFailure {
  readonly error: string;
  /** Retrying cannot fix it (refused by the SSRF guard): not retried automatically. */
  readonly permanent: boolean;
  /** When its message comes back; null on the message's last attempt. */
  readonly nextAttemptAt: string | null;
}

/**
 * What a read of several items found, and apart from it what could not be read: an item DynamoDB
 * or its codec refuses (e.g. text stored before the input rules) is reported with its workspace
 * and answered here with the error, so its alert waits for a retry instead of passing for gone
 * and the rest of the read is used as usual.
 */
export interface PartialRead<Found> {
  readonly found: Found;
  /** Per id (as each read says), why its items could not be read. */
  readonly unreadable: ReadonlyMap<string, string>;
}

/**
 * Port: the alert records (data/alert-record-store.ts). Several messages may deliver one record
 * at once (its webhooks, and each address's digest): each delivery changes on its own with a
 * conditional write, and `settle` derives the record's outcome from a fresh read, so the last
 * writer's view wins.
 */
export interface AlertRecordStore {
  get(alertId: string): Promise<AlertRecord | undefined>;
  /** Consistent reads of several records; missing ones are left out, unreadable ones per alert id. */
  getMany(alertIds: readonly string[]): Promise<PartialRead<AlertRecord[]>>;
  /** Stores the resolved deliveries unless another attempt already did; answers the record. */
  planDeliveries(
    alertId: string,
    deliveries: readonly DeliveryState[],
    now: Date,
  ): Promise<AlertRecord | undefined>;
  /**
   * Adds deliveries to a planned record (email standing in for a Slack app that Slack revoked);
   * one already there is left as it is.
   */
  addDeliveries(alertId: string, deliveries: readonly DeliveryState[], now: Date): Promise<void>;
  /**
   * pending/failed (or sending with an expired lease) -> sending, naming the digest that claims
   * it; false when not claimable.
   */
  claim(
    alertId: string,
    key: string,
    claim: { now: Date; leaseUntil: Date; digestId?: string },
  ): Promise<boolean>;
  markSent(alertId: string, key: string, now: Date): Promise<void>;
  markFailed(alertId: string, key: string, failure: DeliveryFailure, now: Date): Promise<void>;
  markSkipped(alertId: string, key: string, reason: string, now: Date): Promise<void>;
  /** Writes the record's outcome as its deliveries now say (`alertOutcomeOf`). */
  settle(alertId: string, now: Date): Promise<void>;
  /** `settle` of several records, read together. */
  settleMany(alertIds: readonly string[], now: Date): Promise<void>;
  remove(alertId: string): Promise<void>;
}

export interface AlertWorkspace {
  readonly name: string;
  readonly plan: Plan;
  readonly ownerId: string;
  readonly isFrozen: boolean;
  /** Its admins ask for two-factor authentication (applied where its plan offers it). */
  readonly requireTwoFactor: boolean;
}

/** The account an alert email's address belongs to, as its action links see it. */
export interface RecipientAccount {
  readonly id: string;
  readonly twoFactorEnabled: boolean;
  /** Per workspace id asked about, the account's role there; absent where it is not a member. */
  readonly roles: ReadonlyMap<string, Role>;
}

export interface AlertContext {
  /** Undefined when the token was deleted. */
  readonly token: Token | undefined;
  readonly workspace: AlertWorkspace;
  readonly settings: WorkspaceAlertSettings;
  readonly ownerEmail: string | null;
  /** The address of the token's owner (`owner_id`); null when it has none. */
  readonly tokenOwnerEmail?: string | null;
  /** The workspace's Slack app installation, if it has one (services/slack/). */
  readonly slackApp?: SlackAppChannel | null;
}

/** Where the workspace's Slack app posts, and whether Slack still lets it. */
export interface SlackAppChannel {
  readonly channelName: string;
  /** Revoked on Slack's side: its alerts fall back to email until it is installed again. */
  readonly status: 'active' | 'revoked';
}

/** What posting an alert with the Slack app came to; a failure that may pass is thrown. */
export type SlackAppSendResult =
  | { readonly kind: 'sent' }
  | { readonly kind: 'revoked'; readonly reason: string }
  | { readonly kind: 'not_installed' };

/** Port: posts one alert to the workspace's Slack channel (services/slack/slack-alerts.ts). */
export type SlackAppSender = (request: {
  readonly workspaceId: string;
  readonly plan: Plan;
  readonly notice: AlertNotice;
  readonly token: Token;
}) => Promise<SlackAppSendResult>;

export type AlertAuditAction =
  'alert.sent' | 'alert.failed' | 'alert.dead_lettered' | 'alert.skipped';

export interface AlertAuditEvent {
  readonly action: AlertAuditAction;
  readonly workspaceId: string;
  readonly plan: Plan;
  readonly alertId: string;
  readonly tokenName: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** What the delivery metrics count: a send that worked or failed, or was given up for good. */
export type DeliveryOutcomeMetric = 'sent' | 'failed' | 'deadLettered';

export interface AlertDeliveryPorts {
  readonly records: AlertRecordStore;
  /**
   * Per alert id, the context of each alert whose workspace still exists; unreadable per alert id
   * (its token, or its workspace's items).
   */
  loadContexts(
    alerts: readonly AlertRef[],
  ): Promise<PartialRead<ReadonlyMap<string, AlertContext>>>;
  /** The owner's monthly delivery quota: reserve before a send, release when it failed. */
  readonly quota: {
    reserve(ownerId: string, plan: Plan, month: string): Promise<boolean>;
    release(ownerId: string, month: string): Promise<void>;
  };
  /** Per workspace, month and channel kind: attempts, successes, failures. */
  readonly stats: {
    count(
      workspaceId: string,
      month: string,
      kind: string,
      outcome: 'success' | 'failure',
    ): Promise<void>;
  };
  readonly mailer: Mailer;
  readonly sendWebhook: WebhookSender;
  readonly sendSlackApp: SlackAppSender;
  /**
   * Of these workspaces, those whose alert emails the address stopped (one-click links);
   * unreadable per workspace id.
   */
  workspacesOptedOut(
    address: string,
    workspaceIds: readonly string[],
  ): Promise<PartialRead<ReadonlySet<string>>>;
  /**
   * Why the address is on the suppression list (SES reported a permanent bounce or a complaint),
   * or null when it is not: nothing more is sent to it.
   */
  suppressionOf(address: string): Promise<'bounce' | 'complaint' | null>;
  /**
   * The account holding the address (any case) and its roles in these workspaces, for the action
   * links its email may offer; undefined when no account holds it.
   */
  recipientAccountOf(
    address: string,
    workspaceIds: readonly string[],
  ): Promise<RecipientAccount | undefined>;
  /** The signed token of a one-click unsubscribe link (domain/unsubscribe-token.ts). */
  signUnsubscribe(subject: UnsubscribeSubject): Promise<string>;
  /** The signed token of an alert's action link (domain/alert-action-link.ts). */
  signAlertAction(claims: AlertActionLinkClaims): Promise<string>;
  audit(event: AlertAuditEvent): Promise<void>;
  /** Operational metrics (CloudWatch): one delivery's outcome, per channel kind. */
  readonly metrics: { count(outcome: DeliveryOutcomeMetric, channelKind: string): void };
  /** The web app's origin, for the links in alerts. */
  readonly appOrigin: string;
}
