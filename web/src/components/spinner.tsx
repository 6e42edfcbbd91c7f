import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred progress indicator for pages and sections that are loading. */
export function Spinner({ minHeight = '50vh' }: { minHeight?: number | string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
