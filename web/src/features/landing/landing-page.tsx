import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router';
import { AppFooter } from '../../components/app-footer';
import { PageContainer } from '../../components/page-container';
import { mainContentProps, SkipLink } from '../../components/skip-link';
import { PRODUCT_NAME, useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import { CategoryOverview } from './components/category-overview';
import { ExpiryPreview } from './components/expiry-preview';
import { FeatureHighlights } from './components/feature-highlights';
import { LandingHeader } from './components/landing-header';

export const PRODUCT_PITCH = 'Never miss an expiring token, secret, certificate or license again.';

/** The landing's tab title: the product and what it does, not the bare name. */
export const LANDING_TITLE = `${PRODUCT_NAME} — ${PRODUCT_PITCH.replace(/\.$/, '')}`;

/** The public home page (route /). */
export function LandingPage() {
  useDocumentTitle(LANDING_TITLE);
  const session = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <LandingHeader />
      <Box component="main" {...mainContentProps} sx={[{ flex: 1 }, mainContentProps.sx]}>
        <PageContainer
          component="section"
          aria-labelledby="hero-heading"
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 8 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
            py: { xs: 6, md: 10 },
          }}
        >
          <Box>
            <Typography variant="overline" color="primary">
              Expiry tracking for individuals and teams
            </Typography>
            <Typography
              id="hero-heading"
              variant="h1"
              sx={{ fontSize: { xs: '2.5rem', md: '3.5rem' }, mt: 1 }}
            >
              Expiry Radar
            </Typography>
            <Typography
              variant="h2"
              component="p"
              sx={{ fontSize: { xs: '1.375rem', md: '1.75rem' }, fontWeight: 600, mt: 2 }}
            >
              {PRODUCT_PITCH}
            </Typography>
            <Typography color="textSecondary" sx={{ mt: 2, maxWidth: 560 }}>
              Keep one inventory of everything with an expiry date, see at a glance what is due, and
              let the right people know by email or webhook before it lapses.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button
                component={RouterLink}
                to={paths.register}
                variant="contained"
                size="large"
                endIcon={<ArrowForward />}
              >
                Get started free
              </Button>
              <Button component={RouterLink} to={paths.pricing} variant="outlined" size="large">
                See pricing
              </Button>
            </Stack>
          </Box>
          <ExpiryPreview />
        </PageContainer>

        <PageContainer sx={{ py: { xs: 6, md: 8 } }}>
          <CategoryOverview />
        </PageContainer>

        <PageContainer sx={{ py: { xs: 6, md: 8 } }}>
          <FeatureHighlights />
        </PageContainer>
      </Box>

      <AppFooter docsOpen={session.isLoggedIn && !session.needsVerification} />
    </Box>
  );
}
