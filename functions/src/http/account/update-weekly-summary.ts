import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { updateWeeklySummarySettings } from '../../services/accounts/weekly-summary-settings';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `PUT /api/account/weekly-summary`: turns the caller's weekly summary on (Monday 08:00 in the
 * time zone given) or off.
 */
export const handler = createHttpHandler(
  billingRoutes.updateWeeklySummary,
  async ({ session, body, now }) => {
    const { user } = requireSession(session);
    return { body: await updateWeeklySummarySettings(user.id, body, now) };
  },
);
