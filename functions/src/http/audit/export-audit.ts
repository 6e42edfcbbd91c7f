import { auditEventsToCsv } from '../../domain/audit-csv';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import {
  auditSourceOf,
  readAuditEvents,
  type AuditSource,
} from '../../services/audit/audit-sources';
import { auditRoutes } from '@expiry-radar/shared/api/routes/audit-routes';

/**
 * `GET /api/account/export-audit`: up to `limit` events (newest first, optionally `since` a date)
 * of a workspace, the caller's organization or their own, as a JSON or CSV file download.
 */
export const handler = createHttpHandler(
  auditRoutes.exportAudit,
  async ({ query, session, now }) => {
    const { user } = requireSession(session);
    const source = auditSourceOf(query);
    const events = await readAuditEvents(source, user, {
      count: query.limit,
      since: query.since,
      now,
    });
    const fileName = exportFileName(source, query.format, now);
    const headers = { 'content-disposition': `attachment; filename="${fileName}"` };
    if (query.format === 'csv') {
      return {
        text: auditEventsToCsv(events),
        headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
      };
    }
    return { body: events, headers };
  },
);

export function exportFileName(source: AuditSource, format: 'json' | 'csv', now: Date): string {
  const label =
    source.kind === 'workspace'
      ? `workspace-${source.workspaceId.replace(/[^A-Za-z0-9-]/g, '-')}`
      : source.kind === 'organization'
        ? 'organization'
        : 'account';
  return `expiry-radar-audit-${label}-${now.toISOString().slice(0, 10)}.${format}`;
}
