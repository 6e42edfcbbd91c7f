import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reloadPage } from '../lib/reload-page';

/** Shown when rendering fails outside the router (spec §2). */
export function CrashScreen() {
  return (
    <Stack
      role="alert"
      spacing={2}
      sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Typography variant="h1" sx={{ fontSize: '2rem', textAlign: 'center' }}>
        Something went wrong
      </Typography>
      <Typography color="textSecondary" sx={{ textAlign: 'center', maxWidth: 480 }}>
        The page hit an unexpected problem. Refreshing usually fixes it.
      </Typography>
      <Button variant="contained" size="large" onClick={reloadPage}>
        Refresh Page
      </Button>
    </Stack>
  );
}
