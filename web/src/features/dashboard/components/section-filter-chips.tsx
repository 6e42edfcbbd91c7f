import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { LabelWithCount } from '../../../components/label-with-count';
import type { SectionChip } from '../section-chips';

interface SectionFilterChipsProps {
  chips: readonly SectionChip[];
  /** The `section` parameter's value (`__all__` by default). */
  selected: string;
  onSelect: (value: string) => void;
}

/** Section chips: All sections, No section, then each section with its count. */
export function SectionFilterChips({ chips, selected, onSelect }: SectionFilterChipsProps) {
  return (
    <Box
      role="group"
      aria-label="Filter by section"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {chips.map((chip) => {
        const active = chip.value === selected;
        return (
          <Chip
            key={chip.value}
            label={<LabelWithCount label={chip.label} count={chip.count} />}
            clickable
            size="small"
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            aria-pressed={active}
            onClick={() => onSelect(chip.value)}
          />
        );
      })}
    </Box>
  );
}
