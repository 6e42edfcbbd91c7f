/**
 * "Sync now" and its preview for one integration: admins and workspace managers, not while the
 * workspace is frozen nor for an integration its plan pauses. The provider's findings
 * (integration-discovery.ts) go through the sync engine.
 *
 * A sync now of an integration on the daily schedule is that day's sync: its next scheduled sync
 * moves a day on from now, so that the dispatcher does not run it again within the hour (as it
 * would after "Enable and sync", which makes it due at once).
 *
 * "Sync now" answers within API Gateway's 29 seconds at any size of source: it reads for
 * SYNC_NOW_READ_SECONDS (a source read in parts starts no further part after that), and waits for
 * the reading SYNC_NOW_DEADLINE_SECONDS at most. A source read whole answers its report (`done`);
 * one stopped between parts writes what it read and sends the rest to the integration sync queue
 * as the scheduled worker's continuation; one not read by the deadline goes whole to the queue
 * (the reading left behind writes nothing). Both answer `running` (202) and mark the integration
 * `syncingSince` until the worker records the outcome.
 *
 * The preview reads within the same time: a source stopped between parts is previewed on the parts
 * read, and the answer says so (`partial`); one not read by the deadline previews nothing.
 */
import type { SyncNowResponse, SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import type { IntegrationSyncMessage } from '@expiry-radar/shared/api/integration-sync-message';
import { enqueueIntegrationSyncs } from '../../adapters/integration-sync-queue';
import { claimScheduledSync, markSyncRunning } from '../../data/integration-records';
import type { IntegrationRecord } from '../../data/entities/integration';
import type { UserRecord } from '../../data/user-records';
import type { Discovery } from '../../domain/discovery';
import { followingSyncAt } from '../../domain/integration-schedule';
import {
  requireEditor,
  requireNotFrozen,
  type WorkspaceAccess,
} from '../workspaces/workspace-access';
import { discover } from './integration-discovery';
import { requireIntegration, requireNotPaused, syncRunningSince } from './integration-management';
import { syncMessageFromDiscovery } from './scheduled-sync';
import { previewFromDiscovery, reportOf, syncFromDiscovery } from './sync-engine';

type SyncActor = Pick<UserRecord, 'id' | 'email'>;

async function loadForSync(access: WorkspaceAccess, integrationId: string) {
  requireEditor(access);
  requireNotFrozen(access);
  const integration = await requireIntegration(access, integrationId);
  await requireNotPaused(access, integration);
  return integration;
}

function secondsSetting(variable: string, fallback: number): number {
  const value = Number(process.env[variable]);
  return process.env[variable] !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : fallback;
}

/** The reading's outcome by the deadline, or null when the deadline came first. */
async function readWithin(reading: Promise<Discovery>, ms: number): Promise<Discovery | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  // A reading left behind may still fail: nothing waits for it any more.
  reading.catch(() => undefined);
  try {
    return await Promise.race([reading, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The integration's source read within a request's time (SYNC_NOW_READ_SECONDS, then
 * SYNC_NOW_DEADLINE_SECONDS at most), as "Sync now" and its preview read it; null when the
 * deadline came first.
 */
function readInRequestTime(integration: IntegrationRecord): Promise<Discovery | null> {
  const started = Date.now();
  const readMs = secondsSetting('SYNC_NOW_READ_SECONDS', 10) * 1_000;
  return readWithin(
    discover(integration, { done: [], timeIsUp: () => Date.now() - started >= readMs }),
    secondsSetting('SYNC_NOW_DEADLINE_SECONDS', 18) * 1_000,
  );
}

const EMPTY_REPORT = reportOf(
  { changes: [], unchanged: 0, linkCandidates: [], found: [], missing: [] },
  [],
  false,
);

/** A preview of part of the source: how many items it read, and in words. */
function partialOf(previewed: number): NonNullable<SyncReport['partial']> {
  return {
    previewed,
    message:
      previewed === 0
        ? 'The source did not answer within the time of a preview: nothing was previewed; the sync reads it all.'
        : `Previewed the first ${previewed.toLocaleString('en-US')} ${previewed === 1 ? 'item' : 'items'}; the sync reads the rest.`,
  };
}

/**
 * What a sync of the integration would do (nothing written), from what its source answers within
 * the same time as "Sync now": a source read in part is previewed on what was read (`partial`),
 * with no token counted removed, since what was not read says nothing.
 */
export async function previewWorkspaceIntegration(options: {
  access: WorkspaceAccess;
  actor: SyncActor;
  integrationId: string;
  now: Date;
}): Promise<SyncReport> {
  const { access, now } = options;
  const integration = await loadForSync(access, options.integrationId);
  const discovery = await readInRequestTime(integration);
  if (discovery === null) {
    return { ...EMPTY_REPORT, dry_run: true, partial: partialOf(0) };
  }
  if (discovery.stoppedEarly !== true) {
    return previewFromDiscovery({ workspaceId: access.workspaceId, integration, discovery, now });
  }
  const report = await previewFromDiscovery({
    workspaceId: access.workspaceId,
    integration,
    discovery,
    now,
    partial: true,
  });
  return {
    ...report,
    partial: partialOf(new Set(discovery.tokens.map((token) => token.externalId)).size),
  };
}

/** "Sync now": the whole sync within the request, or its first part and the rest on the queue. */
export async function syncWorkspaceIntegration(options: {
  access: WorkspaceAccess;
  actor: SyncActor;
  integrationId: string;
  now: Date;
}): Promise<SyncNowResponse> {
  const { access, actor, now } = options;
  const integration = await loadForSync(access, options.integrationId);
  if (syncRunningSince(integration, now) !== null) return { ...EMPTY_REPORT, state: 'running' };
  const discovery = await readInRequestTime(integration);
  if (integration.nextSyncAt != null) {
    // Lost to a dispatch or an edit that moved it first: theirs stands.
    await claimScheduledSync(integration, followingSyncAt(now));
  }
  const message: IntegrationSyncMessage = {
    workspaceId: integration.workspaceId,
    integrationId: integration.integrationId,
    requestedBy: { id: actor.id, email: actor.email },
  };
  if (discovery === null) {
    await markSyncRunning(integration.workspaceId, integration.integrationId, now);
    await enqueueIntegrationSyncs([message]);
    return { ...EMPTY_REPORT, state: 'running' };
  }
  if (discovery.stoppedEarly !== true) {
    const report = await syncFromDiscovery({
      workspace: access,
      integration,
      discovery,
      actor,
      dryRun: false,
      now,
    });
    return { ...report, state: 'done' };
  }
  const outcome = await syncMessageFromDiscovery({
    workspace: { workspaceId: access.workspaceId, plan: access.plan },
    integration,
    message,
    discovery,
    now,
  });
  if (outcome.continuation === null) return { ...outcome.report, state: 'done' };
  await markSyncRunning(integration.workspaceId, integration.integrationId, now);
  await enqueueIntegrationSyncs([{ ...message, continuation: outcome.continuation }]);
  return { ...outcome.report, state: 'running' };
}
