/**
 * The sync engine: takes what a provider found (AWS, GitLab, Vault) and brings the workspace's
 * tokens in step with it. Discovered tokens carry `source` (kind, integration id, external id)
 * and are matched on it, never on their name:
 *
 * - found and not yet known: created, unless a token typed in by hand has the same name and
 *   type, which is reported as a link candidate instead (never a duplicate);
 * - found and known: updated when any of its fields differ (a later expiry is a renewal, armed
 *   for alerts as a manual renewal is: its alert history kept, its windows computed again from
 *   the new date); a token marked removed that comes back loses the mark;
 * - known and no longer found: marked "removed at source" (`source.removed_at`); not when the
 *   part of the source it came from could not be read this time (`unreadPrefixes`);
 * - marked removed at source for the integration's `delete_after_days` or more, when its rules
 *   say `delete`: deleted (by default they stay marked, never deleted).
 *
 * The integration's include and exclude rules (shared/domain/integration-rules.ts) apply first:
 * an item they drop is as if the source had not answered it, so it is never created, and a token
 * already synced from it is marked removed at source like one whose item disappeared.
 *
 * Tokens equal to what was found are not written. A sync that changes no token and ends with the
 * same errors as the last one (none then and none now, or the same messages) writes nothing at all:
 * no audit event and no new last-sync outcome, so a daily sync of a quiet source costs its reads
 * only, and `last_sync` tells when a sync last changed something. A first sync, or one whose
 * errors appear, change or clear, is recorded. A preview is the same plan, answered without
 * writing anything.
 */
