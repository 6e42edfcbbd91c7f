// zod/mini keeps the start-up bundle small; the full zod loads with the pages that need it.
import * as z from 'zod/mini';

/**
 * Runtime settings, served as `/config.json` beside the SPA (written by CDK at deploy
 * time, served by the local server locally) so one build runs everywhere. A missing or malformed
 * field falls back to the empty string: the app always starts.
 */
const setting = z.catch(z.string().check(z.trim()), '');

export const runtimeConfigSchema = z.catch(
  z.object({
    apiBaseUrl: setting,
    analyticsKey: setting,
    analyticsHost: setting,
  }),
  () => ({ apiBaseUrl: '', analyticsKey: '', analyticsHost: '' }),
);

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_URL = '/config.json';

/** How long start-up waits for `/config.json` before going on with the defaults. */
export const RUNTIME_CONFIG_TIMEOUT_MS = 3000;

export const defaultRuntimeConfig: Readonly<RuntimeConfig> = Object.freeze({
  apiBaseUrl: '',
  analyticsKey: '',
  analyticsHost: '',
});

let current: Readonly<RuntimeConfig> = defaultRuntimeConfig;

/** The settings loaded at start, or the defaults before (or without) a successful load. */
export function getRuntimeConfig(): Readonly<RuntimeConfig> {
  return current;
}

let loading: Promise<Readonly<RuntimeConfig>> | null = null;

/**
 * Settles with the settings once the load started at start has ended (at once when none was
 * started, as in tests): what needs the API's address before the app has rendered waits for it.
 */
export function runtimeConfigLoaded(): Promise<Readonly<RuntimeConfig>> {
  return loading ?? Promise.resolve(current);
}

/** Reads `/config.json` once at start; never rejects. */
export function loadRuntimeConfig(
  fetchFn: typeof fetch = (...args) => fetch(...args),
): Promise<Readonly<RuntimeConfig>> {
  loading = readRuntimeConfig(fetchFn);
  return loading;
}

async function readRuntimeConfig(fetchFn: typeof fetch): Promise<Readonly<RuntimeConfig>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RUNTIME_CONFIG_TIMEOUT_MS);
  try {
    const response = await fetchFn(RUNTIME_CONFIG_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    current = response.ok
      ? Object.freeze(runtimeConfigSchema.parse(await response.json()))
      : defaultRuntimeConfig;
  } catch {
    current = defaultRuntimeConfig;
  } finally {
    clearTimeout(timer);
  }
  return current;
}
