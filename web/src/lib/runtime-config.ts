// zod/mini keeps the start-up bundle small; the full zod loads with the pages that need it.
import * as z from 'zod/mini';
import {
  defaultRuntimeConfig,
  getRuntimeConfig,
  RUNTIME_CONFIG_TIMEOUT_MS,
  RUNTIME_CONFIG_URL,
  setRuntimeConfig,
  takeRuntimeConfigAhead,
  type RuntimeConfig,
} from './current-runtime-config';

export {
  defaultRuntimeConfig,
  getRuntimeConfig,
  RUNTIME_CONFIG_TIMEOUT_MS,
  RUNTIME_CONFIG_URL,
  type RuntimeConfig,
};

/**
 * Runtime settings, served as `/config.json` beside the SPA (written by CDK at deploy
 * time, served by the local server locally) so one build runs everywhere. A missing or malformed
 * field falls back to the empty string: the app always starts.
 */
const setting = z.catch(z.string().check(z.trim()), '');

export const runtimeConfigSchema: z.ZodMiniType<RuntimeConfig> = z.catch(
  z.object({
    apiBaseUrl: setting,
    analyticsKey: setting,
    analyticsHost: setting,
    supportEmail: setting,
    communityChatUrl: setting,
  }),
  () => ({ ...defaultRuntimeConfig }),
);

let loading: Promise<Readonly<RuntimeConfig>> | null = null;

/**
 * Settles with the settings once the load started at start has ended (at once when none was
 * started, as in tests): what needs the API's address before the app has rendered waits for it.
 */
export function runtimeConfigLoaded(): Promise<Readonly<RuntimeConfig>> {
  return loading ?? Promise.resolve(getRuntimeConfig());
}

/**
 * Reads `/config.json` once at start (the answer asked for as the page started, if any); never
 * rejects.
 */
export function loadRuntimeConfig(
  fetchFn: typeof fetch = (...args) => takeRuntimeConfigAhead() ?? fetch(...args),
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
    return setRuntimeConfig(
      response.ok
        ? Object.freeze(runtimeConfigSchema.parse(await response.json()))
        : defaultRuntimeConfig,
    );
  } catch {
    return setRuntimeConfig(defaultRuntimeConfig);
  } finally {
    clearTimeout(timer);
  }
}
