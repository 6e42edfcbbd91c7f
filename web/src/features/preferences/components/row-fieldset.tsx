import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';

interface RowFieldsetProps {
  /** The accessible name of the row (its name, or its kind and position while unnamed). */
  label: string;
  /** A problem of the row as a whole rather than of one of its fields. */
  problem?: string;
  children: React.ReactNode;
}

/** The outlined fieldset of one webhook or contact group in the alert settings form. */
export function RowFieldset({ label, problem, children }: RowFieldsetProps) {
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-label={label}
      sx={{ p: 2, m: 0, minWidth: 0 }}
    >
      <Stack spacing={2}>
        {children}
        {problem && (
          <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
            {problem}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
