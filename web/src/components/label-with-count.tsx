import Box from '@mui/material/Box';
import { countText } from '@expiry-radar/shared/domain/count-text';

/**
 * "Name (12)": the name set apart in a <bdi>, so a right-to-left name keeps its count after it
 * ("قسم 🚀 (1)", not "(1) قسم 🚀"). Where the label is too long for its chip, only the name is cut
 * ("A very long sect… (3)", the whole name as its title): the count always shows.
 */
export function LabelWithCount({ label, count }: { label: string; count: number }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', maxWidth: '100%', verticalAlign: 'bottom' }}
    >
      <Box
        component="bdi"
        title={label}
        sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {label}
      </Box>
      <Box component="span" data-part="count" sx={{ flexShrink: 0, whiteSpace: 'pre' }}>
        {` (${countText(count)})`}
      </Box>
    </Box>
  );
}
