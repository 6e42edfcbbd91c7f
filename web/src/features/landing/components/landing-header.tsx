import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { BrandLink } from '../../../components/brand-link';
import { ColorModeToggle } from '../../../components/color-mode-toggle';
import { PageContainer } from '../../../components/page-container';
import { SignInButtons } from '../../../components/sign-in-buttons';
import { paths } from '../../../lib/paths';
import { useSession } from '../../session';

export function LandingHeader() {
  const { isLoggedIn } = useSession();
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <PageContainer sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 64 }}>
        <Box sx={{ mr: 'auto' }}>
          <BrandLink />
        </Box>
        <Stack
          component="nav"
          aria-label="Main"
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center' }}
        >
          <Button
            component={RouterLink}
            to={paths.pricing}
            color="inherit"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            Pricing
          </Button>
          <ColorModeToggle />
          {isLoggedIn ? (
            <Button component={RouterLink} to={paths.dashboard} variant="contained">
              Go to Dashboard
            </Button>
          ) : (
            <SignInButtons />
          )}
        </Stack>
      </PageContainer>
    </Box>
  );
}
