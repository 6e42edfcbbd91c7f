/**
 * A scan reported by the command-line tool (`POST /api/v1/workspaces/{id}/scans`): the items it
 * found are matched to the workspace's tokens by their id at the source within the scan's origin
 * (`<scanner>:<scope>`, the source kind being the scanner) and planned, written and answered by
 * the integrations' sync engine, so a scan behaves as a sync does: one token per item, updated
 * when it changed, "removed at source" when gone, never a duplicate (a token typed in by hand with
 * the item's name and type is a link candidate instead). Only tokens under the roots the scan
 * covered may be marked removed, and none under the parts it could not read. A scan that changed
 * something is one audit event.
 */
import type { ReportScanBody, ScanItem } from '@expiry-radar/shared/api/scan-api-schemas';
import type { SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { listAllTokens } from '../../data/token-records';
import type { UserRecord } from '../../data/user-records';
import type { DiscoveredToken } from '../../domain/discovery';
import { planSync, reportOf, writePlan, type SyncOrigin } from '../integrations/sync-engine';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import type { WorkspaceAccess } from '../workspaces/workspace-access';

/** The source id of a scan's tokens: the scanner and the scope it scanned. */
export const scanOriginId = (scanner: string, scope: string) => `${scanner}:${scope}`;

function discovered(item: ScanItem): DiscoveredToken {
  const { external_id: externalId, name, type, expiresAt, ...fields } = item;
  const known = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as DiscoveredToken['fields'];
  return { externalId, name, type, expiresAt, fields: known };
}

const under = (externalId: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => externalId.startsWith(prefix));

export async function reportScan(options: {
  access: WorkspaceAccess;
  user: Pick<UserRecord, 'id' | 'email'>;
  request: ReportScanBody;
  now: Date;
}): Promise<SyncReport> {
  const { access, user, request, now } = options;
  const origin: SyncOrigin = {
    kind: request.scanner,
    integrationId: scanOriginId(request.scanner, request.scope),
    workspaceId: access.workspaceId,
  };
  const stored = await listAllTokens(access.workspaceId);
  const planned = planSync({
    integration: origin,
    discovery: {
      tokens: request.items.map(discovered),
      errors: [],
      unreadPrefixes: request.unread,
    },
    stored,
    now,
  });
  const { roots } = request;
  const plan = {
    ...planned,
    changes: planned.changes.filter(
      (change) =>
        change.kind !== 'remove' ||
        roots === undefined ||
        under(change.update.current.source?.external_id ?? '', roots),
    ),
  };
  if (request.dry_run) return reportOf(plan, [], true);

  const outcome = await writePlan(access.workspaceId, access.plan, plan.changes, now);
  const report = reportOf({ ...plan, changes: outcome.written }, outcome.errors, false);
  if (report.created + report.updated + report.removed > 0) {
    await recordWorkspaceEvent({
      workspace: access,
      actor: user,
      action: AUDIT_ACTIONS.tokensScanned,
      target: { type: 'workspace', id: access.workspaceId, name: access.name },
      metadata: {
        scanner: request.scanner,
        scope: request.scope,
        created: report.created,
        updated: report.updated,
        renewed: report.renewed,
        removed: report.removed,
        unchanged: report.unchanged,
        link_candidates: report.link_candidates.length,
      },
      now,
    });
  }
  return report;
}
