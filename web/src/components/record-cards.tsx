import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

interface RecordCardListProps {
  /** Names the list, as the table it stands for was named. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

/** A table's rows as cards, for screens too narrow for its columns: one column, two on tablets. */
export function RecordCardList({ children, ...label }: RecordCardListProps) {
  return (
    <Box
      component="ul"
      {...label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

interface RecordCardProps {
  title: ReactNode;
  /** A status chip beside the title. */
  badge?: ReactNode;
  /** The other columns, label and value. */
  details: ReadonlyArray<readonly [string, ReactNode]>;
  /** More content under the details (a list of its own). */
  children?: ReactNode;
  /** The row's actions: buttons, all visible. */
  actions?: ReactNode;
  /** The open or current record, as a table row's `selected`. */
  selected?: boolean;
}

/** One row of a table as a card: title and status, the columns as a description list, actions. */
export function RecordCard({
  title,
  badge,
  details,
  children,
  actions,
  selected,
}: RecordCardProps) {
  return (
    <Card
      component="li"
      variant="outlined"
      aria-current={selected || undefined}
      sx={[
        { display: 'flex', flexDirection: 'column', minWidth: 0 },
        selected === true && { borderColor: 'primary.main', bgcolor: 'action.selected' },
      ]}
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Typography
            component="h3"
            sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {badge && <Box sx={{ flexShrink: 0 }}>{badge}</Box>}
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            columnGap: 1.5,
            rowGap: 0.5,
            alignItems: 'baseline',
            mt: 1,
            mb: 0,
            typography: 'body2',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
          }}
        >
          {details.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
        {children}
      </CardContent>
      {actions && (
        <CardActions
          sx={{ pt: 0, flexWrap: 'wrap', gap: 0.5, '& > :not(style) ~ :not(style)': { ml: 0 } }}
        >
          {actions}
        </CardActions>
      )}
    </Card>
  );
}
