import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyNamed } from '../../components/lazy-named';
import { useSignedInHint, useSignedOutCleanup } from '../../features/session';
import { useAnalyticsPageViews } from '../../lib/use-analytics-page-views';
import { useBillingReturn } from '../query-params/use-billing-return';
import { useEmailChangedNotice } from '../query-params/use-email-changed-notice';
import { useWelcomeDialog } from '../query-params/use-welcome-dialog';

// Loaded only when a welcome is due: the landing chunk stays small.
const WelcomeDialog = lazyNamed(() => import('../query-params/welcome-dialog'), 'WelcomeDialog');

/**
 * The root route: the page, plus what query parameters ask for on any page (the welcome dialog, a
 * return from checkout or the billing portal, a completed email change).
 */
export function RootLayout() {
  const welcome = useWelcomeDialog();
  useBillingReturn();
  useEmailChangedNotice();
  useSignedOutCleanup();
  useSignedInHint();
  useAnalyticsPageViews();
  return (
    <>
      <Outlet />
      {welcome.open && (
        <Suspense fallback={null}>
          <WelcomeDialog open onClose={welcome.close} />
        </Suspense>
      )}
    </>
  );
}
