import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Category } from '@expiry-radar/shared/domain/categories';
import { CATEGORY_LIST } from '@expiry-radar/shared/domain/categories';
import { LabelWithCount } from '../../../components/label-with-count';

interface CategoryFilterChipsProps {
  counts: Readonly<Record<string, number>>;
  selected: Category | null;
  /** The chip clicked: selects it, or clears the filter when it was selected. */
  onToggle: (category: Category) => void;
}

/** Category filter chips with counts: one selected category, click again to clear. */
export function CategoryFilterChips({ counts, selected, onToggle }: CategoryFilterChipsProps) {
  return (
    <Box
      role="group"
      aria-label="Filter by category"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {CATEGORY_LIST.map((definition) => {
        const active = selected === definition.value;
        return (
          <Chip
            key={definition.value}
            label={
              <LabelWithCount label={definition.label} count={counts[definition.value] ?? 0} />
            }
            clickable
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            aria-pressed={active}
            onClick={() => onToggle(definition.value)}
            sx={{ borderLeft: `4px solid ${definition.color}` }}
          />
        );
      })}
    </Box>
  );
}
