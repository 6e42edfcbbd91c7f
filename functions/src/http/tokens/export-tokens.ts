import { createHttpHandler } from '../pipeline/create-http-handler';
import { exportTokens } from '../../services/tokens/token-export';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `GET /api/v1/workspaces/{id}/tokens/export`: every token of the workspace as a CSV or JSON file
 * download. Like the token list, for every member (viewers too; frozen workspaces included, so
 * their tokens can be taken out); non-members get 404.
 */
export const handler = createHttpHandler(
  invitationRoutes.exportTokens,
  async ({ params, query, workspaceAccess, now }) => {
    const access = await workspaceAccess(params.id);
    const file = await exportTokens(access, query.format, now);
    return {
      text: file.text,
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName}"`,
      },
    };
  },
);
