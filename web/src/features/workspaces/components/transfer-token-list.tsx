import { countText } from '@expiry-radar/shared/domain/count-text';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@expiry-radar/shared/constants/timing';
import { TRANSFER_MAX_TOKENS } from '@expiry-radar/shared/api/workspace-api-schemas';
import { CATEGORY_DEFINITIONS, TYPE_LABELS } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { DateText } from '../../../components/date-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { transferableTokensQueryOptions } from '../../tokens';

const TRANSFER_LIMIT_NOTE = `At most ${TRANSFER_MAX_TOKENS} tokens per transfer; transfer these, then choose more.`;

function TokenSummary({ token }: { token: Token }) {
  const category = CATEGORY_DEFINITIONS[token.category]?.label ?? token.category;
  const type = TYPE_LABELS[token.type] ?? token.type;
  return (
    <>
      {category} · {type} · Expires <DateText value={token.expiresAt} kind="day" />
    </>
  );
}

interface TransferTokenListProps {
  sourceId: string;
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
}

/**
 * The source workspace's tokens by name (100 per page, "Load more tokens") with a checkbox each,
 * up to 48 chosen, and a search (the dashboard's, on the server) that narrows the list while
 * the choice stays: the picker of every token transfer (the account view and the workspaces page).
 */
export function TransferTokenList({ sourceId, selected, onChange }: TransferTokenListProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useInfiniteQuery({
    ...transferableTokensQueryOptions(sourceId, q),
    // The list stays while the next search loads, so the field keeps its place and focus.
    placeholderData: keepPreviousData,
  });
  const tokens = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const full = selected.size >= TRANSFER_MAX_TOKENS;
  const searching = q !== '';

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else if (next.size < TRANSFER_MAX_TOKENS) next.add(id);
    onChange(next);
  };

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label="Loading tokens" />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorAlert onRetry={query.refetch}>
        The tokens of this workspace could not be loaded.
      </LoadErrorAlert>
    );
  }
  if (tokens.length === 0 && !searching) {
    return (
      <Typography color="textSecondary">This workspace has no tokens left to transfer.</Typography>
    );
  }

  return (
    <Stack spacing={1}>
      <TextField
        type="search"
        size="small"
        label="Search tokens"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ htmlInput: { 'aria-controls': 'transfer-token-list' } }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" aria-live="polite">
          {searching
            ? `${countText(selected.size)} selected (${countText(total)} ${total === 1 ? 'token matches' : 'tokens match'})`
            : `${countText(selected.size)} of ${countText(Math.min(total, TRANSFER_MAX_TOKENS))} selected (${countText(total)} ${total === 1 ? 'token' : 'tokens'} in this workspace)`}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            disabled={full}
            onClick={() =>
              onChange(
                new Set([
                  ...selected,
                  ...tokens
                    .map((token) => token.id)
                    .filter((id) => !selected.has(id))
                    .slice(0, TRANSFER_MAX_TOKENS - selected.size),
                ]),
              )
            }
          >
            {total > TRANSFER_MAX_TOKENS ? `Select up to ${TRANSFER_MAX_TOKENS}` : 'Select all'}
          </Button>
          <Button size="small" disabled={selected.size === 0} onClick={() => onChange(new Set())}>
            Clear selection
          </Button>
        </Stack>
      </Stack>
      {full && (
        <Alert severity="info" variant="outlined">
          {TRANSFER_LIMIT_NOTE}
        </Alert>
      )}
      {searching && tokens.length === 0 && (
        <Typography color="textSecondary">No token matches this search.</Typography>
      )}
      <List
        id="transfer-token-list"
        dense
        aria-label="Tokens to transfer"
        sx={{
          maxHeight: 360,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {tokens.map((token) => {
          const checked = selected.has(token.id);
          return (
            <ListItem key={token.id} dense divider>
              <FormControlLabel
                sx={{ m: 0, width: '100%', alignItems: 'flex-start' }}
                control={
                  <Checkbox
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(token.id)}
                    sx={{ mt: -0.5 }}
                  />
                }
                label={
                  <ListItemText
                    sx={{ my: 0 }}
                    primary={token.name}
                    secondary={<TokenSummary token={token} />}
                  />
                }
              />
            </ListItem>
          );
        })}
      </List>
      {query.hasNextPage && (
        <Box>
          <Button
            size="small"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more tokens'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
