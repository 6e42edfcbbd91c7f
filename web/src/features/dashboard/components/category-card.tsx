import { countText } from '@expiry-radar/shared/domain/count-text';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@expiry-radar/shared/constants/timing';
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import { TOKEN_SEARCH_MAX_LENGTH } from '@expiry-radar/shared/domain/token-list';
import { tokenListQueryOptions } from '../../tokens';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { CardCounts } from '../chip-counts';
import { useRowsAfterFirstPaint } from '../hooks/use-rows-after-first-paint';
import type { SortKey, TokenSortState } from '../token-sorting';
import { DEFAULT_SORT, requestSort, sortTokens, toggleSort } from '../token-sorting';
import { CardSection, cardClasses } from './category-card-styles';
import type { TokenActionHandlers } from './token-actions';
import { TokenCardList } from './token-card-list';
import { TokenSortSelect } from './token-sort-select';
import { TokenTable } from './token-table';

export const NO_RESULTS_IN_CATEGORY = 'No results in this category.';

/** From this width up a category's tokens are a table; below it, cards. */
export const DESKTOP_TABLE_BREAKPOINT = 'lg';

/**
 * A list this recent is not fetched again when its card mounts: the dashboard prefetches the
 * first pages while the summary loads (the cards mount after it). Reloads after changes
 * (tokens-updated) invalidate the lists whatever their age.
 */
const LIST_FRESH_MS = 5_000;

/** A card's height before it is first laid out: its header and rows (table) or cards (narrow). */
function estimatedHeight(rows: number, narrow: boolean): number {
  return 140 + rows * (narrow ? 170 : 53);
}

interface CategoryCardProps extends TokenActionHandlers {
  definition: CategoryDefinition;
  workspaceId: string;
  /** The section filter: a name, `__none__` or `__all__`. */
  section: string;
  /** Only the tokens the signed-in member owns. */
  assignedToMe?: boolean;
  canEdit: boolean;
  now: Date;
  /** Called at the commit that shows the first page (performance timeline). */
  onFirstPage?: (category: CategoryDefinition['value']) => void;
  /** The rows its first render shows (first-screen-rows.ts); the rest follow at once. */
  firstRenderRows?: number;
  /** The search the card opens with (the URL's `search.<category>`). */
  initialSearch?: string;
  /** Called with the search once it settles, to keep it in the URL. */
  onSearch?: (category: CategoryDefinition['value'], text: string) => void;
  /**
   * Called with the counts of the answer the card shows, at the commit that shows it, and with
   * undefined as the card goes: the filter chips count what the cards show.
   */
  onCounts?: (category: CategoryDefinition['value'], counts: CardCounts | undefined) => void;
}

/** The id of a category card's search box: where the focus goes after one of its tokens goes. */
export function categorySearchInputId(category: string): string {
  return `search-${category}`;
}

