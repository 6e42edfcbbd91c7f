import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Google from '@mui/icons-material/Google';
import { useSession } from '../../session';
import { routeUrl } from '../../../lib/route-url';

/**
 * "Continue with Google", shown only when the server says Google sign-in is configured; back
 * from Google, the server sends the browser to `redirect` (a same-origin app path) when given.
 */
export function GoogleSignInButton({ redirect }: { redirect?: string }) {
  const { googleSignIn } = useSession();
  if (!googleSignIn) return null;
  return (
    <>
      <Button
        component="a"
        // A full-page navigation to the server, which redirects to Google.
        href={routeUrl('googleSignIn', redirect ? { query: { redirect } } : {})}
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<Google />}
      >
        Continue with Google
      </Button>
      <Divider sx={{ my: 3 }}>or</Divider>
    </>
  );
}
