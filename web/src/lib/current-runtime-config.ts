// In the page's first script (start-reads.ts): no zod here (runtime-config.ts reads and checks it).

/** The runtime settings the app runs with (`/config.json`, read by runtime-config.ts). */
export interface RuntimeConfig {
  readonly apiBaseUrl: string;
  readonly analyticsKey: string;
  readonly analyticsHost: string;
  /** Where people write for help; empty: no support address is shown. */
  readonly supportEmail: string;
  /** The community chat's address; empty: no chat link is shown. */
  readonly communityChatUrl: string;
}

export const defaultRuntimeConfig: Readonly<RuntimeConfig> = Object.freeze({
  apiBaseUrl: '',
  analyticsKey: '',
  analyticsHost: '',
  supportEmail: '',
  communityChatUrl: '',
});

let current: Readonly<RuntimeConfig> = defaultRuntimeConfig;

/** The settings loaded at start, or the defaults before (or without) a successful load. */
export function getRuntimeConfig(): Readonly<RuntimeConfig> {
  return current;
}

export function setRuntimeConfig(config: Readonly<RuntimeConfig>): Readonly<RuntimeConfig> {
  current = config;
  return current;
}

export const RUNTIME_CONFIG_URL = '/config.json';

/** How long start-up waits for `/config.json` before going on with the defaults. */
export const RUNTIME_CONFIG_TIMEOUT_MS = 3000;

/**
 * On `globalThis`: the page's first script (start-reads.ts) is built on its own, inline in
 * index.html, and asks for the settings; the app's load takes that answer.
 */
const shared = globalThis as typeof globalThis & {
  expiryRadarRuntimeConfigAhead?: Promise<Response> | null;
};

/**
 * Asks for `/config.json` as the page starts (start-reads.ts), before the reads it sends ahead:
 * a browser sends at most six requests at once to an HTTP/1.1 origin, and the app's first render
 * waits for the settings, not for those reads.
 */
export function requestRuntimeConfigAhead(): void {
  if (shared.expiryRadarRuntimeConfigAhead) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RUNTIME_CONFIG_TIMEOUT_MS);
  const answer = fetch(RUNTIME_CONFIG_URL, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    signal: controller.signal,
  });
  answer.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  shared.expiryRadarRuntimeConfigAhead = answer;
}

/** The answer of `requestRuntimeConfigAhead`, once (null when none was asked for). */
export function takeRuntimeConfigAhead(): Promise<Response> | null {
  const answer = shared.expiryRadarRuntimeConfigAhead ?? null;
  shared.expiryRadarRuntimeConfigAhead = null;
  return answer;
}
