import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageFrame } from '../../components/page-frame';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { organizationUsageQueryOptions } from '../plan';
import { useOrganizationSignIn } from './api/organization-sign-in';
import { DomainsSection } from './components/domains-section';
import { ScimSection } from './components/scim-section';
import { SsoConnectionForm } from './components/sso-connection-form';

export const PLAN_NOTE =
  'Verified domains and single sign-on come with the Team and Enterprise plans.';

function SignInSettings() {
  const signIn = useOrganizationSignIn();
  const usage = useQuery(organizationUsageQueryOptions());
  if (signIn.isPending || usage.isPending) return <Spinner minHeight={240} />;
  if (signIn.isError || usage.isError) {
    return (
      <LoadErrorAlert onRetry={() => void Promise.all([signIn.refetch(), usage.refetch()])}>
        Single sign-on settings could not be loaded.
      </LoadErrorAlert>
    );
  }
  const { allowed, domains, connection } = signIn.data;
  if (!allowed && domains.length === 0 && !connection) {
    return (
      <Alert severity="info">
        {PLAN_NOTE}{' '}
        <Link component={RouterLink} to={paths.billing} color="inherit">
          Change plan
        </Link>
      </Alert>
    );
  }
  return (
    <Stack spacing={4}>
      {!allowed && (
        <Alert severity="warning">
          {PLAN_NOTE} Your plan no longer includes them: what is set up here is kept but not used.
        </Alert>
      )}
      <DomainsSection domains={domains} />
      <Divider />
      <SsoConnectionForm
        connection={connection}
        workspaces={usage.data.workspaces}
        hasVerifiedDomain={domains.some((domain) => domain.status === 'verified')}
        appOrigin={window.location.origin}
      />
      <Divider />
      <ScimSection
        workspaces={usage.data.workspaces}
        allowed={allowed}
        hasVerifiedDomain={domains.some((domain) => domain.status === 'verified')}
        appOrigin={window.location.origin}
      />
    </Stack>
  );
}

/** /organization/sign-in: the organization owner's verified domains and SSO connection. */
export function OrganizationSignInPage() {
  return (
    <PageFrame
      title="Single sign-on"
      description="Verify your organization's email domains and let its people sign in through your identity provider (Entra ID, Okta, Keycloak or any OpenID Connect or SAML 2.0 provider)."
    >
      <SignInSettings />
    </PageFrame>
  );
}
