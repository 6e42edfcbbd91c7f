import type { RuntimeConfig } from './runtime-config';
import type { Properties } from './analytics-sanitize';
import { logger } from './logger';

/**
 * Optional analytics: nothing is loaded or sent unless both the key and the host are
 * configured. posthog-js is then loaded in its own chunk.
 */
export interface AnalyticsClient {
  capture: (event: string, properties?: Properties) => void;
}

let client: AnalyticsClient | null = null;
let removeErrorListeners: (() => void) | null = null;

export function isAnalyticsConfigured(
  config: Pick<RuntimeConfig, 'analyticsKey' | 'analyticsHost'>,
) {
  return config.analyticsKey !== '' && config.analyticsHost !== '';
}

export function describeError(reason: unknown): { message: string; name?: string } {
  if (reason instanceof Error) return { message: reason.message, name: reason.name };
  return { message: typeof reason === 'string' ? reason : 'Unknown error' };
}

/** Sends unhandled errors and rejections as `unhandled_error` / `unhandled_promise_rejection`. */
function listenForUnhandledErrors(analytics: AnalyticsClient): () => void {
  const onError = (event: ErrorEvent) => {
    analytics.capture('unhandled_error', {
      ...describeError(event.error ?? event.message),
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    analytics.capture('unhandled_promise_rejection', describeError(event.reason));
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Starts analytics when configured; resolves to whether it started. */
export async function initAnalytics(
  config: Pick<RuntimeConfig, 'analyticsKey' | 'analyticsHost'>,
): Promise<boolean> {
  if (!isAnalyticsConfigured(config) || client) return client !== null;
  try {
    const { startPosthog } = await import('./posthog-analytics');
    client = startPosthog(config.analyticsKey, config.analyticsHost);
    removeErrorListeners = listenForUnhandledErrors(client);
    return true;
  } catch (error) {
    logger.warn('Analytics could not start', error);
    return false;
  }
}

/** Sends an event when analytics runs; otherwise nothing. */
export function captureEvent(event: string, properties?: Properties): void {
  client?.capture(event, properties);
}

export function isAnalyticsRunning(): boolean {
  return client !== null;
}

/** Stops listening and forgets the client (tests). */
export function resetAnalytics(): void {
  removeErrorListeners?.();
  removeErrorListeners = null;
  client = null;
}

/** An error React caught (crash screen, router error page), sent like an unhandled one. */
export function captureCaughtError(error: unknown, where: string): void {
  captureEvent('unhandled_error', { ...describeError(error), boundary: where });
}
