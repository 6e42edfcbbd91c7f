import { createHttpHandler } from '../pipeline/create-http-handler';
import { OPENMETRICS_CONTENT_TYPE } from '../../domain/token-metrics';
import { tokenMetrics } from '../../services/tokens/token-metrics';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `GET /api/v1/workspaces/{id}/metrics`: the workspace's tokens as Prometheus metrics in the
 * OpenMetrics text format, for a Prometheus scrape with an API key (read access is enough) or a
 * member's session; like the export, for every member, viewers too; non-members get 404.
 */
export const handler = createHttpHandler(
  invitationRoutes.getTokenMetrics,
  async ({ params, workspaceAccess, now }) => {
    const access = await workspaceAccess(params.id);
    return {
      text: await tokenMetrics(access, now),
      headers: { 'content-type': OPENMETRICS_CONTENT_TYPE, 'cache-control': 'no-store' },
    };
  },
);
