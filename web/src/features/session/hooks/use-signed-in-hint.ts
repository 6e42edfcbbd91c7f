import { useEffect } from 'react';
import { localStore, storageKeys } from '../../../lib/local-store';
import { useSession } from './use-session';

/**
 * Mounted at the root: keeps in localStorage whether the last session check found a signed-in,
 * verified session (sign-in, sign-out and every check update it; a check that got no answer
 * leaves it). The page's first script asks for the dashboard's reads that need a session ahead of
 * the session's own answer only when it is set (dashboard-requests-ahead.ts).
 */
export function useSignedInHint(): void {
  const { isLoading, checkFailed, isLoggedIn, needsVerification } = useSession();
  const known = !isLoading && !checkFailed;
  const signedIn = isLoggedIn && !needsVerification;
  useEffect(() => {
    if (!known) return;
    if (signedIn) localStore.set(storageKeys.signedIn, 'true');
    else localStore.remove(storageKeys.signedIn);
  }, [known, signedIn]);
}
