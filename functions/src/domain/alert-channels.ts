/**
 * The contract between alert settings (what a workspace configured) and alert delivery (the scan
 * and the worker). Settings are stored and validated by the alert-settings routes
 * (data/alert-settings-records.ts); the pipeline reads them through `readAlertSettings` there and
 * sends webhooks through a `WebhookSender` (adapters/webhook-sender.ts).
 */
import type { Category } from '@expiry-radar/shared/domain/categories';
import type {
  ContactGroupEscalation,
  DeliveryWindow,
  WebhookKind,
} from '@expiry-radar/shared/domain/alerts';

export type PagerDutySeverity = 'critical' | 'error' | 'warning' | 'info';

export interface WebhookChannel {
  /** Unique within the workspace; contact groups refer to webhooks by name. */
  readonly name: string;
  readonly kind: WebhookKind;
  readonly url: string;
  /** PagerDuty Events v2 routing key. */
  readonly routing_key?: string;
  /** PagerDuty severity; derived from days left when absent. */
  readonly severity?: PagerDutySeverity;
}

export interface ContactGroup {
  readonly id: string;
  readonly name: string;
  readonly emails: readonly string[];
  readonly webhook_names: readonly string[];
  /** Days before expiry; overrides the workspace thresholds for this group's tokens. */
  readonly thresholds?: readonly number[];
  /**
   * The group that gets a token's alert once more when it is still not renewed this long after
   * its last alert window opened; absent or null: none.
   */
  readonly escalation?: ContactGroupEscalation | null;
}

/** A workspace's alert settings as stored, defaults applied. */
export interface WorkspaceAlertSettings {
  readonly workspaceId: string;
  readonly email_alerts_enabled: boolean;
  readonly webhook_urls: readonly WebhookChannel[];
  readonly contact_groups: readonly ContactGroup[];
  readonly default_contact_group_id: string | null;
  /** Days before expiry, descending; default 30, 14, 7, 1, 0. */
  readonly thresholds: readonly number[];
  /** HMAC-SHA256 key for generic webhooks' signature header. */
  readonly signing_secret: string;
  /** When alerts may go out (quiet hours outside it); absent or null: at any time. */
  readonly delivery_window?: DeliveryWindow | null;
  /**
   * Days before expiry at which a token that renews automatically is overdue ("renewal
   * overdue"), unless the token sets its own; absent or null: 14.
   */
  readonly renewal_grace_days?: number | null;
}

/** What one alert says, whatever the channel. */
export interface AlertNotice {
  /** The alert record's id: token id + expiry date + threshold window. */
  readonly alertId: string;
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly tokenId: string;
  readonly tokenName: string;
  readonly category: Category;
  readonly type: string;
  /** ISO instant of the token's expiry. */
  readonly expiresAt: string;
  /** Whole days from the alert's send time to expiry; negative once expired. */
  readonly daysLeft: number;
  /** The threshold window (days before expiry) this alert is for. */
  readonly threshold: number;
  readonly renewalUrl: string | null;
  /** The dashboard, with the workspace selected and the token's details open. */
  readonly dashboardUrl: string;
  /**
   * An escalation: the token is still not renewed after its last alert window and the delay of
   * its contact group's escalation; sent to the escalation group.
   */
  readonly escalation?: boolean;
  /**
   * An endpoint problem rather than an alert window: what is wrong, in words
   * (`example.com:443 serves an expired certificate`).
   */
  readonly endpointProblem?: string;
  /**
   * A certificate seen in certificate transparency logs for a watched domain rather than an alert
   * window: what was seen (`new certificate for shop.example.com by Let's Encrypt, valid until
   * 2027-03-01`, "Unexpected issuer: " first when its issuer is not on the domain's allow-list);
   * `dashboardUrl` opens the watched domains, where "Add to inventory" is.
   */
  readonly certificateSeen?: string;
  /** A token that renews automatically, not renewed by its grace point ("renewal overdue"). */
  readonly renewalOverdue?: boolean;
  /**
   * The alert's actions as signed links to their confirmation pages (acknowledge, snooze,
   * renewed), bound to the recipient; absent where a channel carries none.
   */
  readonly actions?: readonly AlertActionLinkView[];
}

/** One action of an alert as a link. */
export interface AlertActionLinkView {
  /** `acknowledge`, `snooze_1d`, `snooze_7d`, `snooze`, `renewed`. */
  readonly id: string;
  /** "Acknowledge", "Snooze 7 days", … */
  readonly label: string;
  readonly url: string;
}

export interface WebhookDelivery {
  readonly channel: WebhookChannel;
  readonly signingSecret: string;
  readonly notice: AlertNotice;
}

export interface WebhookResult {
  /** The receiver's HTTP status (2xx). */
  readonly status: number;
}

/**
 * Port: sends one alert to one webhook in its kind's format, through the SSRF guard. Resolves on a
 * 2xx answer; otherwise rejects with a `WebhookDeliveryError` naming the cause.
 */
export type WebhookSender = (delivery: WebhookDelivery) => Promise<WebhookResult>;

export type WebhookFailureReason =
  | 'blocked' // refused by the SSRF guard
  | 'unreachable' // DNS or connection failure
  | 'timeout'
  | 'rejected'; // the receiver answered with a non-2xx status

export class WebhookDeliveryError extends Error {
  constructor(
    readonly reason: WebhookFailureReason,
    message: string,
    /** The receiver's status when `reason` is `rejected`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WebhookDeliveryError';
  }
}
