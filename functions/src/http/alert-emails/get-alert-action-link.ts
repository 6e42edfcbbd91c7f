import { createHttpHandler } from '../pipeline/create-http-handler';
import { describeAlertActionLink } from '../../services/alerts/alert-actions';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `GET /api/alert-actions?token=…`: what a signed action link of an alert (acknowledge, snooze,
 * renewed) would do, for its confirmation page. Public: the signature is the proof. Changes
 * nothing, so a mail scanner that follows the link does no harm; 400 with the reason for a link
 * that is not valid, expired, used, out of date or about a deleted token.
 */
export const handler = createHttpHandler(
  alertRoutes.getAlertActionLink,
  async ({ query, now }) => ({
    body: await describeAlertActionLink(query.token, now),
  }),
);
