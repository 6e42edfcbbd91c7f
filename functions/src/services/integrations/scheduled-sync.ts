/**
 * The daily sync of one integration (the worker of the integration sync queue): as "Sync now",
 * through the same provider and sync engine, acted by the system rather than a person. The
 * integration is read again (it may have been turned off, moved to the manual schedule or
 * deleted since the dispatch: then nothing is done), and so is its workspace (a frozen workspace
 * is not synced, nor an integration beyond the plan's limit, as "Sync now" refuses both). A sync that cannot start (a kind without a provider,
 * credentials that will not open, settings of another version) is recorded in the integration's
 * last sync and the audit trail like any sync with errors; only a table error is thrown, for the
 * queue to retry.
 *
 * A large account is read over several messages: the providers that read in parts stop when the
 * worker's time runs short (`timeIsUp`), and the outcome then carries a `continuation` (the parts
 * read, the tokens they no longer hold, the totals and errors so far) for the worker to send as
 * the next message. Each message writes what it found; only the last one marks or deletes tokens
 * removed at source, and records the run's outcome. A run that met a failure worth retrying (a
 * 5xx, throttling beyond its Retry-After) stops there, records what it has, and answers
 * `retryable` for the worker to have the same message tried again with backoff.
 *
 * A "Sync now" too large for its request goes on here too (`requestedBy`, services/integrations/
 * integration-sync.ts): whatever the integration's schedule, as the person who asked.
 */
import {
  MAX_CARRIED_ERRORS,
  MAX_CARRIED_MISSING,
  MAX_CARRIED_PARTS,
  MAX_SYNC_MESSAGES,
  type IntegrationSyncContinuation,
  type IntegrationSyncMessage,
} from '@expiry-radar/shared/api/integration-sync-message';
import type { SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import * as z from 'zod';
import { SYSTEM_ACTOR } from '../../data/audit-events';
import type { IntegrationRecord } from '../../data/entities/integration';
import { endSyncRunning, findIntegration } from '../../data/integration-records';
import { findWorkspaces } from '../../data/workspace-store';
import type { Discovery } from '../../domain/discovery';
import { AppError } from '../../platform/app-error';
import { isIntegrationPaused } from './integration-management';
import { discover } from './integration-discovery';
import { recordSyncFailure, syncRunMessage } from './sync-engine';
import { errorMessage } from '../../platform/error-message';

export type ScheduledSyncOutcome =
  | {
      readonly kind: 'synced';
      /** This message's report; the run's whole outcome when it ended here. */
      readonly report: SyncReport;
      /** A part failed in a way a later try may mend: the message is to be tried again. */
      readonly retryable: boolean;
      /** The next message of a run stopped for time, or null when the run ended. */
      readonly continuation: IntegrationSyncContinuation | null;
    }
  | {
      readonly kind: 'skipped';
      readonly reason: 'gone' | 'not_scheduled' | 'frozen' | 'paused';
    };

const MAX_ERROR_LENGTH = 300;

const NO_TOTALS: IntegrationSyncContinuation['totals'] = {
  created: 0,
  updated: 0,
  unchanged: 0,
  renewed: 0,
  link_candidates: 0,
};

export const SYNC_RUN_MESSAGES = {
  tooLarge: `The source has more parts than ${MAX_SYNC_MESSAGES} messages of the scheduled sync can read: nothing was marked removed at source. Narrow the integration's settings to fewer vaults, projects or repositories.`,
  tooManyMissing: `More than ${MAX_CARRIED_MISSING} tokens disappeared at once: the others are marked by the next syncs.`,
} as const;

function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof z.ZodError) {
    return "The integration's stored settings or credentials are not valid for its kind: edit them and save again.";
  }
  const detail = errorMessage(error);
  return `The sync could not start: ${detail}`.slice(0, MAX_ERROR_LENGTH);
}

type SyncedOutcome = Extract<ScheduledSyncOutcome, { kind: 'synced' }>;

