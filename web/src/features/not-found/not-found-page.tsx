import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { documentTitle, useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';

/** Any path the app does not know. */
export function NotFoundPage() {
  useDocumentTitle(documentTitle('Page not found'));
  return (
    <Stack
      component="section"
      spacing={2}
      sx={{ minHeight: '70vh', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Typography
        variant="mono"
        color="primary"
        sx={{ fontSize: '1rem', fontWeight: 500, letterSpacing: '0.1em' }}
      >
        404
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, textAlign: 'center' }}>
        Page not found
      </Typography>
      <Typography color="textSecondary" sx={{ textAlign: 'center', maxWidth: 440 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained" size="large">
        Go to home page
      </Button>
    </Stack>
  );
}
