import { PageFrame } from '../../components/page-frame';

/** /workspaces (spec §2). */
export function WorkspacesPage() {
  return (
    <PageFrame
      title="Workspaces"
      description="Create, rename and delete workspaces, invite members and set their roles, and move tokens between workspaces."
    />
  );
}
