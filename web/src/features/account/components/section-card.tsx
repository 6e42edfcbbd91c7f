import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface SectionCardProps {
  /** Becomes the section's accessible name. */
  id: string;
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One titled block of the account view. */
export function SectionCard({
  id,
  title,
  description,
  tone = 'default',
  children,
}: SectionCardProps) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        ...(tone === 'danger' ? { borderColor: 'error.main' } : {}),
      }}
    >
      <Stack spacing={0.5} sx={{ mb: 2.5 }}>
        <Typography
          id={id}
          variant="h2"
          sx={{ fontSize: '1.25rem', color: tone === 'danger' ? 'error.main' : undefined }}
        >
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="textSecondary">
            {description}
          </Typography>
        )}
      </Stack>
      {children}
    </Paper>
  );
}
