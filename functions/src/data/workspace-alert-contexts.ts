/**
 * What the expiry scan and the alert worker need of each workspace they alert for, read in
 * batches: the workspace's item, its alert settings and its Slack app installation together in
 * BatchGetItem (100 keys a request), then each distinct owner's item once, also in BatchGetItem.
 * With one due token in each of 10,000 workspaces, a GetItem per settings item, per owner and per
 * installation had been 30,000 requests of the scan's one invocation (and an owner of five
 * workspaces read five times); batched, about 320. The scan reads the installations in requests
 * of their own, strongly consistent (`readWorkspaceAlertContexts`). The worker reads those of all
 * the workspaces of an SQS batch's messages at once, in the same requests as their tokens
 * (data/alert-context.ts).
 *
 * Isolated per workspace (data/workspace-isolated-reads.ts): a workspace whose item, settings,
 * installation or owner cannot be read or decoded is reported and left out (`workspaceFailure`
 * says why). A workspace with no settings item yet gets its default one (`readAlertSettings`
 * creates it).
 */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { WorkspaceAlertSettings } from '../domain/alert-channels';
import type { SlackAppChannel } from '../domain/alert-delivery-model';
import { forEachLimited } from '../platform/concurrency';
import { readAlertSettings } from './alert-settings-records';
import { alertSettingsCodec } from './entities/alert-settings';
import { slackInstallationCodec } from './entities/slack-installation';
import { workspaceCodec } from './entities/workspace';
import { keys } from './keys';
import type { TableItem, TableKey } from './table-operations';
import { slackAppChannelOf } from './slack-app-records';
import { toUserRecord } from './user-records';
import type { WorkspaceIsolatedReads } from './workspace-isolated-reads';

export interface WorkspaceAlertContext {
  readonly name: string;
  readonly ownerId: string;
  readonly isFrozen: boolean;
  readonly requireTwoFactor: boolean;
  readonly plan: Plan;
  readonly settings: WorkspaceAlertSettings;
  /** The owner's address (the default recipient); null when their account is gone. */
  readonly ownerEmail: string | null;
  /** The workspace's Slack app installation: its channel, or email when Slack revoked it. */
  readonly slackApp: SlackAppChannel | null;
}

const INSTALLATION_SK = keys.slackInstallation('').sk;

/** Settings items created at once, for workspaces that have none yet. */
const DEFAULT_SETTINGS_CONCURRENCY = 16;

/** The items a workspace's context is read from, before its owner's. */
export function workspaceAlertContextKeys(workspaceId: string): TableKey[] {
  return [
    keys.workspace(workspaceId),
    keys.alertSettings(workspaceId),
    keys.slackInstallation(workspaceId),
  ];
}

/** Why the workspace's context could not be read; undefined when nothing of it failed. */
export function workspaceFailure(
  reads: WorkspaceIsolatedReads,
  workspaceId: string,
): string | undefined {
  for (const key of workspaceAlertContextKeys(workspaceId)) {
    const failure = reads.failureAt(key);
    if (failure !== undefined) return failure;
  }
  return reads.failureOf(workspaceId);
}

/**
 * Per workspace id, its context, from its items already read (`itemAt` answers those of
 * `workspaceAlertContextKeys`); the owners are read here. A workspace that does not exist is
 * absent, and so is one that failed (`workspaceFailure`).
 */
export async function workspaceAlertContextsFrom(
  workspaceIds: readonly string[],
  itemAt: (key: TableKey) => TableItem | undefined,
  reads: WorkspaceIsolatedReads,
): Promise<Map<string, WorkspaceAlertContext>> {
  const found = new Map<
    string,
    Omit<WorkspaceAlertContext, 'settings' | 'ownerEmail'> & { settings?: WorkspaceAlertSettings }
  >();
  for (const workspaceId of workspaceIds) {
    if (workspaceAlertContextKeys(workspaceId).some((key) => reads.failureAt(key) !== undefined)) {
      continue;
    }
    const workspaceItem = itemAt(keys.workspace(workspaceId));
    if (!workspaceItem) continue;
    try {
      const { workspace } = workspaceCodec.fromItem(workspaceItem);
      const settingsItem = itemAt(keys.alertSettings(workspaceId));
      const installationItem = itemAt(keys.slackInstallation(workspaceId));
      found.set(workspaceId, {
        name: workspace.name,
        ownerId: workspace.ownerId,
        isFrozen: workspace.isFrozen,
        requireTwoFactor: workspace.requireTwoFactor,
        plan: workspace.plan,
        slackApp: slackAppChannelOf(
          installationItem ? slackInstallationCodec.fromItem(installationItem) : undefined,
        ),
        ...(settingsItem ? { settings: alertSettingsCodec.fromItem(settingsItem).settings } : {}),
      });
    } catch (error) {
      reads.failWorkspace(workspaceId, error);
    }
  }

  const ownerIds = [...new Set([...found.values()].map(({ ownerId }) => ownerId))];
  const ownerItems = await reads.batchGet(ownerIds.map((ownerId) => keys.user(ownerId)));
  const ownerEmails = new Map<string, string>();
  const ownerFailures = new Map<string, unknown>();
  for (const item of ownerItems) {
    try {
      const owner = toUserRecord(item);
      ownerEmails.set(owner.id, owner.email);
    } catch (error) {
      ownerFailures.set(String(item.pk), error);
    }
  }

  const contexts = new Map<string, WorkspaceAlertContext>();
  await forEachLimited([...found], DEFAULT_SETTINGS_CONCURRENCY, async ([workspaceId, read]) => {
    const ownerKey = keys.user(read.ownerId);
    const ownerFailure = reads.failureAt(ownerKey) ?? ownerFailures.get(ownerKey.pk);
    if (ownerFailure !== undefined) {
      reads.failWorkspace(workspaceId, ownerFailure);
      return;
    }
    try {
      contexts.set(workspaceId, {
        ...read,
        settings: read.settings ?? (await readAlertSettings(workspaceId)),
        ownerEmail: ownerEmails.get(read.ownerId) ?? null,
      });
    } catch (error) {
      reads.failWorkspace(workspaceId, error);
    }
  });
  return contexts;
}

/**
 * Per workspace id, its context; a workspace that does not exist is absent, and so is one that
 * failed (`workspaceFailure` says why).
 */
export async function readWorkspaceAlertContexts(
  workspaceIds: readonly string[],
  reads: WorkspaceIsolatedReads,
): Promise<Map<string, WorkspaceAlertContext>> {
  const isInstallation = (key: TableKey) => key.sk === INSTALLATION_SK;
  const contextKeys = workspaceIds.flatMap(workspaceAlertContextKeys);
  // The installations in requests of their own, strongly consistent (1 read unit an item instead
  // of 0.5): they decide Slack or email for the alerts planned now, so an app installed (or
  // removed) seconds before the scan counts. The rest stays eventually consistent.
  const [otherItemAt, installationAt] = await Promise.all([
    reads.readByKey(contextKeys.filter((key) => !isInstallation(key))),
    reads.readByKey(contextKeys.filter(isInstallation), { consistentRead: true }),
  ]);
  const itemAt = (key: TableKey) => (isInstallation(key) ? installationAt : otherItemAt)(key);
  return workspaceAlertContextsFrom(workspaceIds, itemAt, reads);
}
