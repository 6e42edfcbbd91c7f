import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { useSession } from '../session';
import { workspaceListQueryOptions } from '../workspaces';
import { ApiKeysSection } from './components/api-keys-section';
import { DeleteAccountSection } from './components/delete-account-section';
import { PasswordSection } from './components/password-section';
import { ProfileSection } from './components/profile-section';
import { SessionsSection } from './components/sessions-section';
import { TransferTokensSection } from './components/transfer-tokens-section';
import { TwoFactorSection } from './components/two-factor-section';
import { WeeklySummarySection } from './components/weekly-summary-section';

/**
 * The account view of /dashboard?view=account: update the profile and password, where the user
 * is signed in, two-factor authentication, the weekly summary email, API keys, transfer tokens out of frozen workspaces, delete the
 * account.
 */
export function AccountView() {
  const { user } = useSession();
  const workspaces = useQuery(workspaceListQueryOptions());

  if (!user) return <Spinner minHeight="40vh" />;
  const allWorkspaces = workspaces.data?.items ?? [];
  const showTransfer = user.downgraded || allWorkspaces.some((workspace) => workspace.is_frozen);

  return (
    <PageFrame
      title="Account Settings"
      description={`Signed in as ${user.email}. Your name, email and password; where you're signed in; two-factor authentication; the weekly summary; API keys; tokens of frozen workspaces; deleting the account.`}
    >
      <Stack spacing={3}>
        {/* Keyed by user: a saved change resets the form to the server's answer. */}
        <ProfileSection key={`${user.id}:${user.email}:${user.name ?? ''}`} user={user} />
        <PasswordSection />
        <SessionsSection />
        <TwoFactorSection email={user.email} />
        <WeeklySummarySection />
        <ApiKeysSection />
        {showTransfer &&
          (workspaces.isPending ? (
            <Spinner minHeight={120} />
          ) : workspaces.isError ? (
            <Alert severity="error">Your workspaces could not be loaded.</Alert>
          ) : (
            <TransferTokensSection workspaces={allWorkspaces} plan={user.plan} />
          ))}
        <DeleteAccountSection />
      </Stack>
    </PageFrame>
  );
}
