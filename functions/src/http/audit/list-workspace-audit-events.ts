import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { readAuditEvents } from '../../services/audit/audit-sources';
import { auditRoutes } from '@expiry-radar/shared/api/routes/audit-routes';

/** `GET /api/v1/workspaces/{id}/audit-events`: for its admin and workspace managers. */
export const handler = createHttpHandler(
  auditRoutes.listWorkspaceAuditEvents,
  async ({ params, query, session, now }) => {
    const { user } = requireSession(session);
    const events = await readAuditEvents({ kind: 'workspace', workspaceId: params.id }, user, {
      count: query.offset + query.limit,
      now,
    });
    return { body: { items: events.slice(query.offset) } };
  },
);
