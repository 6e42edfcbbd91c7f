/**
 * The daily sync of one integration (the worker of the integration sync queue): as "Sync now",
 * through the same provider and sync engine, acted by the system rather than a person. The
 * integration is read again (it may have been turned off, moved to the manual schedule or
 * deleted since the dispatch: then nothing is done), and so is its workspace (a frozen workspace
 * is not synced, nor an integration beyond the plan's limit, as "Sync now" refuses both). A sync that cannot start (a kind without a provider,
 * credentials that will not open, settings of another version) is recorded in the integration's
 * last sync and the audit trail like any sync with errors; only a table error is thrown, for the
 * queue to retry.
 */
import type { IntegrationSyncMessage } from '@expiry-radar/shared/api/integration-sync-message';
import type { SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import * as z from 'zod';
import { SYSTEM_ACTOR } from '../../data/audit-events';
import { findIntegration } from '../../data/integration-records';
import { findWorkspaces } from '../../data/workspace-store';
import type { Discovery } from '../../domain/discovery';
import { AppError } from '../../platform/app-error';
import { isIntegrationPaused } from './integration-management';
import { discover } from './integration-sync';
import { recordSyncFailure, syncFromDiscovery } from './sync-engine';
import { errorMessage } from '../../platform/error-message';

export type ScheduledSyncOutcome =
  | { readonly kind: 'synced'; readonly report: SyncReport }
  | {
      readonly kind: 'skipped';
      readonly reason: 'gone' | 'not_scheduled' | 'frozen' | 'paused';
    };

const MAX_ERROR_LENGTH = 300;

function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof z.ZodError) {
    return "The integration's stored settings or credentials are not valid for its kind: edit them and save again.";
  }
  const detail = errorMessage(error);
  return `The sync could not start: ${detail}`.slice(0, MAX_ERROR_LENGTH);
}

export async function syncScheduledIntegration(
  message: IntegrationSyncMessage,
  now: Date,
): Promise<ScheduledSyncOutcome> {
  const integration = await findIntegration(message.workspaceId, message.integrationId);
  if (!integration) return { kind: 'skipped', reason: 'gone' };
  if (!integration.enabled || integration.schedule !== 'daily') {
    return { kind: 'skipped', reason: 'not_scheduled' };
  }
  const [workspace] = await findWorkspaces([integration.workspaceId]);
  if (!workspace) return { kind: 'skipped', reason: 'gone' };
  if (workspace.isFrozen) return { kind: 'skipped', reason: 'frozen' };
  if (await isIntegrationPaused(integration, workspace.plan)) {
    return { kind: 'skipped', reason: 'paused' };
  }
  const scope = { workspaceId: workspace.id, plan: workspace.plan };
  const base = {
    workspace: scope,
    integration,
    actor: SYSTEM_ACTOR,
    trigger: 'schedule' as const,
    now,
  };

  let discovery: Discovery;
  try {
    discovery = await discover(integration);
  } catch (error) {
    const report = await recordSyncFailure({ ...base, error: failureMessage(error) });
    return { kind: 'synced', report };
  }
  const report = await syncFromDiscovery({ ...base, discovery, dryRun: false });
  return { kind: 'synced', report };
}
