/**
 * A workspace's tokens as Prometheus metrics (`GET /api/v1/workspaces/{id}/metrics`): every token
 * of the workspace, read as the export reads them, rendered as OpenMetrics text
 * (domain/token-metrics).
 */
import { listAllTokens } from '../../data/token-records';
import { renderTokenMetrics } from '../../domain/token-metrics';
import type { WorkspaceAccess } from '../workspaces/workspace-access';

export async function tokenMetrics(access: WorkspaceAccess, now: Date): Promise<string> {
  const tokens = (await listAllTokens(access.workspaceId)).map((record) => record.token);
  return renderTokenMetrics(tokens, now);
}