import {
  DEFAULT_INTEGRATION_RULES,
  MAX_REPORTED_ITEMS,
  type IntegrationRules,
  type LastSync,
  type SyncReport,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { compileRules } from '@expiry-radar/shared/domain/integration-rules';
import { categoryOfType } from '@expiry-radar/shared/domain/categories';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import {
  emptyTokenFields,
  type Token,
  type TokenFields,
  type TokenSource,
} from '@expiry-radar/shared/domain/token';
import { importKey } from '@expiry-radar/shared/domain/token-import';
import { readArmingContext } from '../../data/alert-arming';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import type { IntegrationRecord } from '../../data/entities/integration';
import type { TokenRecord } from '../../data/entities/token';
import { writeLastSync } from '../../data/integration-records';
import { compactSearchIndex } from '../../data/search-index-compaction';
import {
  deleteToken,
  IMPORT_BATCH_MAX_TOKENS,
  newImportedToken,
  writeImportBatch,
  type ImportedUpdate,
} from '../../data/token-mutations';
import {
  listAllTokens,
  TokenConditionError,
  WorkspaceConditionError,
} from '../../data/token-records';
import type { DiscoveredToken, Discovery } from '../../domain/discovery';
import { nextRevision } from '../../domain/search-entries';
import { logger } from '../../platform/logger';
import { rulesOf } from './integration-management';

type Change =
  | { readonly kind: 'create'; readonly token: Token; readonly externalId: string }
  | { readonly kind: 'update'; readonly update: ImportedUpdate; readonly renewed: boolean }
  | { readonly kind: 'remove'; readonly update: ImportedUpdate }
  | { readonly kind: 'delete'; readonly token: Token };

export interface SyncPlan {
  readonly changes: readonly Change[];
  readonly unchanged: number;
  readonly linkCandidates: SyncReport['link_candidates'];
  /** What the source answered, before the rules (the first MAX_REPORTED_ITEMS). */
  readonly found: SyncReport['found'];
  /**
   * Of a partial run's message: the integration's tokens under the parts it read that it did not
   * find, for the run's last message to mark (or delete).
   */
  readonly missing: readonly string[];
}

/**
 * A sync read over several messages (the scheduled worker on a large account): only its last
 * message marks tokens removed at source or deletes them, once the whole source was read, so the
 * inventory is never marked from half a reading.
 */
export interface SyncRun {
  /** Part prefixes (domain/discovery.ts) the earlier messages read. */
  readonly earlierParts: readonly string[];
  /** The integration's tokens under those parts that the earlier messages did not find. */
  readonly earlierMissing: readonly string[];
  /** More messages follow: nothing is marked or deleted now; what is missing is answered. */
  readonly partial: boolean;
}

const underAny = (externalId: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => externalId.startsWith(prefix));

const DAY_MS = 86_400_000;

/** The fields a discovered token sets; what it leaves out (notes, contact group) stays the user's. */
function discoveredFields(found: DiscoveredToken): Partial<TokenFields> {
  return {
    ...found.fields,
    name: found.name,
    type: found.type,
    category: categoryOfType(found.type),
    expiresAt: found.expiresAt,
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Where discovered tokens come from: an integration, or a scan of the command-line tool (its
 * scanner as the kind, its scope as the id).
 */
export type SyncOrigin = Pick<IntegrationRecord, 'integrationId' | 'workspaceId'> & {
  readonly kind: TokenSource['kind'];
};

function sourceOf(integration: SyncOrigin, externalId: string): TokenSource {
  return {
    kind: integration.kind,
    integration_id: integration.integrationId,
    external_id: externalId,
    removed_at: null,
  };
}

/** Plans a sync of `integration` from what was found, against the workspace's tokens. */
export function planSync(options: {
  integration: SyncOrigin;
  discovery: Discovery;
  stored: readonly TokenRecord[];
  now: Date;
  /** The integration's rules; by default everything is kept and removals are only marked. */
  rules?: IntegrationRules;
  /** Of a sync read over several messages; by default the discovery is the whole source. */
  run?: SyncRun;
}): SyncPlan {
  const { integration, discovery, now } = options;
  const rules = options.rules ?? DEFAULT_INTEGRATION_RULES;
  const verdict = compileRules(rules);
  const ours = new Map<string, TokenRecord>();
  const byHand = new Map<string, Token>();
  for (const record of options.stored) {
    const { source } = record.token;
    if (source?.integration_id === integration.integrationId) {
      ours.set(source.external_id, record);
    } else if (!source) {
      const key = importKey(record.token);
      if (key !== null) byHand.set(key, record.token);
    }
  }

  const changes: Change[] = [];
  const linkCandidates: SyncReport['link_candidates'] = [];
  const reported: SyncReport['found'] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  const found = new Set<string>();
  for (const item of discovery.tokens) {
    if (seen.has(item.externalId)) continue;
    seen.add(item.externalId);
    const { kept } = verdict({ name: item.name, external_id: item.externalId });
    if (reported.length < MAX_REPORTED_ITEMS) {
      reported.push({ external_id: item.externalId, name: item.name, type: item.type, kept });
    }
    if (!kept) continue;
    found.add(item.externalId);
    const fields = discoveredFields(item);
    const known = ours.get(item.externalId);
    if (known) {
      const current = known.token;
      const differs =
        current.source?.removed_at !== null ||
        (Object.keys(fields) as Array<keyof TokenFields>).some(
          (field) => !sameValue(current[field], fields[field]),
        );
      if (!differs) {
        unchanged += 1;
        continue;
      }
      const next: Token = {
        ...current,
        ...fields,
        source: sourceOf(integration, item.externalId),
        updated_at: nextRevision(current.updated_at, now),
      };
      changes.push({
        kind: 'update',
        update: { current, lastAlert: known.schedule.lastAlert, next },
        renewed: next.expiresAt > current.expiresAt,
      });
      continue;
    }
    const twin = byHand.get(importKey({ name: item.name, type: item.type }) ?? '');
    if (twin) {
      linkCandidates.push({
        token_id: twin.id,
        name: twin.name,
        type: twin.type,
        external_id: item.externalId,
      });
      continue;
    }
    const token: Token = {
      ...newImportedToken(
        integration.workspaceId,
        {
          ...emptyTokenFields(),
          ...fields,
          renews_automatically: item.renewsAutomatically === true,
        } as TokenFields,
        now,
      ),
      source: sourceOf(integration, item.externalId),
    };
    changes.push({ kind: 'create', token, externalId: item.externalId });
  }

  const deleteBefore = now.getTime() - rules.delete_after_days * DAY_MS;
  const earlierParts = options.run?.earlierParts ?? [];
  const earlierMissing = new Set(options.run?.earlierMissing ?? []);
  const missing: string[] = [];
  for (const [externalId, record] of ours) {
    const current = record.token;
    if (found.has(externalId)) continue;
    // Found by an earlier message of the same run.
    if (underAny(externalId, earlierParts) && !earlierMissing.has(externalId)) continue;
    if (options.run?.partial) {
      const markable = !current.source?.removed_at || rules.removed === 'delete';
      if (
        markable &&
        underAny(externalId, discovery.readParts ?? []) &&
        !underAny(externalId, discovery.unreadPrefixes)
      ) {
        missing.push(externalId);
      }
      continue;
    }
    const removedAt = current.source?.removed_at;
    if (removedAt) {
      if (rules.removed === 'delete' && Date.parse(removedAt) <= deleteBefore) {
        changes.push({ kind: 'delete', token: current });
      }
      continue;
    }
    if (discovery.unreadPrefixes.some((prefix) => externalId.startsWith(prefix))) continue;
    const next: Token = {
      ...current,
      source: { ...sourceOf(integration, externalId), removed_at: now.toISOString() },
      updated_at: nextRevision(current.updated_at, now),
    };
    changes.push({
      kind: 'remove',
      update: { current, lastAlert: record.schedule.lastAlert, next },
    });
  }
  return { changes, unchanged, linkCandidates, found: reported, missing };
}

export function reportOf(plan: SyncPlan, errors: readonly string[], dryRun: boolean): SyncReport {
  const count = (kind: Change['kind']) => plan.changes.filter((c) => c.kind === kind).length;
  return {
    dry_run: dryRun,
    created: count('create'),
    updated: count('update'),
    removed: count('remove'),
    deleted: count('delete'),
    unchanged: plan.unchanged,
    renewed: plan.changes.filter((c) => c.kind === 'update' && c.renewed).length,
    errors: [...errors],
    changes: plan.changes.map((change) => {
      const token =
        change.kind === 'create' || change.kind === 'delete' ? change.token : change.update.next;
      return {
        action: change.kind,
        external_id: token.source?.external_id ?? '',
        name: token.name,
        type: token.type,
        expires_at: token.expiresAt,
      };
    }),
    link_candidates: plan.linkCandidates,
    found: plan.found,
  };
}

const FROZEN_ERROR = 'The workspace is frozen: nothing more was written.';
const CHANGED_ERROR = 'A token was changed meanwhile: the next sync takes up the rest.';

/**
 * Deletes the tokens the rules delete, one transaction each (the token, its counter, its
 * schedules and its search entry, as a deletion by hand); one changed meanwhile is left for the
 * next sync.
 */
async function deleteTokens(
  deletions: ReadonlyArray<Extract<Change, { kind: 'delete' }>>,
  now: Date,
): Promise<{ written: Change[]; errors: string[] }> {
  const written: Change[] = [];
  for (const change of deletions) {
    try {
      await deleteToken(change.token, now);
      written.push(change);
    } catch (error) {
      if (error instanceof WorkspaceConditionError) return { written, errors: [FROZEN_ERROR] };
      if (error instanceof TokenConditionError) return { written, errors: [CHANGED_ERROR] };
      throw error;
    }
  }
  return { written, errors: [] };
}

/** Writes the plan in transactions of the import's size; what could not be written is an error. */
export async function writePlan(
  workspaceId: string,
  plan: Plan,
  allChanges: readonly Change[],
  now: Date,
): Promise<{ written: readonly Change[]; errors: string[] }> {
  if (allChanges.length === 0) return { written: [], errors: [] };
  const deletions = allChanges.flatMap((change) => (change.kind === 'delete' ? [change] : []));
  const changes = allChanges.filter((change) => change.kind !== 'delete');
  const written: Change[] = [];
  const arming = changes.length > 0 ? await readArmingContext(workspaceId) : null;
  for (let start = 0; arming && start < changes.length; start += IMPORT_BATCH_MAX_TOKENS) {
    const batch = changes.slice(start, start + IMPORT_BATCH_MAX_TOKENS);
    try {
      await writeImportBatch({
        workspaceId,
        creates: batch.flatMap((change) => (change.kind === 'create' ? [change.token] : [])),
        updates: batch.flatMap((change) =>
          change.kind === 'update' || change.kind === 'remove' ? [change.update] : [],
        ),
        tokenLimit: PLAN_LIMITS[plan].tokensPerWorkspace,
        arming,
        now,
      });
      written.push(...batch);
    } catch (error) {
      if (error instanceof WorkspaceConditionError) {
        return {
          written,
          errors: [
            error.reason === 'frozen'
              ? FROZEN_ERROR
              : "The plan's token limit is reached: the remaining tokens were not created.",
          ],
        };
      }
      if (error instanceof TokenConditionError) {
        return { written, errors: [CHANGED_ERROR] };
      }
      throw error;
    }
  }
  const deleted = await deleteTokens(deletions, now);
  written.push(...deleted.written);
  if (deleted.errors.length > 0) return { written, errors: deleted.errors };
  await compactSearchIndex(workspaceId).catch((error: unknown) => {
    logger.warn('Search index compaction after a sync failed', { error });
  });
  return { written, errors: [] };
}

/** Whether a sync's outcome is worth recording: it changed a token, or its errors are news. */
export function syncNeedsRecord(lastSync: LastSync | null, report: SyncReport): boolean {
  if (lastSync === null) return true;
  if (report.created + report.updated + report.removed + report.deleted > 0) return true;
  return JSON.stringify(lastSync.errors) !== JSON.stringify(report.errors);
}

type SyncActor = { readonly id: string; readonly email: string | null };
type SyncWorkspace = { readonly workspaceId: string; readonly plan: Plan };

/** The last-sync outcome and the audit event of a sync, when `syncNeedsRecord` says so. */
async function recordSync(options: {
  workspace: SyncWorkspace;
  integration: IntegrationRecord;
  report: SyncReport;
  actor: SyncActor;
  trigger: 'manual' | 'schedule';
  now: Date;
  /** Link candidates of a run's earlier messages (not in the report's list). */
  earlierLinkCandidates?: number;
  /** Recorded even when nothing changed (a person waits for it: a background "Sync now"). */
  always?: boolean;
}): Promise<void> {
  const { workspace, integration, report, now } = options;
  if (options.always !== true && !syncNeedsRecord(integration.lastSync, report)) return;
  const lastSync: LastSync = {
    at: now.toISOString(),
    created: report.created,
    updated: report.updated,
    removed: report.removed,
    ...(report.deleted > 0 ? { deleted: report.deleted } : {}),
    errors: report.errors,
  };
  await writeLastSync(workspace.workspaceId, integration.integrationId, lastSync);
  // The scheduled sync acts as the system (SYSTEM_ACTOR, no email), so the event says so.
  await recordAuditEvent({
    scope: { type: 'workspace', workspaceId: workspace.workspaceId },
    plan: workspace.plan,
    actor: options.actor,
    action: AUDIT_ACTIONS.integrationSynced,
    target: { type: 'integration', id: integration.integrationId, name: integration.name },
    metadata: {
      kind: integration.kind,
      trigger: options.trigger,
      created: report.created,
      updated: report.updated,
      renewed: report.renewed,
      removed: report.removed,
      deleted: report.deleted,
      unchanged: report.unchanged,
      link_candidates: report.link_candidates.length + (options.earlierLinkCandidates ?? 0),
      errors: report.errors.length,
    },
    now,
  });
}

/**
 * What a sync would do from what the provider found, nothing written. With `partial` (a reading
 * stopped before every part was read) no token is counted removed or deleted: what was not read
 * says nothing about them.
 */
export async function previewFromDiscovery(options: {
  workspaceId: string;
  integration: IntegrationRecord;
  discovery: Discovery;
  now: Date;
  partial?: boolean;
}): Promise<SyncReport> {
  const { integration, discovery, now } = options;
  const stored = await listAllTokens(options.workspaceId);
  const plan = planSync({
    integration,
    discovery,
    stored,
    now,
    rules: rulesOf(integration),
    ...(options.partial === true
      ? { run: { earlierParts: [], earlierMissing: [], partial: true } }
      : {}),
  });
  return reportOf(plan, discovery.errors, true);
}

/**
 * Syncs (or with `dryRun` previews) one integration from what its provider found: one audit
 * event and the last-sync outcome on the integration per sync that changed something or whose
 * errors changed (`syncNeedsRecord`); a preview writes nothing.
 */
export async function syncFromDiscovery(options: {
  workspace: SyncWorkspace;
  integration: IntegrationRecord;
  discovery: Discovery;
  actor: SyncActor;
  dryRun: boolean;
  now: Date;
  /** `schedule`: the daily job's sync; by default a person's "Sync now". */
  trigger?: 'manual' | 'schedule';
}): Promise<SyncReport> {
  const { workspace, integration, discovery, now } = options;
  if (options.dryRun) {
    return previewFromDiscovery({
      workspaceId: workspace.workspaceId,
      integration,
      discovery,
      now,
    });
  }
  const stored = await listAllTokens(workspace.workspaceId);
  const plan = planSync({ integration, discovery, stored, now, rules: rulesOf(integration) });

  const outcome = await writePlan(workspace.workspaceId, workspace.plan, plan.changes, now);
  const report = reportOf(
    { ...plan, changes: outcome.written },
    [...discovery.errors, ...outcome.errors],
    false,
  );
  await recordSync({
    workspace,
    integration,
    report,
    actor: options.actor,
    trigger: options.trigger ?? 'manual',
    now,
  });
  return report;
}

/** What the earlier messages of a run wrote and met, added to the outcome its end records. */
export interface SyncRunTotals {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly renewed: number;
  readonly link_candidates: number;
}

/**
 * One message of a scheduled sync that may be read over several (services/integrations/
 * scheduled-sync.ts): writes what this message found (creations and updates at once), marks or
 * deletes only in the run's last message (`run.partial` false), and records the run's outcome,
 * the earlier messages' totals and errors added, when it ends or when `record` asks (a run
 * stopped by a failure worth retrying shows it on the integration). Answers this message's report
 * and the tokens its parts no longer hold, for the next message.
 */
export async function syncRunMessage(options: {
  workspace: SyncWorkspace;
  integration: IntegrationRecord;
  discovery: Discovery;
  actor: SyncActor;
  now: Date;
  run: SyncRun;
  earlier: { readonly totals: SyncRunTotals; readonly errors: readonly string[] };
  record: boolean;
  /** `manual`: a "Sync now" gone on in the background, recorded even when nothing changed. */
  trigger?: 'manual' | 'schedule';
}): Promise<{ report: SyncReport; missing: readonly string[] }> {
  const { workspace, integration, discovery, now, run, earlier } = options;
  const stored = await listAllTokens(workspace.workspaceId);
  const plan = planSync({ integration, discovery, stored, now, rules: rulesOf(integration), run });
  const outcome = await writePlan(workspace.workspaceId, workspace.plan, plan.changes, now);
  const report = reportOf(
    { ...plan, changes: outcome.written },
    [...discovery.errors, ...outcome.errors],
    false,
  );
  if (options.record) {
    const whole: SyncReport = {
      ...report,
      created: report.created + earlier.totals.created,
      updated: report.updated + earlier.totals.updated,
      unchanged: report.unchanged + earlier.totals.unchanged,
      renewed: report.renewed + earlier.totals.renewed,
      errors: [...earlier.errors, ...report.errors],
    };
    await recordSync({
      workspace,
      integration,
      report: whole,
      actor: options.actor,
      trigger: options.trigger ?? 'schedule',
      now,
      earlierLinkCandidates: earlier.totals.link_candidates,
      always: options.trigger === 'manual',
    });
    return { report: whole, missing: plan.missing };
  }
  return { report, missing: plan.missing };
}

/**
 * A sync that could not even ask its source (its kind has no provider, its credentials would not
 * open): recorded like a sync that changed nothing and found this one error, so the same failure
 * the next day writes nothing again.
 */
export async function recordSyncFailure(options: {
  workspace: SyncWorkspace;
  integration: IntegrationRecord;
  error: string;
  actor: SyncActor;
  trigger: 'manual' | 'schedule';
  now: Date;
  /** Recorded even when the same failure was the last outcome (a person waits for it). */
  always?: boolean;
}): Promise<SyncReport> {
  const report = reportOf(
    { changes: [], unchanged: 0, linkCandidates: [], found: [], missing: [] },
    [options.error],
    false,
  );
  await recordSync({ ...options, report });
  return report;
}
