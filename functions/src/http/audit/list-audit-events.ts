import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { auditSourceOf, readAuditEvents } from '../../services/audit/audit-sources';
import { auditRoutes } from '@expiry-radar/shared/api/routes/audit-routes';

/**
 * `GET /api/audit-events`: the events the caller acted in, or with `scope=organization` the
 * events of every workspace they own; newest first.
 */
export const handler = createHttpHandler(
  auditRoutes.listAuditEvents,
  async ({ query, session, now }) => {
    const { user } = requireSession(session);
    const events = await readAuditEvents(auditSourceOf(query), user, {
      count: query.offset + query.limit,
      now,
    });
    return { body: { items: events.slice(query.offset) } };
  },
);
