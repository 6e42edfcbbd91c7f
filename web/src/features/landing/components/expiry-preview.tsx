import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Tone = 'error' | 'warning' | 'info' | 'success';

interface SampleItem {
  name: string;
  kind: string;
  status: string;
  tone: Tone;
}

// Illustration only: what the inventory looks like, with made-up items.
const sampleItems: SampleItem[] = [
  { name: 'api.example.com', kind: 'TLS certificate', status: 'Expired', tone: 'error' },
  { name: 'payments-live-key', kind: 'API key', status: '5 days', tone: 'error' },
  { name: 'deploy@ci', kind: 'SSH key', status: '21 days', tone: 'warning' },
  { name: 'Design suite', kind: 'Software license', status: '4 months', tone: 'info' },
  { name: 'example.com', kind: 'Domain registration', status: 'Long-term', tone: 'success' },
];

/** A static picture of the inventory for the landing page. */
export function ExpiryPreview() {
  return (
    <Card aria-hidden sx={{ p: { xs: 2, sm: 2.5 }, boxShadow: 6 }}>
      <Typography variant="overline" color="textSecondary">
        Expiring soon
      </Typography>
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
            <Chip size="small" variant="outlined" color={item.tone} label={item.status} />
          </Box>
        ))}
      </Stack>
    </Card>
  );
}
