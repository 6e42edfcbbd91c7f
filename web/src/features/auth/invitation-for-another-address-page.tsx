import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { AuthLayout } from './components/auth-layout';
import { useSignOut } from './hooks/use-sign-out';

function invitationForAnotherMessage(email: string): string {
  return `This invitation is for ${email}. Sign out to accept it with that address.`;
}

/**
 * What an invitation email's link shows someone signed in with another address: whose it is, and
 * Sign out, which comes back to the same link signed out (the invited address filled in).
 */
export function InvitationForAnotherAddressPage({ email }: { email: string }) {
  const { pathname, search } = useLocation();
  const signOut = useSignOut();
  return (
    <AuthLayout title="Invitation">
      <Stack spacing={2.5}>
        <Alert severity="warning">{invitationForAnotherMessage(email)}</Alert>
        <Button
          variant="contained"
          size="large"
          onClick={() => void signOut(`${pathname}${search}`)}
        >
          Sign out
        </Button>
        <Button component={RouterLink} to={paths.dashboard} variant="text">
          Go to your dashboard
        </Button>
      </Stack>
    </AuthLayout>
  );
}
