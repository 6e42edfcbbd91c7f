import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { lazyNamed } from '../../components/lazy-named';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { queryParams } from '../../lib/paths';
import { AlertsDisabledNotice } from '../preferences';
import { useSession } from '../session';
import { isBlockedByTwoFactor, useWorkspaceSelection } from '../workspaces';
import { DashboardView, NoWorkspace } from './components/dashboard-view';

// The account settings (`view=account`) load when asked for.
const AccountView = lazyNamed(() => import('../account'), 'AccountView');

/**
 * The token dashboard of the selected workspace. A workspace that requires two-factor of a member
 * without it shows nothing here (the server would refuse every read): the app shell's notice says
 * why and links to the set-up.
 */
function TokenDashboard() {
  const session = useSession();
  const selection = useWorkspaceSelection({ enabled: session.isLoggedIn });
  const workspace = selection.selected;
  return (
    <PageFrame
      title="Token Management Dashboard"
      documentTitle="Dashboard"
      description="Every token, secret, certificate and license of the selected workspace, by category, with its expiry status."
    >
      {selection.isLoading ? (
        <Spinner minHeight={240} />
      ) : workspace &&
        isBlockedByTwoFactor(workspace, session.user?.twoFactorEnabled) ? null : workspace ? (
        <>
          <AlertsDisabledNotice workspaceId={workspace.id} sx={{ mb: 3 }} />
          <DashboardView
            key={workspace.id}
            workspace={workspace}
            userEmail={session.user?.email ?? null}
          />
        </>
      ) : (
        <NoWorkspace workspaces={selection.allWorkspaces} plan={session.user?.plan} />
      )}
    </PageFrame>
  );
}

/** /dashboard: the token dashboard, or with `view=account` the account settings. */
export function DashboardPage() {
  const [search] = useSearchParams();
  if (search.get(queryParams.view) === 'account') {
    return (
      <Suspense fallback={<Spinner minHeight={240} />}>
        <AccountView />
      </Suspense>
    );
  }
  return <TokenDashboard />;
}
