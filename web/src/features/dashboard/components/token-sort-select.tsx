import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import type { TokenSortState } from '../token-sorting';
import { sortOptions, sortValue } from '../token-sorting';

interface TokenSortSelectProps {
  definition: CategoryDefinition;
  sort: TokenSortState;
  onChange: (sort: TokenSortState) => void;
}

/** The cards' sort order (no column headers to click on narrow screens): the table's columns. */
export function TokenSortSelect({ definition, sort, onChange }: TokenSortSelectProps) {
  const options = sortOptions(definition);
  return (
    <TextField
      select
      size="small"
      id={`sort-${definition.value}`}
      label="Sort by"
      value={sortValue(sort)}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) onChange(chosen.sort);
      }}
      sx={{ width: { xs: '100%', sm: 240 } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
