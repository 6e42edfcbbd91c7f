/**
 * What the expiry scan needs of each workspace it alerts for, read in batches: the workspace's
 * item and its alert settings together in BatchGetItem (100 keys a request), then each distinct
 * owner's item once, also in BatchGetItem. With one due token in each of 10,000 workspaces, a
 * GetItem per settings item and per owner had been 20,000 requests of the scan's one invocation
 * (and an owner of five workspaces read five times); batched, about 220.
 *
 * Isolated per workspace (data/workspace-isolated-reads.ts): a workspace whose item, settings or
 * owner cannot be read or decoded is reported and left out (its tokens stay due for the next run).
 * A workspace with no settings item yet gets its default one (`readAlertSettings` creates it).
 */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { WorkspaceAlertSettings } from '../domain/alert-channels';
import { forEachLimited } from '../platform/concurrency';
import { readAlertSettings } from './alert-settings-records';
import { alertSettingsCodec } from './entities/alert-settings';
import { workspaceCodec } from './entities/workspace';
import { keys } from './keys';
import { keyOf, type TableItem, type TableKey } from './table-operations';
import { toUserRecord } from './user-records';
import type { WorkspaceIsolatedReads } from './workspace-isolated-reads';

export interface WorkspaceAlertContext {
  readonly isFrozen: boolean;
  readonly plan: Plan;
  readonly settings: WorkspaceAlertSettings;
  /** The owner's address (the default recipient); null when their account is gone. */
  readonly ownerEmail: string | null;
}

/** Settings items created at once, for workspaces that have none yet. */
const DEFAULT_SETTINGS_CONCURRENCY = 16;

const keyText = (key: TableKey) => `${key.pk}|${key.sk}`;

/**
 * Per workspace id, its context; a workspace that does not exist is absent, and so is one that
 * failed (`reads.failureAt` its keys or `reads.failureOf` it say why).
 */
export async function readWorkspaceAlertContexts(
  workspaceIds: readonly string[],
  reads: WorkspaceIsolatedReads,
): Promise<Map<string, WorkspaceAlertContext>> {
  const items = await reads.batchGet(
    workspaceIds.flatMap((workspaceId) => [
      keys.workspace(workspaceId),
      keys.alertSettings(workspaceId),
    ]),
  );
  const byKey = new Map(items.map((item) => [keyText(keyOf(item)), item]));
  const itemAt = (key: TableKey): TableItem | undefined => byKey.get(keyText(key));

  const found = new Map<
    string,
    { isFrozen: boolean; plan: Plan; ownerId: string; settings?: WorkspaceAlertSettings }
  >();
  for (const workspaceId of workspaceIds) {
    const workspaceKey = keys.workspace(workspaceId);
    const settingsKey = keys.alertSettings(workspaceId);
    if (reads.failureAt(workspaceKey) !== undefined || reads.failureAt(settingsKey) !== undefined) {
      continue;
    }
    const workspaceItem = itemAt(workspaceKey);
    if (!workspaceItem) continue;
    try {
      const { workspace } = workspaceCodec.fromItem(workspaceItem);
      const settingsItem = itemAt(settingsKey);
      found.set(workspaceId, {
        isFrozen: workspace.isFrozen,
        plan: workspace.plan,
        ownerId: workspace.ownerId,
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
        isFrozen: read.isFrozen,
        plan: read.plan,
        settings: read.settings ?? (await readAlertSettings(workspaceId)),
        ownerEmail: ownerEmails.get(read.ownerId) ?? null,
      });
    } catch (error) {
      reads.failWorkspace(workspaceId, error);
    }
  });
  return contexts;
}
