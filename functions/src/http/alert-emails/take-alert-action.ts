import { createHttpHandler } from '../pipeline/create-http-handler';
import { takeAlertAction } from '../../services/alerts/alert-actions';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `POST /api/alert-actions?token=…`: the confirmation page's button. Does what the signed link
 * says (with the snooze's date or the renewal's new expiry from the body), once; refusals change
 * nothing and are audited. Public: the signature is the proof; the browser's CSRF token is asked
 * for like on every page's write.
 */
export const handler = createHttpHandler(
  alertRoutes.takeAlertAction,
  async ({ query, body, now }) => ({
    body: await takeAlertAction(query.token, body, now),
  }),
);
