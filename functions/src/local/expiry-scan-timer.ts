/**
 * Locally, the hourly EventBridge schedules: a timer running the same job (the expiry scan every
 * ALERT_SCAN_INTERVAL_SECONDS, the weekly summary every WEEKLY_SUMMARY_INTERVAL_SECONDS; default
 * 3600 each). Runs of one job never overlap; `runNow` is the `npm run alerts:scan` trigger.
 */
export interface ExpiryScanTimer {
  runNow(): Promise<unknown>;
  stop(): Promise<void>;
}

export function startExpiryScanTimer(options: {
  intervalSeconds: number;
  scan: () => Promise<unknown>;
  onError?: (error: unknown) => void;
}): ExpiryScanTimer {
  let chain: Promise<unknown> = Promise.resolve();
  let running = false;
  const runNow = (): Promise<unknown> => {
    const next = chain
      .catch(() => undefined)
      .then(async () => {
        running = true;
        try {
          return await options.scan();
        } finally {
          running = false;
        }
      });
    chain = next;
    return next;
  };
  const timer = setInterval(() => {
    if (running) return;
    runNow().catch((error: unknown) => options.onError?.(error));
  }, options.intervalSeconds * 1000);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      clearInterval(timer);
      await chain.catch(() => undefined);
    },
  };
}

/** Seconds from an environment variable (default an hour, as the EventBridge schedules). */
function intervalSecondsOf(variable: string): number {
  const raw = process.env[variable];
  const value = Number(raw);
  if (raw === undefined || raw === '') return 3600;
  if (!Number.isFinite(value) || value < 1) {
    throw new Error(`${variable} must be a number of seconds, not "${raw}".`);
  }
  return value;
}

export function scanIntervalSeconds(): number {
  return intervalSecondsOf('ALERT_SCAN_INTERVAL_SECONDS');
}

/** The weekly summary job's timer: hourly, as its schedule (each user's Monday morning comes). */
export function weeklySummaryIntervalSeconds(): number {
  return intervalSecondsOf('WEEKLY_SUMMARY_INTERVAL_SECONDS');
}

/** The endpoint check dispatcher's timer: every 6 hours unless ENDPOINT_CHECK_INTERVAL_SECONDS. */
export function endpointCheckIntervalSeconds(): number {
  return process.env.ENDPOINT_CHECK_INTERVAL_SECONDS
    ? intervalSecondsOf('ENDPOINT_CHECK_INTERVAL_SECONDS')
    : 6 * 3600;
}

/**
 * The registration check dispatcher's timer: hourly, as its schedule (each followed domain is due
 * a day after its last check, sooner after a failure), unless REGISTRATION_CHECK_INTERVAL_SECONDS.
 */
export function registrationCheckIntervalSeconds(): number {
  return process.env.REGISTRATION_CHECK_INTERVAL_SECONDS
    ? intervalSecondsOf('REGISTRATION_CHECK_INTERVAL_SECONDS')
    : 3600;
}

/**
 * The certificate transparency watch's timer: hourly, as its schedule (each watched domain is
 * read once an hour, sooner after a failure), unless CT_WATCH_INTERVAL_SECONDS.
 */
export function ctWatchIntervalSeconds(): number {
  return process.env.CT_WATCH_INTERVAL_SECONDS
    ? intervalSecondsOf('CT_WATCH_INTERVAL_SECONDS')
    : 3600;
}

/**
 * The integration sync dispatcher's timer: hourly, as its schedule (each enabled daily
 * integration is due a day after its last dispatch), unless INTEGRATION_SYNC_INTERVAL_SECONDS.
 */
export function integrationSyncIntervalSeconds(): number {
  return process.env.INTEGRATION_SYNC_INTERVAL_SECONDS
    ? intervalSecondsOf('INTEGRATION_SYNC_INTERVAL_SECONDS')
    : 3600;
}
