/**
 * Locally, the hourly EventBridge schedule: a timer running the same scan every
 * ALERT_SCAN_INTERVAL_SECONDS (default 3600). Runs never overlap; `runNow` is the
 * `npm run alerts:scan` trigger.
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

export function scanIntervalSeconds(): number {
  const raw = process.env.ALERT_SCAN_INTERVAL_SECONDS;
  const value = Number(raw);
  if (raw === undefined || raw === '') return 3600;
  if (!Number.isFinite(value) || value < 1) {
    throw new Error(`ALERT_SCAN_INTERVAL_SECONDS must be a number of seconds, not "${raw}".`);
  }
  return value;
}
