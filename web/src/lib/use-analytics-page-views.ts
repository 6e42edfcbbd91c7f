import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureEvent } from './analytics';

/**
 * Page views are sent by hand (automatic capture is off); a no-op without analytics. Their URL is
 * scrubbed with every other event, in the analytics chunk (posthog-analytics.ts, `before_send`),
 * which keeps the scrubbing out of the start-up bundle.
 */
export function useAnalyticsPageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    captureEvent('$pageview', { $current_url: `${window.location.origin}${pathname}${search}` });
  }, [pathname, search]);
}
