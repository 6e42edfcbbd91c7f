import posthog from 'posthog-js';
import type { PostHogConfig } from 'posthog-js';
import type { AnalyticsClient } from './analytics';
import { sanitizeEvent } from './analytics-sanitize';
import type { Properties } from './analytics-sanitize';

/**
 * PostHog kept to the minimum: no cookies (memory only), no automatic page views, autocapture,
 * session recording or surveys; Do Not Track respected; every event scrubbed before it is sent.
 */
export function posthogOptions(host: string): Partial<PostHogConfig> {
  return {
    api_host: host,
    capture_pageview: false,
    autocapture: false,
    disable_session_recording: true,
    disable_surveys: true,
    capture_performance: false,
    persistence: 'memory',
    respect_dnt: true,
    cookieless_mode: 'always',
    disable_compression: false,
    request_batching: true,
    before_send: (event) => (event ? sanitizeEvent(event) : null),
  };
}

export function startPosthog(key: string, host: string): AnalyticsClient {
  posthog.init(key, posthogOptions(host));
  return {
    capture: (event: string, properties?: Properties) => {
      posthog.capture(event, properties);
    },
  };
}
