import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIST_REFRESH_DEBOUNCE_MS,
  LIST_REFRESH_MIN_GAP_MS,
} from '@expiry-radar/shared/constants/timing';
import { onTokensUpdated } from '../../../lib/tokens-updated';
import { tokenKeys } from '../api/token-keys';

/**
 * Reloads the workspace's token lists and facets on tokens-updated events: a burst
 * of events gives one reload 350 ms after the last, and reloads are at least 800 ms apart.
 */
export function useTokensUpdatedReload(workspaceId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastReloadAt = Number.NEGATIVE_INFINITY;
    const reload = () => {
      timer = undefined;
      lastReloadAt = Date.now();
      void queryClient.invalidateQueries({ queryKey: tokenKeys.workspace(workspaceId) });
    };
    const unsubscribe = onTokensUpdated((detail) => {
      if (detail.workspaceId !== undefined && detail.workspaceId !== workspaceId) return;
      if (timer !== undefined) clearTimeout(timer);
      const now = Date.now();
      const at = Math.max(now + LIST_REFRESH_DEBOUNCE_MS, lastReloadAt + LIST_REFRESH_MIN_GAP_MS);
      timer = setTimeout(reload, at - now);
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [queryClient, workspaceId]);
}
