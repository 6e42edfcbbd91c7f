import toast from 'react-hot-toast';
import { TOAST_SETTINGS } from '@expiry-radar/shared/constants/toast-settings';

/**
 * Toasts with de-duplication: an identical error within 4 s, or an identical
 * success within 2 s, is not shown again. The toast id is the message, so one never stacks twice.
 */
const lastShownAt = new Map<string, number>();

function shouldShow(key: string, windowMs: number, now: number): boolean {
  const last = lastShownAt.get(key);
  if (last !== undefined && now - last < windowMs) return false;
  lastShownAt.set(key, now);
  return true;
}

export function errorToastId(message: string): string {
  return `error:${message}`;
}

export function successToastId(message: string): string {
  return `success:${message}`;
}

/** Shows an error toast unless the same one was shown within the last 4 s. */
export function showErrorToast(message: string, now: number = Date.now()): boolean {
  const id = errorToastId(message);
  if (!shouldShow(id, TOAST_SETTINGS.errorDedupeMs, now)) return false;
  toast.error(message, { id });
  return true;
}

/** Shows a success toast unless the same one was shown within the last 2 s. */
export function showSuccessToast(message: string, now: number = Date.now()): boolean {
  const id = successToastId(message);
  if (!shouldShow(id, TOAST_SETTINGS.successDedupeMs, now)) return false;
  toast.success(message, { id });
  return true;
}

/** Forgets what was shown (tests). */
export function resetToastHistory(): void {
  lastShownAt.clear();
}
