import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { COMMUNITY_CHAT_URL, SUPPORT_MAILTO } from '../lib/contact-links';
import { paths } from '../lib/paths';
import { PageContainer } from './page-container';

/** Privacy policy, terms, the API reference, support contact and community chat. */
export function AppFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 4 }}>
      <PageContainer
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 3,
          alignItems: 'center',
          justifyContent: 'space-between',
          py: 3,
        }}
      >
        <Typography variant="body2" color="textSecondary">
          © {new Date().getFullYear()} Expiry Radar
        </Typography>
        <Stack
          component="nav"
          aria-label="Footer"
          direction="row"
          sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
        >
          <Link component={RouterLink} to={paths.privacyPolicy} variant="body2" color="inherit">
            Privacy policy
          </Link>
          <Link component={RouterLink} to={paths.termsOfService} variant="body2" color="inherit">
            Terms of service
          </Link>
          <Link component={RouterLink} to={paths.docsApi} variant="body2" color="inherit">
            API reference
          </Link>
          <Link href={SUPPORT_MAILTO} variant="body2" color="inherit">
            Contact support
          </Link>
          <Link
            href={COMMUNITY_CHAT_URL}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            color="inherit"
          >
            Community chat
          </Link>
        </Stack>
      </PageContainer>
    </Box>
  );
}
