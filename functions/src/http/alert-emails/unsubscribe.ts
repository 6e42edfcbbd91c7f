import { createHttpHandler } from '../pipeline/create-http-handler';
import { setSubscription } from '../../services/alerts/alert-unsubscribe';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `POST /api/alert-emails/unsubscribe?token=…`: stops the alert emails of the signed link's
 * workspaces to its address; with `resume=true` (the unsubscribe page's undo) resumes them. The
 * List-Unsubscribe header's one-click address (RFC 8058): mail clients POST
 * `List-Unsubscribe=One-Click` as a form, without cookies or CSRF token; the signature is the
 * proof. Idempotent; 400 for a token that does not verify.
 */
export const handler = createHttpHandler(
  alertRoutes.unsubscribeAlertEmails,
  async ({ query, now }) => ({ body: await setSubscription(query.token, query.resume, now) }),
  { oneClickPost: true },
);
