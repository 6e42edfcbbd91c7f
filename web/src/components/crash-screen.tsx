import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { reloadPage } from '../lib/reload-page';
import { ErrorScreen } from './error-screen';

/** Shown when rendering fails outside the router. */
export function CrashScreen() {
  return (
    <ErrorScreen
      title="Something went wrong"
      action={
        <Button variant="contained" size="large" onClick={reloadPage}>
          Refresh Page
        </Button>
      }
    >
      <Typography color="textSecondary" sx={{ textAlign: 'center', maxWidth: 480 }}>
        The page hit an unexpected problem. Refreshing usually fixes it.
      </Typography>
    </ErrorScreen>
  );
}
