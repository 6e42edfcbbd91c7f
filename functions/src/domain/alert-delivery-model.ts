/**
 * The alert delivery model: an alert record with its per-recipient delivery states, and the ports
 * through which the delivery use case (services/alerts/alert-delivery.ts) reads and writes them.
 * Adapters in data/ and the worker implement the ports.
 */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { WebhookKind } from '@expiry-radar/shared/domain/alerts';
import type { AlertMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { WebhookSender, WorkspaceAlertSettings } from './alert-channels';
import type { Mailer } from './mailer';

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface DeliveryState {
  /** `email:<address>` or `webhook:<name>`: unique within the alert. */
  readonly key: string;
  /** `email` or `webhook:<name>`: what a per-channel retry names. */
  readonly channel: string;
  readonly kind: 'email' | WebhookKind;
  /** The address, or the webhook's name. */
  readonly target: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly lastError: string | null;
  /** A failure that retrying cannot fix (refused by the SSRF guard): not retried automatically. */
  readonly permanent: boolean;
  readonly sentAt: string | null;
  readonly leaseUntil: string | null;
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

export interface AlertOutcome {
  readonly status: AlertRecordStatus;
  readonly deadLettered: boolean;
  readonly receives: number;
  readonly lastError: string | null;
  readonly nextAttemptAt: string | null;
  /** Failed or skipped deliveries wait for a requeue or a per-channel retry. */
  readonly needsAttention: boolean;
}

/** Port: the alert records (data/alert-record-store.ts). */
export interface AlertRecordStore {
  get(alertId: string): Promise<AlertRecord | undefined>;
  /** Stores the resolved deliveries unless another attempt already did; answers the record. */
  planDeliveries(
    alertId: string,
    deliveries: readonly DeliveryState[],
    now: Date,
  ): Promise<AlertRecord | undefined>;
  /** pending/failed (or sending with an expired lease) -> sending; false when not claimable. */
  claim(alertId: string, key: string, now: Date, leaseUntil: Date): Promise<boolean>;
  markSent(alertId: string, key: string, now: Date): Promise<void>;
  markFailed(
    alertId: string,
    key: string,
    error: string,
    permanent: boolean,
    now: Date,
  ): Promise<void>;
  markSkipped(alertId: string, key: string, reason: string, now: Date): Promise<void>;
  finish(alertId: string, outcome: AlertOutcome, now: Date): Promise<void>;
  remove(alertId: string): Promise<void>;
}

export interface AlertWorkspace {
  readonly name: string;
  readonly plan: Plan;
  readonly ownerId: string;
  readonly isFrozen: boolean;
}

export interface AlertContext {
  /** Undefined when the token was deleted. */
  readonly token: Token | undefined;
  readonly workspace: AlertWorkspace;
  readonly settings: WorkspaceAlertSettings;
  readonly ownerEmail: string | null;
}

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
  /** Undefined when the workspace is gone. */
  loadContext(message: AlertMessage): Promise<AlertContext | undefined>;
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
  audit(event: AlertAuditEvent): Promise<void>;
  /** Operational metrics (CloudWatch): one delivery's outcome, per channel kind. */
  readonly metrics: { count(outcome: DeliveryOutcomeMetric, channelKind: string): void };
  /** The web app's origin, for the dashboard link. */
  readonly appOrigin: string;
}
