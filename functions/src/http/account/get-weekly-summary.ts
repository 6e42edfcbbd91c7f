import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { weeklySummarySettingsOf } from '../../services/accounts/weekly-summary-settings';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/** `GET /api/account/weekly-summary`: whether the caller gets the weekly summary, and when. */
export const handler = createHttpHandler(billingRoutes.getWeeklySummary, async ({ session }) => {
  const { user } = requireSession(session);
  return { body: await weeklySummarySettingsOf(user.id) };
});
