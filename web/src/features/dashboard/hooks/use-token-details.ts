import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Token } from '@expiry-radar/shared/domain/token';
import { queryParams } from '../../../lib/paths';
import { tokenByIdQueryOptions } from '../../tokens';

/** The history state of the entry opening a token's Details pushed (closing goes back past it). */
interface DetailsEntryState {
  readonly tokenDetails?: boolean;
}

export interface TokenDetails {
  /** The token whose Details dialog is open, or null. */
  readonly token: Token | null;
  /**
   * The link names a token this workspace does not have (deleted since, or another's): the
   * parameter stays, and so does the answer, until the page moves on.
   */
  readonly linkMissing: boolean;
  readonly open: (token: Token) => void;
  readonly close: () => void;
  /** The open token as saved (or renewed) since. */
  readonly update: (saved: Token) => void;
}

/**
 * A token's Details dialog is open while the URL names it (`token=<id>`, also the button of an
 * alert email), so it is a history entry: opening it from a row adds one, Back closes the dialog
 * and leaves the page as it was, Forward opens it again. Closing it goes back past the entry it
 * added, or drops the parameter of a link that opened on it.
 */
export function useTokenDetails(workspaceId: string): TokenDetails {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const tokenId = search.get(queryParams.token);
  // The token as the row (or the last save) had it: it shows at once, with no read.
  const [known, setKnown] = useState<Token | null>(null);
  const knownHere = known !== null && known.id === tokenId;
  const linked = useQuery({
    ...tokenByIdQueryOptions(workspaceId, tokenId ?? ''),
    enabled: tokenId !== null && tokenId !== '' && !knownHere,
  });
  // Closing goes back past the entry once the dialog is gone: with it would go its guard of
  // unsaved changes (a save refused as the token was deleted), which would ask about that Back.
  const [leaving, setLeaving] = useState<string | null>(null);
  if (leaving !== null && leaving !== tokenId) setLeaving(null);
  const shown = tokenId !== null && leaving !== tokenId;
  const token = !shown ? null : knownHere ? known : (linked.data ?? null);
  const linkMissing = tokenId !== null && !knownHere && (tokenId === '' || linked.data === null);
  const addedEntry = (location.state as DetailsEntryState | null)?.tokenDetails === true;

  const open = useCallback(
    (opened: Token) => {
      setKnown(opened);
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(queryParams.token, opened.id);
          return next;
        },
        { state: { tokenDetails: true } satisfies DetailsEntryState },
      );
    },
    [setSearch, setKnown],
  );

  useEffect(() => {
    if (leaving !== null && leaving === tokenId) void navigate(-1);
  }, [leaving, tokenId, navigate]);

  const close = useCallback(() => {
    if (addedEntry) {
      setLeaving(tokenId);
      return;
    }
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(queryParams.token);
        return next;
      },
      { replace: true },
    );
  }, [addedEntry, tokenId, setSearch]);

  const update = useCallback(
    (saved: Token) => {
      setKnown((current) => (current === null || current.id === saved.id ? saved : current));
    },
    [setKnown],
  );

  return { token, linkMissing, open, close, update };
}
