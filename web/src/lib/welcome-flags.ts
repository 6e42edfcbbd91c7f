import { localStore, storageKeys } from './local-store';

/** Query parameters that open the welcome dialog when `true`. */
export const WELCOME_PARAMS = ['new_user', 'first_login', 'registered', 'verification_success'];

export function hasWelcomeParam(search: URLSearchParams): boolean {
  return WELCOME_PARAMS.some((name) => search.get(name) === 'true');
}

/** The search without the welcome parameters. */
export function withoutWelcomeParams(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of WELCOME_PARAMS) next.delete(name);
  return next;
}

/** Remembers that a welcome is due (set at registration, before the email is verified). */
export function markWelcomePending(): void {
  localStore.set(storageKeys.pendingWelcome, 'true');
}

export function isWelcomePending(): boolean {
  return localStore.get(storageKeys.pendingWelcome) === 'true';
}

export function clearWelcomePending(): void {
  localStore.remove(storageKeys.pendingWelcome);
}
