import { PageFrame } from '../../components/page-frame';

/** /audit (spec §2). */
export function AuditPage() {
  return (
    <PageFrame
      title="Audit Log"
      description="Who changed what and when, in your workspaces and organization, with export to JSON or CSV."
    />
  );
}
