/** Toasts: react-hot-toast's position, durations and the de-duplication windows. */

export const TOAST_SETTINGS = {
  position: 'top-right',
  durationsMs: {
    blank: 4_000,
    error: 4_000,
    success: 2_000,
    loading: Number.POSITIVE_INFINITY,
    custom: 4_000,
  },
  /** A dismissed toast is removed after this delay. */
  removeDelayMs: 1_000,
  /** Distance from the screen edges, in px. */
  offsetPx: 16,
  /** Identical error toasts within this window are suppressed. */
  errorDedupeMs: 4_000,
  /** Identical success toasts within this window are suppressed. */
  successDedupeMs: 2_000,
} as const;
