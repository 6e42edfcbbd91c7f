import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Outlet, Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { isPublicPage } from '@expiry-radar/shared/errors/public-pages';
import { DOWNGRADED_NOTICE } from '@expiry-radar/shared/messages/notices';
import { AppFooter } from '../../components/app-footer';
import { PageContainer } from '../../components/page-container';
import { mainContentProps, SkipLink } from '../../components/skip-link';
import { Spinner } from '../../components/spinner';
import { useSignOut } from '../../features/auth';
import { useSession } from '../../features/session';
import {
  FrozenWorkspaceNotice,
  isBlockedByTwoFactor,
  LinkedWorkspaceMissingNotice,
  LostMembershipNotice,
  TwoFactorRequiredNotice,
  useWorkspaceSelection,
} from '../../features/workspaces';
import { accountSettingsPath } from '../../lib/paths';
import { hasBillingReturnParam } from '../query-params/billing-return-params';
import { visibleNavItems, workspacePickerState } from './nav-items';
import type { NavContext } from './nav-items';
import { TopBar } from './top-bar';
import { useAnswersFollowPlan } from './use-answers-follow-plan';

/**
 * Top bar, page and footer for every page but the landing and the sign-in screens. Waits for the
 * session behind a spinner; on pages that are not public the workspace selection is written back
 * to the URL and localStorage (public pages skip workspace redirection).
 */
export function AppShell() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const session = useSession();
  const signOut = useSignOut();
  const verified = session.isLoggedIn && !session.needsVerification;
  const selection = useWorkspaceSelection({
    enabled: verified,
    // After the billing return parameters are gone: one writer of the URL at a time.
    writeBack: verified && !isPublicPage(pathname) && !hasBillingReturnParam(search),
  });
  useAnswersFollowPlan(session.user?.plan);

  if (session.isLoading) return <Spinner minHeight="100vh" />;

  const context: NavContext = {
    isLoggedIn: session.isLoggedIn,
    verified,
    userPlan: session.user?.plan ?? 'free',
    selectedWorkspace: selection.selected,
    workspaceCount: selection.workspaces.length,
    workspacesLoading: selection.isLoading,
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar
        user={session.user}
        verified={verified}
        items={visibleNavItems(context)}
        picker={workspacePickerState(context)}
        selection={selection}
        onSignOut={() => void signOut()}
      />
      <PageContainer
        component="main"
        id={mainContentProps.id}
        tabIndex={mainContentProps.tabIndex}
        sx={[{ flex: 1, py: { xs: 3, md: 5 } }, mainContentProps.sx]}
      >
        {session.user?.downgraded && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            <Link component={RouterLink} to={accountSettingsPath} color="inherit">
              {DOWNGRADED_NOTICE}
            </Link>
          </Alert>
        )}
        {verified && isBlockedByTwoFactor(selection.selected, session.user?.twoFactorEnabled) && (
          <Box sx={{ mb: 3 }}>
            <TwoFactorRequiredNotice workspaceName={selection.selected?.name} />
          </Box>
        )}
        {selection.replacedFrozen && (
          <FrozenWorkspaceNotice
            frozen={selection.replacedFrozen}
            shown={selection.selected}
            onClose={selection.dismissReplacedFrozen}
          />
        )}
        {selection.linkedMissing && (
          <LinkedWorkspaceMissingNotice onClose={selection.dismissLinkedMissing} />
        )}
        {selection.lostWorkspace && (
          <LostMembershipNotice
            workspaceName={selection.lostWorkspace.name}
            onClose={selection.dismissLostWorkspace}
          />
        )}
        <Outlet />
      </PageContainer>
      <AppFooter docsOpen={verified} />
    </Box>
  );
}
