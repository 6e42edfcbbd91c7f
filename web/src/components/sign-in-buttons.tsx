import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths';

/** "Sign in", and "Get started" (registration) from small tablets up: for signed-out visitors. */
export function SignInButtons() {
  return (
    <>
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
    </>
  );
}