export async function syncScheduledIntegration(
  message: IntegrationSyncMessage,
  now: Date,
  /** Whether the worker's time is running short; by default never. */
  timeIsUp: () => boolean = () => false,
): Promise<ScheduledSyncOutcome> {
  const integration = await findIntegration(message.workspaceId, message.integrationId);
  if (!integration) return { kind: 'skipped', reason: 'gone' };
  const byHand = message.requestedBy;
  if (!byHand && (!integration.enabled || integration.schedule !== 'daily')) {
    return { kind: 'skipped', reason: 'not_scheduled' };
  }
  const skip = async (reason: 'gone' | 'frozen' | 'paused'): Promise<ScheduledSyncOutcome> => {
    if (byHand) await endSyncRunning(integration.workspaceId, integration.integrationId);
    return { kind: 'skipped', reason };
  };
  const [workspace] = await findWorkspaces([integration.workspaceId]);
  if (!workspace) return skip('gone');
  if (workspace.isFrozen) return skip('frozen');
  if (await isIntegrationPaused(integration, workspace.plan)) return skip('paused');
  const scope = { workspaceId: workspace.id, plan: workspace.plan };

  let discovery: Discovery;
  try {
    discovery = await discover(integration, { done: message.continuation?.parts ?? [], timeIsUp });
  } catch (error) {
    const report = await recordSyncFailure({
      workspace: scope,
      integration,
      actor: byHand ?? SYSTEM_ACTOR,
      trigger: byHand ? 'manual' : 'schedule',
      now,
      error: failureMessage(error),
      always: byHand !== undefined,
    });
    if (byHand) await endSyncRunning(integration.workspaceId, integration.integrationId);
    return { kind: 'synced', report, retryable: false, continuation: null };
  }
  return syncMessageFromDiscovery({ workspace: scope, integration, message, discovery, now });
}

/**
 * Writes what one message of a sync read (`discovery`) and answers its continuation when the
 * reading stopped for time. Of a "Sync now" gone on in the background (`requestedBy`): acted by
 * the person who asked, not retried (they wait for its outcome, errors and all), and its end
 * clears the integration's `syncingSince` once the outcome is recorded.
 */
export async function syncMessageFromDiscovery(options: {
  workspace: { readonly workspaceId: string; readonly plan: Plan };
  integration: IntegrationRecord;
  message: IntegrationSyncMessage;
  discovery: Discovery;
  now: Date;
}): Promise<SyncedOutcome> {
  const { workspace: scope, integration, message, discovery, now } = options;
  const byHand = message.requestedBy;
  const carried = message.continuation;
  const messages = (carried?.messages ?? 0) + 1;
  const parts = [...(carried?.parts ?? []), ...(discovery.readParts ?? [])];
  let unread = [...(carried?.unread ?? []), ...discovery.unreadPrefixes];
  let extraErrors: string[] = [];
  let partial = discovery.stoppedEarly === true;
  if (partial && (messages >= MAX_SYNC_MESSAGES || parts.length > MAX_CARRIED_PARTS)) {
    // Ends here without having read everything: nothing may be marked removed.
    partial = false;
    unread = [''];
    extraErrors = [SYNC_RUN_MESSAGES.tooLarge];
  }
  const retryable = discovery.retryable === true && !byHand;
  const ends = !partial || discovery.retryable === true;
  const { report, missing } = await syncRunMessage({
    workspace: scope,
    integration,
    discovery: {
      ...discovery,
      errors: [...discovery.errors, ...extraErrors],
      unreadPrefixes: unread,
    },
    actor: byHand ?? SYSTEM_ACTOR,
    now,
    run: {
      earlierParts: carried?.parts ?? [],
      earlierMissing: carried?.missing ?? [],
      partial,
    },
    earlier: { totals: carried?.totals ?? NO_TOTALS, errors: carried?.errors ?? [] },
    record: ends,
    trigger: byHand ? 'manual' : 'schedule',
  });
  if (ends) {
    if (byHand) await endSyncRunning(integration.workspaceId, integration.integrationId);
    return { kind: 'synced', report, retryable, continuation: null };
  }

  const allMissing = [...(carried?.missing ?? []), ...missing];
  const totals = carried?.totals ?? NO_TOTALS;
  const errors = [...(carried?.errors ?? []), ...report.errors];
  if (
    allMissing.length > MAX_CARRIED_MISSING &&
    !errors.includes(SYNC_RUN_MESSAGES.tooManyMissing)
  ) {
    errors.push(SYNC_RUN_MESSAGES.tooManyMissing);
  }
  const continuation: IntegrationSyncContinuation = {
    messages,
    parts,
    unread,
    // Those beyond the limit count as found this time.
    missing: allMissing.slice(0, MAX_CARRIED_MISSING),
    errors: errors.slice(0, MAX_CARRIED_ERRORS),
    totals: {
      created: totals.created + report.created,
      updated: totals.updated + report.updated,
      unchanged: totals.unchanged + report.unchanged,
      renewed: totals.renewed + report.renewed,
      link_candidates: totals.link_candidates + report.link_candidates.length,
    },
  };
  return { kind: 'synced', report, retryable: false, continuation };
}
