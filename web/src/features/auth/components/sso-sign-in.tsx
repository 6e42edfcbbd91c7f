import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { emailSchema } from '@expiry-radar/shared/domain/email';
import { call } from '../../../lib/api-call';
import { refusalMessage } from '../../../lib/api-client';

export const SSO_BUTTON_LABEL = 'Continue with SSO';
export const SSO_NEEDS_EMAIL =
  'Enter your work email address first, then choose "Continue with SSO".';
export const SSO_NOT_SET_UP =
  'Single sign-on is not set up for this address. Sign in with your password instead.';

/** What the server's `?error=` after an SSO attempt means (shared with the Google flow's page). */
export const SSO_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  sso_sign_in_failed:
    'Single sign-on did not complete: your identity provider’s answer could not be checked. Try again, or ask your administrator.',
  sso_address_outside_domains:
    'Your identity provider signed you in with an address outside your organization’s verified domains.',
  sso_account_linked_elsewhere:
    'Your identity provider signed you in as someone else than the account holding this address. Ask your administrator.',
  sso_account_deactivated:
    'Your organization has deactivated your account. Ask your administrator.',
  sso_not_set_up: SSO_NOT_SET_UP,
  sso_unavailable:
    'Your organization’s identity provider cannot be reached right now. Try again shortly.',
  sso_required:
    'Your organization signs in with single sign-on. Use "Continue with SSO" with your work address.',
};

/**
 * "Continue with SSO": asks the server whether the address typed belongs to a verified domain
 * with an SSO connection, and goes to its identity provider (a full-page navigation) if so.
 */
export function SsoSignIn({ email, redirect }: { email: () => string; redirect?: string }) {
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setNote(null);
    const address = emailSchema.safeParse(email());
    if (!address.success) {
      setNote(SSO_NEEDS_EMAIL);
      return;
    }
    setBusy(true);
    try {
      const answer = await call('ssoLookup', { body: { email: address.data } }, { silent: true });
      if (!answer.sso || !answer.sign_in_url) {
        setNote(SSO_NOT_SET_UP);
        return;
      }
      const target = new URL(answer.sign_in_url, window.location.origin);
      if (redirect) target.searchParams.set('redirect', redirect);
      window.location.assign(target.pathname + target.search);
    } catch (error) {
      setNote(refusalMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      <Button variant="outlined" size="large" onClick={() => void start()} disabled={busy}>
        {SSO_BUTTON_LABEL}
      </Button>
      {note && <Alert severity="info">{note}</Alert>}
    </Stack>
  );
}
