import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { reportScan } from '../../services/tokens/token-scan';
import { requireEditor, requireNotFrozen } from '../../services/workspaces/workspace-access';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `POST /api/v1/workspaces/{id}/scans`: admins and workspace managers of a workspace that is not
 * frozen (with a read-write API key, as the command-line tool sends) report what a scan of files
 * or of a Kubernetes cluster found; with dry_run, what it would change, written nowhere.
 */
export const handler = createHttpHandler(
  invitationRoutes.reportScan,
  async ({ params, body, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    requireEditor(access);
    requireNotFrozen(access);
    return { body: await reportScan({ access, user, request: body, now }) };
  },
);
