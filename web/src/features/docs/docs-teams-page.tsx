import { PLAN_LIMITS, formatLimit } from '@expiry-radar/shared/domain/plans';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { Bullets, DocsArticle, DocsSection, P } from './components/docs-article';

/** /docs/teams. */
export function DocsTeamsPage() {
  return (
    <DocsArticle
      title="Teams and workspaces"
      lead="Workspaces separate inventories, for example per team, client or environment. Each has members with a role, and the plan of the workspace is its owner's plan."
    >
      <DocsSection title="Roles">
        <Bullets
          items={[
            <>
              <strong>{ROLE_LABELS.admin}</strong>: everything, including renaming or deleting the
              workspace, members and roles, alert settings and billing.
            </>,
            <>
              <strong>{ROLE_LABELS.workspace_manager}</strong>: manages tokens, members, alert
              settings and contact groups, and sees usage.
            </>,
            <>
              <strong>{ROLE_LABELS.viewer}</strong>: read-only access to tokens and their details.
            </>,
          ]}
        />
      </DocsSection>
      <DocsSection title="Choosing a workspace">
        <P>
          The picker in the top bar switches workspaces; the choice is kept in the address (so links
          can be shared) and remembered for your next visit. On the Free plan you have one workspace
          ({formatLimit(PLAN_LIMITS.free.workspacesOwned)}); Pro allows{' '}
          {formatLimit(PLAN_LIMITS.pro.workspacesOwned)}, Team{' '}
          {formatLimit(PLAN_LIMITS.team.workspacesOwned)} and Enterprise has no limit. Where two
          workspaces share a name, the picker says whose each is: yours, or your role in it.
        </P>
      </DocsSection>
      <DocsSection title="Inviting members">
        <P>
          On the Workspaces page, invite people by email with a role. They see the workspace once
          they sign in with that address. Member limits per workspace depend on the owner&apos;s
          plan. Changing a role or removing a member takes effect immediately. Every member but the
          admin, viewers too, can leave a workspace with &ldquo;Leave&rdquo; on their own row.
        </P>
      </DocsSection>
      <DocsSection title="Frozen workspaces">
        <P>
          A workspace uses its owner&apos;s plan. If the owner moves to a smaller plan, workspaces
          holding more tokens or members than it allows, and the newest beyond its number of
          workspaces, are frozen: read-only, hidden from the picker and with alerts paused. Nothing
          is deleted. Move their tokens into an active workspace from Account Settings, or upgrade
          to unfreeze them.
        </P>
      </DocsSection>
      <DocsSection title="When an owner deletes their account">
        <P>
          A workspace passes to another admin, or else to its longest-standing workspace manager,
          who becomes its owner and admin. It then uses the new owner&apos;s plan at once and is
          frozen, like on a downgrade, if it goes beyond that plan&apos;s limits. A workspace with
          no admin or workspace manager left (only viewers, or nobody) is deleted with its tokens.
        </P>
      </DocsSection>
    </DocsArticle>
  );
}
