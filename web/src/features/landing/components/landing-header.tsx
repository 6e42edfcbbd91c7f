import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Radar from '@mui/icons-material/Radar';
import { Link as RouterLink } from 'react-router';
import { ColorModeToggle } from '../../../components/color-mode-toggle';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../lib/paths';

export function LandingHeader() {
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <PageContainer sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 64 }}>
        <Box
          component={RouterLink}
          to={paths.home}
          aria-label="Expiry Radar home"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'text.primary',
            textDecoration: 'none',
            mr: 'auto',
          }}
        >
          <Radar color="primary" />
          <Typography component="span" variant="h6">
            Expiry Radar
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ColorModeToggle />
          <Button component={RouterLink} to={paths.login} color="inherit">
            Sign in
          </Button>
          <Button
            component={RouterLink}
            to={paths.register}
            variant="contained"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Get started
          </Button>
        </Stack>
      </PageContainer>
    </Box>
  );
}
