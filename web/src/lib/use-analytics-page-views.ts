import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureEvent } from './analytics';
import { sanitizeUrl } from './analytics-sanitize';

/** Page views are sent by hand (automatic capture is off), scrubbed; a no-op without analytics. */
export function useAnalyticsPageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    captureEvent('$pageview', {
      $current_url: sanitizeUrl(`${window.location.origin}${pathname}${search}`),
    });
  }, [pathname, search]);
}
