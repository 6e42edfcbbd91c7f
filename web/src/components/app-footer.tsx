import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { contactLinks } from '../lib/contact-links';
import { paths } from '../lib/paths';
import { PageContainer } from './page-container';

/**
 * Privacy policy, terms, the API reference, and the deployment's support address and community
 * chat when it has them. The documentation pages need a verified session (`docsOpen`); without
 * one, "API reference" is the public OpenAPI document.
 */
export function AppFooter({ docsOpen }: { docsOpen: boolean }) {
  const { supportMailto, communityChatUrl } = contactLinks();
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
          {docsOpen ? (
            <Link component={RouterLink} to={paths.docsApi} variant="body2" color="inherit">
              API reference
            </Link>
          ) : (
            <Link href={paths.openApiDocument} variant="body2" color="inherit">
              API reference
            </Link>
          )}
          {supportMailto && (
            <Link href={supportMailto} variant="body2" color="inherit">
              Contact support
            </Link>
          )}
          {communityChatUrl && (
            <Link
              href={communityChatUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              color="inherit"
            >
              Community chat
            </Link>
          )}
        </Stack>
      </PageContainer>
    </Box>
  );
}
