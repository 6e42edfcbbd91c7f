import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { queryParams } from '../../lib/paths';
import { AccountView } from '../account';
import { AlertsDisabledNotice } from '../preferences';
import { useSession } from '../session';
import { useWorkspaceSelection } from '../workspaces';
import { DashboardView, NoWorkspace } from './components/dashboard-view';

/** The token dashboard of the selected workspace. */
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
      ) : workspace ? (
        <>
          <AlertsDisabledNotice workspaceId={workspace.id} sx={{ mb: 3 }} />
          <DashboardView
            key={workspace.id}
            workspace={workspace}
            userEmail={session.user?.email ?? null}
          />
        </>
      ) : (
        <NoWorkspace />
      )}
    </PageFrame>
  );
}

/** /dashboard: the token dashboard, or with `view=account` the account settings. */
export function DashboardPage() {
  const [search] = useSearchParams();
  if (search.get(queryParams.view) === 'account') return <AccountView />;
  return <TokenDashboard />;
}
