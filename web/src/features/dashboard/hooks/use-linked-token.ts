import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Token } from '@expiry-radar/shared/domain/token';
import { queryParams } from '../../../lib/paths';
import { tokenByIdQueryOptions } from '../../tokens';

/**
 * `/dashboard?workspace=…&token=<id>` (the button of an alert email): reads that token and hands
 * it to `open` once, then drops the parameter so closing the dialog keeps it closed. Answers
 * whether the link names a token this workspace does not have (deleted since, or another's); the
 * parameter then stays, and so does the answer, until the page moves on.
 */
export function useLinkedToken(workspaceId: string, open: (token: Token) => void): boolean {
  const [search, setSearch] = useSearchParams();
  const tokenId = search.get(queryParams.token);
  const linked = useQuery({
    ...tokenByIdQueryOptions(workspaceId, tokenId ?? ''),
    enabled: tokenId !== null && tokenId !== '',
  });
  const settled = tokenId !== null && (tokenId === '' || !linked.isPending);
  const found = linked.data;

  useEffect(() => {
    if (!settled || !found) return;
    open(found);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(queryParams.token);
        return next;
      },
      { replace: true },
    );
  }, [settled, found, open, setSearch]);

  return settled && !found;
}
