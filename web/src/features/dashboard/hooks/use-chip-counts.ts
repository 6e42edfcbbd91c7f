import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TokenFacets } from '@expiry-radar/shared/api/token-api-schemas';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import { chipCounts, type CardCounts, type CardCountsByCategory } from '../chip-counts';
import { firstPageQueryOptions } from '../first-page-query';

interface ChipCountsOptions {
  readonly workspaceId: string;
  /** The section filter: a name, `__none__` or `__all__`. */
  readonly section: string;
  readonly assignedToMe: boolean;
  /** The categories whose cards are shown. */
  readonly shown: readonly Category[];
  /** The workspace's facets with no filter: the chips' counts until the cards have answered. */
  readonly unfiltered: TokenFacets | undefined;
}

export interface ChipCountsState {
  /** The counts the chips show (chip-counts.ts); undefined before anything has answered. */
  readonly counts: TokenFacets | undefined;
  /** A shown card's answer, as it shows it; undefined as the card goes. Stable. */
  readonly reportCounts: (category: Category, counts: CardCounts | undefined) => void;
}

/**
 * The filter chips' counts, following the section and "Assigned to me" filters and each card's
 * search: the shown cards report their answers (CategoryCard's `onCounts`). With a category
 * chosen, the others count from the chosen category's list without a search, whose category
 * facet counts every category under the same filters: the card's own list unless it is searched
 * or sorted, so mostly no request of its own. Until every shown card has answered (one shown
 * again after other filters changed), the chips keep the counts they last showed.
 */
export function useChipCounts({
  workspaceId,
  section,
  assignedToMe,
  shown,
  unfiltered,
}: ChipCountsOptions): ChipCountsState {
  const [cards, setCards] = useState<CardCountsByCategory>({});
  const reportCounts = useCallback((category: Category, counts: CardCounts | undefined) => {
    setCards((current) =>
      current[category] === counts ? current : { ...current, [category]: counts },
    );
  }, []);
  const someHidden = shown.length < CATEGORIES.length;
  const hidden = useInfiniteQuery({
    ...firstPageQueryOptions(workspaceId, shown[0] ?? CATEGORIES[0], section, assignedToMe),
    enabled: someHidden,
    placeholderData: keepPreviousData,
    // Mostly the chosen card's own list, as fresh as the card keeps it: choosing a category asks
    // for nothing again, unless tokens changed since (the list was invalidated).
    refetchOnMount: (query) => query.state.isInvalidated,
  });
  const hiddenCounts = someHidden ? hidden.data?.pages[0]?.facets.category : undefined;
  const current = useMemo(
    () => chipCounts(shown, cards, hiddenCounts),
    [shown, cards, hiddenCounts],
  );
  const [lastShown, setLastShown] = useState(current);
  if (current !== undefined && current !== lastShown) setLastShown(current);
  return { counts: current ?? lastShown ?? unfiltered, reportCounts };
}
