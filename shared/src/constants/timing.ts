/** Timings of the web client, in milliseconds. */

export const SEARCH_DEBOUNCE_MS = 300;
export const LIST_REFRESH_DEBOUNCE_MS = 350;
export const LIST_REFRESH_MIN_GAP_MS = 800;
export const REQUEST_TIMEOUT_MS = 10_000;
/** After a 401 outside public pages, redirect to /login after this delay. */
export const SESSION_EXPIRED_REDIRECT_MS = 800;

/** Session check on load: retries, with a delay growing from 100 ms to at most 500 ms. */
export const SESSION_CHECK = {
  dashboardRetries: 3,
  otherRetries: 1,
  initialDelayMs: 100,
  maxDelayMs: 500,
  /** How often the verification waiting page asks whether the address was verified elsewhere. */
  verificationWatchMs: 5_000,
} as const;

/** How long the web client reuses a GET answer before fetching it again. */
export const CLIENT_CACHE_MS = {
  workspaces: 30_000,
  plan: 15_000,
  organizationUsage: 15_000,
  auditEvents: 8_000,
  /**
   * Token lists and the dashboard's summary: long enough that the page takes what its loader
   * has just read rather than asking again as it mounts; the app's own changes reload them.
   */
  tokens: 10_000,
  /** The plans' prices change only with a deployment. */
  planPrices: 300_000,
} as const;
