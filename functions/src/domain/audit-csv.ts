/**
 * Audit events as CSV (RFC 4180): every field quoted when it holds a comma, quote or line break,
 * quotes doubled, CRLF line ends. Text that a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 */
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_id',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'workspace_id',
  'metadata',
] as const;

export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function auditEventsToCsv(events: readonly AuditEvent[]): string {
  const rows = events.map((event) =>
    [
      event.id,
      event.occurred_at,
      event.actor.id,
      event.actor.email,
      event.action,
      event.target_type,
      event.target_id,
      event.workspace_id,
      JSON.stringify(event.metadata),
    ]
      .map(csvField)
      .join(','),
  );
  return [AUDIT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
