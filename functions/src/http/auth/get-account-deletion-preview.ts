import { createHttpHandler } from '../pipeline/create-http-handler';
import { previewAccountDeletion } from '../../services/accounts/account-deletion';
import { requireSession } from '../pipeline/require-session';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

/**
 * `GET /auth/account/deletion`: what deleting the caller's account would do to each workspace
 * they own (members, tokens, the default successor), for the confirmation dialog.
 */
export const handler = createHttpHandler(
  accountRoutes.getAccountDeletionPreview,
  async ({ session }) => {
    const { user } = requireSession(session);
    return { body: await previewAccountDeletion(user.id) };
  },
);
