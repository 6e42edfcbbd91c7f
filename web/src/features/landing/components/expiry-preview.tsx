import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { ExpiryPill, PillScope } from '../../../components/expiry-pill';

interface SampleItem {
  name: string;
  kind: string;
  /** Days from today to its expiry: the badge is the dashboard's own for that date. */
  daysLeft: number;
}

// Illustration only: what the inventory looks like, with made-up items.
const sampleItems: SampleItem[] = [
  { name: 'api.example.com', kind: 'TLS certificate', daysLeft: -2 },
  { name: 'payments-live-key', kind: 'API key', daysLeft: 5 },
  { name: 'deploy@ci', kind: 'SSH key', daysLeft: 21 },
  { name: 'Design suite', kind: 'Software license', daysLeft: 120 },
  { name: 'example.com', kind: 'Domain registration', daysLeft: 400 },
];

/** A static picture of the inventory for the landing page, with the dashboard's expiry badges. */
export function ExpiryPreview() {
  const [now] = useState(() => new Date());
  return (
    <Card aria-hidden sx={{ p: { xs: 2, sm: 2.5 }, boxShadow: 6 }}>
      <Typography variant="overline" color="textSecondary">
        Expiring soon
      </Typography>
      <PillScope>
        <Stack spacing={1.25} sx={{ mt: 1 }}>
          {sampleItems.map((item) => (
            <Box
              key={item.name}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                p: 1.5,
                borderRadius: 2,
                bgcolor: 'action.hover',
              }}
            >
              <Box sx={{ minWidth: 0, mr: 'auto' }}>
                <Typography variant="mono" component="p" noWrap>
                  {item.name}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  {item.kind}
                </Typography>
              </Box>
              <ExpiryPill expiresAt={addCalendarDays(now, item.daysLeft)} now={now} />
            </Box>
          ))}
        </Stack>
      </PillScope>
    </Card>
  );
}
