import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { queryParams } from '../../lib/paths';

/** /dashboard: the token dashboard, or with `view=account` the account settings (spec §2). */
export function DashboardPage() {
  const [search] = useSearchParams();
  if (search.get(queryParams.view) === 'account') {
    return (
      <PageFrame
        title="Account Settings"
        description="Your name, password and sign-in details; delete the account, or move tokens out of frozen workspaces."
      />
    );
  }
  return (
    <PageFrame
      title="Token Management Dashboard"
      description="Every token, secret, certificate and license of the selected workspace, by category, with its expiry status."
    />
  );
}
