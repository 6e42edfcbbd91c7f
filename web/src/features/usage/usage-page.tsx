import { PageFrame } from '../../components/page-frame';

/** /usage (spec §2): admins and workspace managers. */
export function UsagePage() {
  return (
    <PageFrame
      title="Usage"
      description="What your workspaces use against the limits of your plan: workspaces, tokens, members, webhooks and alert deliveries this month."
    />
  );
}
