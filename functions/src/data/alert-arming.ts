/**
 * Arms tokens for their next alert (ACCESS_PATTERNS.md row 14): every token write stores
 * `nextAlertAt` and `dueShard` (the sparse `due-alerts` index) computed from its expiry and the
 * thresholds that apply (domain/alert-schedule), and keeps the last window it was alerted for.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { WorkspaceAlertSettings } from '../domain/alert-channels';
import {
  dueShardOf,
  escalationFor,
  isRemovedAtSource,
  nextAlertAt,
  type LastAlert,
} from '../domain/alert-schedule';
import { tokenAlertPlan, type AudienceToken } from '../domain/token-alert-audiences';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { readAlertSettings } from './alert-settings-records';
import {
  LAST_ALERT_PROJECTION,
  lastAlertFromItem,
  type TokenAlertSchedule,
} from './entities/token';
import {
  WORKSPACE_PLAN_NAMES,
  WORKSPACE_PLAN_PROJECTION,
  workspacePlanFromItem,
} from './entities/workspace';
import { keys } from './keys';
import { conditionalWrite } from './table-operations';
import { listAllTokens } from './token-records';

/** The schedule of a token under these settings, given the window it was last alerted for. */
export function scheduleFor(options: {
  token: Pick<Token, 'expiresAt'> & Partial<Pick<Token, 'source'>> & AudienceToken;
  settings: WorkspaceAlertSettings;
  plan: Plan;
  lastAlert: LastAlert | null;
  now: Date;
}): TokenAlertSchedule {
  const { token, settings, plan, lastAlert, now } = options;
  if (isRemovedAtSource(token)) return { nextAlertAt: null, lastAlert };
  const next = nextAlertAt({
    expiresAt: token.expiresAt,
    thresholds: tokenAlertPlan(settings, token, plan).thresholds,
    lastAlert,
    now,
    escalationDelayHours: escalationFor(settings, token.contact_group_id, plan)?.delayHours,
  });
  return { nextAlertAt: next ? next.toISOString() : null, lastAlert };
}

async function readWorkspacePlan(workspaceId: string): Promise<Plan> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.workspace(workspaceId),
      ProjectionExpression: WORKSPACE_PLAN_PROJECTION,
      ExpressionAttributeNames: WORKSPACE_PLAN_NAMES,
    }),
  );
  // A workspace removed meanwhile arms as the free plan (its tokens go with it).
  return Item ? workspacePlanFromItem(Item) : 'free';
}

async function readLastAlert(workspaceId: string, tokenId: string): Promise<LastAlert | null> {
  const { Item } = await getDocumentClient().send(
    new GetCommand({
      TableName: getConfig().tableName,
      Key: keys.token(workspaceId, tokenId),
      ProjectionExpression: LAST_ALERT_PROJECTION,
      ConsistentRead: true,
    }),
  );
  return Item ? lastAlertFromItem(Item) : null;
}

/**
 * Schedules for tokens about to be written to one workspace. `previousIdOf` names the stored
 * token whose alert history carries over (an edit or renewal: same id); new and transferred
 * tokens start with none.
 */
export async function armTokens(
  workspaceId: string,
  tokens: readonly Token[],
  now: Date,
  previousIdOf: (token: Token) => string | null = () => null,
): Promise<Map<string, TokenAlertSchedule>> {
  const [settings, plan] = await Promise.all([
    readAlertSettings(workspaceId),
    readWorkspacePlan(workspaceId),
  ]);
  const schedules = new Map<string, TokenAlertSchedule>();
  for (const token of tokens) {
    const previousId = previousIdOf(token);
    const lastAlert = previousId ? await readLastAlert(workspaceId, previousId) : null;
    schedules.set(token.id, scheduleFor({ token, settings, plan, lastAlert, now }));
  }
  return schedules;
}

/** What arming a workspace's tokens reads once: its alert settings and plan. */
export interface ArmingContext {
  readonly settings: WorkspaceAlertSettings;
  readonly plan: Plan;
}

export async function readArmingContext(workspaceId: string): Promise<ArmingContext> {
  const [settings, plan] = await Promise.all([
    readAlertSettings(workspaceId),
    readWorkspacePlan(workspaceId),
  ]);
  return { settings, plan };
}

/**
 * Schedules for tokens whose alert history the caller read with them (an import reads every
 * token of the workspace, and its settings and plan once): as `armTokens` computes them.
 */
export function schedulesWithHistory(
  context: ArmingContext,
  entries: readonly { readonly token: Token; readonly lastAlert: LastAlert | null }[],
  now: Date,
): Map<string, TokenAlertSchedule> {
  const { settings, plan } = context;
  return new Map(
    entries.map(({ token, lastAlert }) => [
      token.id,
      scheduleFor({ token, settings, plan, lastAlert, now }),
    ]),
  );
}

/**
 * Recomputes `nextAlertAt` for every token of a workspace (bounded by its plan's token limit),
 * e.g. after its thresholds, contact groups or channels changed. A token edited meanwhile is left
 * alone: its own write armed it. Returns how many tokens changed.
 */
export async function rearmWorkspaceAlerts(workspaceId: string, now = new Date()): Promise<number> {
  const [settings, plan, records] = await Promise.all([
    readAlertSettings(workspaceId),
    readWorkspacePlan(workspaceId),
    listAllTokens(workspaceId),
  ]);
  let changed = 0;
  for (const { token, schedule: stored } of records) {
    const schedule = scheduleFor({ token, settings, plan, lastAlert: stored.lastAlert, now });
    if (stored.nextAlertAt === schedule.nextAlertAt) continue;
    if (await writeNextAlertAt(token, schedule.nextAlertAt)) changed += 1;
  }
  return changed;
}

/**
 * Sets (or clears) a stored token's `nextAlertAt` unless it was changed since it was read; with
 * `lastAlert`, also the window last alerted (and whether its escalation was sent).
 */
export async function writeNextAlertAt(
  token: Pick<Token, 'id' | 'workspace_id' | 'updated_at'>,
  next: string | null,
  lastAlert?: LastAlert,
): Promise<boolean> {
  const sets: string[] = [];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':updatedAt': token.updated_at };
  if (next !== null) {
    sets.push('dueShard = :shard', 'nextAlertAt = :next');
    values[':shard'] = dueShardOf(token.id);
    values[':next'] = next;
  } else {
    removes.push('dueShard', 'nextAlertAt');
  }
  if (lastAlert) {
    sets.push('lastAlertExpiresAt = :lastExpiresAt', 'lastAlertThreshold = :lastThreshold');
    values[':lastExpiresAt'] = lastAlert.expiresAt;
    values[':lastThreshold'] = lastAlert.threshold;
    if (lastAlert.escalated) {
      sets.push('lastAlertEscalated = :escalated');
      values[':escalated'] = true;
    } else {
      removes.push('lastAlertEscalated');
    }
  }
  const expression = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.token(token.workspace_id, token.id),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(pk) AND updated_at = :updatedAt',
        ExpressionAttributeValues: values,
      }),
    ),
  );
}
