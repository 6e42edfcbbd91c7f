import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useSession } from '../../features/session';
import { logger } from '../../lib/logger';
import {
  billingReturnKey,
  hasBillingReturnParam,
  withoutBillingReturnParams,
} from './billing-return-params';

/** Handles the billing return parameters once, then removes them from the URL. */
export function useBillingReturn(): void {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const { isLoading, isLoggedIn } = useSession();
  const present = hasBillingReturnParam(search);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!present || isLoading) return;
    // Removed on every pass: another update of the URL may have been based on the old one.
    setSearch((current) => withoutBillingReturnParams(current), { replace: true });
    const key = billingReturnKey(search);
    if (handled.current === key) return;
    handled.current = key;
    if (!isLoggedIn) return;
    const params = new URLSearchParams(search);
    // Its own chunk: only a billing return needs it.
    import('../../features/billing')
      .then(({ handleBillingReturn }) => handleBillingReturn(queryClient, params))
      .catch((error: unknown) => logger.error('Billing return failed', error));
  }, [present, isLoading, isLoggedIn, search, setSearch, queryClient]);
}
