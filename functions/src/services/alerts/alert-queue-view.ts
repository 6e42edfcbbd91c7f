/**
 * The API view of an alert record (`GET /api/alert-queue`): per channel a summary of its
 * recipients' deliveries (each email recipient with the digest that carried it and the channel
 * that retries it alone), with `sending` shown as pending.
 */
import type { AlertQueueItem } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { AlertRecord, DeliveryStatus } from '../../domain/alert-delivery-model';
import {
  endpointProblemTextOfAlert,
  isEscalationAlertId,
  isRenewalOverdueAlertId,
} from '../../domain/alert-schedule';
import {
  CT_FINDING_ALERT_QUEUE_TEXT,
  ctFindingOfAlertSubject,
} from '../../domain/certificate-transparency';

type ApiDeliveryStatus = 'pending' | 'sent' | 'failed' | 'skipped';

function apiStatus(status: DeliveryStatus): ApiDeliveryStatus {
  return status === 'sending' ? 'pending' : status;
}

export function alertQueueItem(record: AlertRecord): AlertQueueItem {
  const deliveries = record.deliveries ?? [];
  const channels = [...new Set(deliveries.map((delivery) => delivery.channel))].map((channel) => {
    const members = deliveries.filter((delivery) => delivery.channel === channel);
    const statuses = members.map((delivery) => apiStatus(delivery.status));
    const status = statuses.includes('failed')
      ? 'failed'
      : statuses.includes('pending')
        ? 'pending'
        : statuses.every((value) => value === 'skipped')
          ? 'skipped'
          : 'sent';
    return {
      channel,
      kind: members[0]!.kind,
      status,
      attempts: Math.max(...members.map((delivery) => delivery.attempts)),
      last_error: members.map((delivery) => delivery.lastError).find(Boolean) ?? null,
      recipients: members.map((delivery) => ({
        channel: delivery.key,
        target: delivery.target,
        status: apiStatus(delivery.status),
        attempts: delivery.attempts,
        last_error: delivery.lastError,
        sent_at: delivery.sentAt,
        digest_id: delivery.digestId,
      })),
    } satisfies AlertQueueItem['channels'][number];
  });
  return {
    id: record.alertId,
    workspace_id: record.workspaceId,
    token_id: record.tokenId,
    token_name: record.tokenName,
    expires_at: record.expiresAt,
    threshold: record.threshold,
    escalation: isEscalationAlertId(record.alertId),
    renewal_overdue: isRenewalOverdueAlertId(record.alertId),
    problem:
      endpointProblemTextOfAlert(record.alertId) ??
      (ctFindingOfAlertSubject(record.tokenId) ? CT_FINDING_ALERT_QUEUE_TEXT : null),
    status: record.status,
    dead_lettered: record.deadLettered,
    channels,
    attempts: record.receives,
    last_error: record.lastError,
    next_attempt_at: record.nextAttemptAt,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}
