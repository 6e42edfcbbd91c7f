import { countText } from '@expiry-radar/shared/domain/count-text';
import { PLANS, PLAN_LABELS, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { EXPORT_DEFAULT_LIMIT } from '@expiry-radar/shared/constants/paging';
import { Bullets, Code, DocsArticle, DocsSection, P } from './components/docs-article';

/** /docs/audit. */
export function DocsAuditPage() {
  return (
    <DocsArticle
      title="Audit log"
      lead="Every change is recorded: who did it, what changed, in which workspace, and when."
    >
      <DocsSection title="What is recorded">
        <P>
          Token creation, edits, renewals and deletions; workspace changes; member invitations, role
          changes and removals; alert settings; token transfers. Each event has the actor, the
          action, the target, the workspace, the time and relevant details.
        </P>
      </DocsSection>
      <DocsSection title="Who sees it">
        <P>
          The Audit page is available to admins on paid plans, and to workspace managers of paid
          workspaces. The organization view lists events of every workspace you manage.
        </P>
      </DocsSection>
      <DocsSection title="Retention">
        <Bullets
          items={PLANS.map(
            (plan) => `${PLAN_LABELS[plan]}: ${PLAN_LIMITS[plan].auditRetentionDays} days`,
          )}
        />
      </DocsSection>
      <DocsSection title="Export">
        <P>
          Export downloads the events as JSON (the default) or CSV, up to{' '}
          {countText(EXPORT_DEFAULT_LIMIT)} events per file, optionally for one workspace and since
          a date. Through the API: <Code>GET /api/account/export-audit</Code> with{' '}
          <Code>format</Code>, <Code>scope</Code>, <Code>workspace_id</Code>, <Code>since</Code> and{' '}
          <Code>limit</Code>.
        </P>
      </DocsSection>
    </DocsArticle>
  );
}