/** The search box's magnifier (drawn here: an MUI icon is a component to render and style). */
function SearchGlyph() {
  return (
    <svg
      className={cardClasses.searchIcon}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10.5" cy="10.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m15 15 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * One category's tokens: its own search (debounced 300 ms, kept in the URL), sortable columns, a table
 * on wide screens and cards on narrow ones, and "Load more" while the server has more. The first
 * render of its rows shows a first screen's worth, the rest follow at once in a transition
 * (useRowsAfterFirstPaint). Memoized: a chip or another card's change does not re-render it.
 */
export const CategoryCard = memo(function CategoryCard({
  definition,
  workspaceId,
  section,
  assignedToMe = false,
  canEdit,
  now,
  onFirstPage,
  firstRenderRows,
  initialSearch = '',
  onSearch,
  onCounts,
  ...actions
}: CategoryCardProps) {
  const theme = useTheme();
  // Below the top bar's desktop width a category's columns do not fit: cards, with a sort select.
  const narrow = useMediaQuery(theme.breakpoints.down(DESKTOP_TABLE_BREAKPOINT), { noSsr: true });
  const [search, setSearch] = useState(initialSearch);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (q !== initialSearch.trim()) onSearch?.(definition.value, q);
  }, [q, initialSearch, onSearch, definition.value]);
  const [sort, setSort] = useState<TokenSortState>(DEFAULT_SORT);
  const query = useInfiniteQuery({
    ...tokenListQueryOptions(workspaceId, {
      category: definition.value,
      q,
      sort: requestSort(sort),
      section,
      ...(assignedToMe ? { assignedToMe } : {}),
    }),
    placeholderData: keepPreviousData,
    staleTime: LIST_FRESH_MS,
  });
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } =
    query;
  const tokens = useMemo(
    () => sortTokens(data?.pages.flatMap((page) => page.items) ?? [], sort),
    [data, sort],
  );
  // The first render of the rows shows a first screen's worth; the rest follow in a transition.
  const shown = useRowsAfterFirstPaint(tokens, firstRenderRows);
  const firstPage = data?.pages[0];
  const total = firstPage?.total ?? 0;
  const titleId = `category-${definition.value}-title`;
  const loaded = data !== undefined;

  // Layout effects: the chips change in the same paint as the card's count.
  useLayoutEffect(() => {
    if (firstPage) {
      onCounts?.(definition.value, { total: firstPage.total, sections: firstPage.facets.section });
    }
  }, [firstPage, onCounts, definition.value]);
  useLayoutEffect(
    () => () => onCounts?.(definition.value, undefined),
    [onCounts, definition.value],
  );

  // At the commit that shows the first page (the performance timeline's mark of it).
  useLayoutEffect(() => {
    if (loaded) onFirstPage?.(definition.value);
  }, [loaded, onFirstPage, definition.value]);

  const onSort = useCallback((key: SortKey) => setSort((current) => toggleSort(current, key)), []);

  let content;
  if (isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label={`Loading ${definition.label}`} />
      </Box>
    );
  } else if (isError && !data) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        {definition.label} could not be loaded.
      </Alert>
    );
  } else if (tokens.length === 0) {
    content = (
      <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
        {NO_RESULTS_IN_CATEGORY}
      </Typography>
    );
  } else if (!narrow) {
    content = (
      <TokenTable
        definition={definition}
        tokens={shown}
        sort={sort}
        onSort={onSort}
        canEdit={canEdit}
        now={now}
        {...actions}
      />
    );
  } else {
    content = (
      <TokenCardList
        definition={definition}
        tokens={shown}
        canEdit={canEdit}
        now={now}
        {...actions}
      />
    );
  }

  return (
    <CardSection
      aria-labelledby={titleId}
      data-category={definition.value}
      style={{
        borderTopColor: definition.color,
        // A card out of view is not laid out or painted until it comes near (hundreds of rows
        // each); its height meanwhile is estimated from its rows, then remembered (`auto`).
        contentVisibility: 'auto',
        containIntrinsicSize: `auto ${estimatedHeight(tokens.length, narrow)}px`,
      }}
    >
      <div className={cardClasses.header}>
        <h2 id={titleId} className={cardClasses.title}>
          {definition.label} <span className={cardClasses.count}>({countText(total)})</span>
        </h2>
        <div className={cardClasses.tools}>
          {narrow && <TokenSortSelect definition={definition} sort={sort} onChange={setSort} />}
          <label className={cardClasses.search}>
            <SearchGlyph />
            <input
              id={categorySearchInputId(definition.value)}
              type="search"
              placeholder={`Search ${definition.label}...`}
              aria-label={`Search ${definition.label}`}
              maxLength={TOKEN_SEARCH_MAX_LENGTH}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
        </div>
      </div>
      {content}
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
          >
            {isFetchingNextPage ? 'Loading…' : `Load more ${definition.label}`}
          </Button>
        </Box>
      )}
    </CardSection>
  );
});
