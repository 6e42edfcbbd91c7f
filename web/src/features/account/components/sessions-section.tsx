import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type {
  AccountSession,
  SignInMethodName,
} from '@expiry-radar/shared/api/session-api-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateText } from '../../../components/date-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Spinner } from '../../../components/spinner';
import { showSuccessToast } from '../../../lib/toasts';
import { sessionListQueryOptions, useSignOutSessionMutation } from '../api/sessions-api';
import { SectionCard } from './section-card';

export const SESSIONS_SECTION_MESSAGES = {
  signedOut: 'Session signed out',
  loadFailed: 'Your sessions could not be loaded.',
  none: 'No other sessions.',
} as const;

const SIGN_IN_METHOD_LABELS: Readonly<Record<SignInMethodName, string>> = {
  password: 'Password',
  google: 'Google',
  sso: 'Organization SSO',
};

/** "Password and two-factor code", "Google", or null when the session predates it. */
export function signInMethodText(session: AccountSession): string | null {
  if (session.sign_in_method === null) return null;
  const method = SIGN_IN_METHOD_LABELS[session.sign_in_method];
  return session.two_factor ? `${method} and two-factor code` : method;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a session was last active, as near as its last use is known (written at most once an
 * hour): "within the last hour", "3 hours ago", "yesterday", "5 days ago".
 */
export function lastActiveText(lastUsedAt: string, now: Date): string {
  const elapsed = now.getTime() - Date.parse(lastUsedAt);
  if (elapsed < HOUR) return 'within the last hour';
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  return relative.format(-Math.floor(elapsed / DAY), 'day');
}

function SessionRow({
  session,
  now,
  onSignOut,
}: {
  session: AccountSession;
  now: Date;
  onSignOut: () => void;
}) {
  const method = signInMethodText(session);
  return (
    <Stack
      component="li"
      aria-label={session.current ? `${session.device}, this device` : session.device}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ py: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2" component="span">
            {session.device}
          </Typography>
          {session.current && <Chip size="small" color="primary" label="This device" />}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {method && <>{method} · </>}
          Signed in <DateText value={session.created_at} kind="date" />
          {session.current ? (
            ' · Active now'
          ) : session.last_used_at ? (
            <> · Last active {lastActiveText(session.last_used_at, now)}</>
          ) : null}
        </Typography>
      </Stack>
      {!session.current && (
        <Button
          color="error"
          size="small"
          onClick={onSignOut}
          aria-label={`Sign out ${session.device}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Sign out
        </Button>
      )}
    </Stack>
  );
}

/**
 * Where you're signed in: every active session of the account (device, sign-in method, when it
 * started and was last active, this device marked), each other one signed out on its own.
 */
export function SessionsSection() {
  const query = useQuery(sessionListQueryOptions());
  const signOut = useSignOutSessionMutation();
  const [signingOut, setSigningOut] = useState<AccountSession | null>(null);
  const items = query.data?.items ?? [];
  const now = new Date();

  return (
    <SectionCard
      id="account-sessions"
      title="Where you're signed in"
      description="The browsers signed in to your account. Sign out any you do not recognise, then change your password."
    >
      {query.isPending ? (
        <Spinner minHeight={80} />
      ) : query.isError ? (
        <LoadErrorAlert onRetry={query.refetch}>
          {SESSIONS_SECTION_MESSAGES.loadFailed}
        </LoadErrorAlert>
      ) : (
        <Stack spacing={1}>
          <Stack
            component="ul"
            aria-label="Sessions"
            divider={<Divider component="li" aria-hidden />}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {items.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                now={now}
                onSignOut={() => setSigningOut(session)}
              />
            ))}
          </Stack>
          {items.every((session) => session.current) && (
            <Typography variant="body2" color="textSecondary">
              {SESSIONS_SECTION_MESSAGES.none}
            </Typography>
          )}
        </Stack>
      )}
      {signingOut && (
        <ConfirmDialog
          id="sign-out-session"
          title={`Sign out ${signingOut.device}?`}
          confirmLabel="Sign out"
          busyLabel="Signing out…"
          onClose={() => setSigningOut(null)}
          onConfirm={async () => {
            // A failure is shown by the API client and keeps the dialog open.
            await signOut.mutateAsync(signingOut.id);
            showSuccessToast(SESSIONS_SECTION_MESSAGES.signedOut);
            setSigningOut(null);
          }}
        >
          <Typography id="sign-out-session-description" variant="body2">
            That browser is signed out at once: its next step asks it to sign in again.
          </Typography>
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
