import { localStore, storageKeys } from './local-store';

// In the page's first script (start-reads.ts): nothing here may bring React or zod.

/**
 * Remembers the workspaces the page can select (the user's list, frozen ones left out), so the
 * page's first script can tell, before the list answers, a link to a workspace the user is not in.
 */
export function rememberWorkspaces(ids: readonly string[]): void {
  localStore.set(storageKeys.knownWorkspaces, ids.join(' '));
}

/**
 * Whether a link's workspace may be one the page selects: one of those remembered, or any when
 * none are (a first visit in this browser). A workspace that does not exist or is another's
 * answers its reads with 404, which the page's first script then need not ask for.
 */
export function mayBeKnownWorkspace(id: string): boolean {
  const known = localStore.get(storageKeys.knownWorkspaces);
  return known === null || known.split(' ').includes(id);
}
