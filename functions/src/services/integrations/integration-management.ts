/**
 * Listing, adding, changing and removing a workspace's discovery integrations: admins and
 * workspace managers only, not while the workspace is frozen (listing excepted), within the
 * plan's limit. Credentials are sealed (adapters/credential-sealer.ts) before they reach the
 * table, never answered and never written to the audit trail or the logs: the answer says only
 * whether some are stored.
 */
import { randomUUID } from 'node:crypto';
import {
  INTEGRATION_CREDENTIAL_FIELDS,
  INTEGRATION_CREDENTIALS_SCHEMAS,
  CREDENTIAL_DESTINATION_SETTINGS,
  credentialDestinationChanged,
  DEFAULT_INTEGRATION_RULES,
  INTEGRATION_MESSAGES,
  INTEGRATION_SETTINGS_SCHEMAS,
  type CreateIntegrationBody,
  type Integration,
  type IntegrationKind,
  type IntegrationRules,
  type ListIntegrationsResponse,
  type UpdateIntegrationBody,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { AWS_DISCOVERY_ID_PREFIX } from '@expiry-radar/shared/domain/aws-discovery-role';
import { beyondLimit, PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import type * as z from 'zod';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import type { IntegrationRecord } from '../../data/entities/integration';
import {
  findIntegration,
  insertIntegration,
  IntegrationChangedError,
  IntegrationLimitError,
  listIntegrations,
  removeIntegration,
  replaceIntegration,
} from '../../data/integration-records';
import type { UserRecord } from '../../data/user-records';
import { nextSyncAtAfterWrite } from '../../domain/integration-schedule';
import { integrationLimitMessage } from '../../domain/plan-limit-messages';
import { AppError, badRequest } from '../../platform/app-error';
import { getConfig } from '../../platform/config';
import {
  requireEditor,
  requireNotFrozen,
  type WorkspaceAccess,
} from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';

type Actor = Pick<UserRecord, 'id' | 'email'>;

export const INTEGRATION_NOT_FOUND = 'Integration not found.';
export const INTEGRATION_CONFLICT_MESSAGE =
  'The integration was changed by someone else meanwhile. Reload it and try again.';

/**
 * The external id the workspace's AWS role must require (`sts:ExternalId`): unique to the
 * workspace, so a role made for one workspace cannot be assumed on behalf of another.
 */
export function awsExternalId(workspaceId: string): string {
  return `${AWS_DISCOVERY_ID_PREFIX}${workspaceId}`;
}

/**
 * The integrations a downgrade paused: those beyond the plan's limit, the oldest kept (`records`
 * as `listIntegrations` orders them, by creation). Decided at use time from the current plan, so
 * an upgrade or the removal of an older one resumes them at once.
 */
export function pausedIntegrationIds(
  records: readonly IntegrationRecord[],
  plan: Plan,
): ReadonlySet<string> {
  const beyond = beyondLimit(records, PLAN_LIMITS[plan].integrationsPerWorkspace);
  return new Set(beyond.map((record) => record.integrationId));
}

/** Whether the workspace's plan pauses `record` (one Query of the workspace's integrations). */
export async function isIntegrationPaused(record: IntegrationRecord, plan: Plan): Promise<boolean> {
  const records = await listIntegrations(record.workspaceId);
  return pausedIntegrationIds(records, plan).has(record.integrationId);
}

/** 409 PLAN_LIMIT for an integration the workspace's plan pauses. */
export async function requireNotPaused(
  access: WorkspaceAccess,
  record: IntegrationRecord,
): Promise<void> {
  const limit = PLAN_LIMITS[access.plan].integrationsPerWorkspace;
  if (limit !== null && (await isIntegrationPaused(record, access.plan))) {
    throw new AppError('PLAN_LIMIT', INTEGRATION_MESSAGES.paused(limit));
  }
}

/** The integration's rules; those made before rules existed keep everything and mark removals. */
export function rulesOf(record: Pick<IntegrationRecord, 'rules'>): IntegrationRules {
  return record.rules ?? DEFAULT_INTEGRATION_RULES;
}

function sameRules(a: IntegrationRules, b: IntegrationRules): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The rules as an audit event shows them (patterns are not secret). */
function rulesAudit(rules: IntegrationRules) {
  return {
    include: [...rules.include],
    exclude: [...rules.exclude],
    removed: rules.removed,
    ...(rules.removed === 'delete' ? { delete_after_days: rules.delete_after_days } : {}),
  };
}

/**
 * A background "Sync now" not ended within this long counts as ended (its messages were
 * dead-lettered): the page stops waiting and "Sync now" may start another.
 */
const SYNC_RUNNING_LIMIT_MS = 60 * 60 * 1000;

/** Since when a "Sync now" handed to the queue runs, or null when none does. */
export function syncRunningSince(record: IntegrationRecord, now: Date): string | null {
  const since = record.syncingSince;
  if (!since) return null;
  return now.getTime() - Date.parse(since) < SYNC_RUNNING_LIMIT_MS ? since : null;
}

/**
 * The ARN Google Cloud sees for this workspace's workload identity federation: the deployment's
 * federation role in the workspace's session; null where there is none (the local runtime).
 */
export function gcpFederationSubject(workspaceId: string): string | null {
  const roleArn = getConfig().gcpFederationRoleArn;
  const match = roleArn
    ? /^arn:([\w-]+):iam::(\d{12}):role\/(?:.*\/)?([\w+=,.@-]+)$/.exec(roleArn)
    : null;
  if (!match) return null;
  const [, partition, account, role] = match;
  return `arn:${partition}:sts::${account}:assumed-role/${role}/${awsExternalId(workspaceId)}`;
}

export function integrationView(
  record: IntegrationRecord,
  paused = false,
  now = new Date(),
): Integration {
  return {
    id: record.integrationId,
    workspace_id: record.workspaceId,
    kind: record.kind,
    name: record.name,
    schedule: record.schedule,
    enabled: record.enabled,
    settings: { ...record.settings },
    rules: {
      ...rulesOf(record),
      include: [...rulesOf(record).include],
      exclude: [...rulesOf(record).exclude],
    },
    has_credentials: record.sealedCredentials !== null,
    last_sync: record.lastSync ? { ...record.lastSync, errors: [...record.lastSync.errors] } : null,
    paused,
    syncing_since: syncRunningSince(record, now),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

function target(record: IntegrationRecord) {
  return { type: 'integration', id: record.integrationId, name: record.name };
}

/** Credentials worth sealing: none for a kind that needs none (AWS assumes a role). */
function hasSecret(credentials: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(credentials).length > 0;
}

async function sealCredentials(
  credentials: Readonly<Record<string, unknown>>,
  workspaceId: string,
  integrationId: string,
): Promise<string | null> {
  if (!hasSecret(credentials)) return null;
  return getCredentialSealer().seal(JSON.stringify(credentials), { workspaceId, integrationId });
}

/**
 * Google Cloud signs in with a service account key (given now, or stored before) or by workload
 * identity federation, which keeps no key: a key given with it is refused, and one stored before
 * is dropped (`false`: store no credentials).
 */
function gcpKeyKept(
  settings: Readonly<Record<string, unknown>>,
  given: Readonly<Record<string, unknown>> | undefined,
  stored: boolean,
): boolean {
  if (settings.sign_in === 'workload_identity') {
    if (given && Object.keys(given).length > 0) {
      throw badRequest(INTEGRATION_MESSAGES.noKeyWithWorkloadIdentity);
    }
    return false;
  }
  if (!stored && given?.service_account_key === undefined) {
    throw badRequest(INTEGRATION_MESSAGES.serviceAccountKeyRequired);
  }
  return true;
}

/** The parsed value, or 400 with the first message of the schema. */
function parseOrRefuse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid integration');
}

export async function listWorkspaceIntegrations(
  access: WorkspaceAccess,
): Promise<ListIntegrationsResponse> {
  requireEditor(access);
  const records = await listIntegrations(access.workspaceId);
  const paused = pausedIntegrationIds(records, access.plan);
  return {
    items: records.map((record) => integrationView(record, paused.has(record.integrationId))),
    limit: PLAN_LIMITS[access.plan].integrationsPerWorkspace,
    aws_external_id: awsExternalId(access.workspaceId),
    aws_trusted_account_id: getConfig().discoveryAccountId ?? null,
    gcp_federation_subject: gcpFederationSubject(access.workspaceId),
  };
}

export async function requireIntegration(
  access: WorkspaceAccess,
  integrationId: string,
): Promise<IntegrationRecord> {
  const record = await findIntegration(access.workspaceId, integrationId);
  if (!record) throw new AppError('NOT_FOUND', INTEGRATION_NOT_FOUND);
  return record;
}

export async function createWorkspaceIntegration(options: {
  access: WorkspaceAccess;
  actor: Actor;
  body: CreateIntegrationBody;
  now: Date;
}): Promise<Integration> {
  const { access, body, now } = options;
  requireEditor(access);
  requireNotFrozen(access);
  if (body.kind === 'gcp') gcpKeyKept(body.settings, body.credentials, false);
  const integrationId = randomUUID();
  const at = now.toISOString();
  const record: IntegrationRecord = {
    workspaceId: access.workspaceId,
    integrationId,
    kind: body.kind,
    name: body.name,
    schedule: body.schedule,
    enabled: body.enabled,
    settings: body.settings,
    rules: body.rules,
    sealedCredentials: await sealCredentials(body.credentials, access.workspaceId, integrationId),
    lastSync: null,
    nextSyncAt: nextSyncAtAfterWrite(body, null, now),
    revision: 0,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await insertIntegration(record, PLAN_LIMITS[access.plan].integrationsPerWorkspace);
  } catch (error) {
    if (error instanceof IntegrationLimitError) {
      throw new AppError('PLAN_LIMIT', integrationLimitMessage(access.plan));
    }
    throw error;
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor: options.actor,
    action: AUDIT_ACTIONS.integrationCreated,
    target: target(record),
    metadata: {
      kind: record.kind,
      schedule: record.schedule,
      enabled: record.enabled,
      ...(sameRules(body.rules, DEFAULT_INTEGRATION_RULES)
        ? {}
        : { rules: rulesAudit(body.rules) }),
    },
    now,
  });
  return integrationView(record);
}

function settingsOf(kind: IntegrationKind, value: unknown) {
  return parseOrRefuse(INTEGRATION_SETTINGS_SCHEMAS[kind], value) as Record<string, unknown>;
}

function credentialsOf(kind: IntegrationKind, value: Readonly<Record<string, unknown>>) {
  const known = INTEGRATION_CREDENTIAL_FIELDS[kind];
  if (Object.keys(value).some((field) => !known.includes(field))) {
    throw badRequest(INTEGRATION_MESSAGES.credentialsForKind(kind));
  }
  return parseOrRefuse(INTEGRATION_CREDENTIALS_SCHEMAS[kind], value) as Record<string, unknown>;
}

/**
 * Stored credentials go only where they were entered for: a change of the address they are sent
 * to (GitLab's URL, Vault's address) must come with them, or a manager could send an admin's
 * token to a host of their own.
 */
function requireCredentialsForNewDestination(
  current: IntegrationRecord,
  settings: Readonly<Record<string, unknown>>,
  body: UpdateIntegrationBody,
): void {
  const destination = CREDENTIAL_DESTINATION_SETTINGS[current.kind];
  if (!destination || body.credentials || current.sealedCredentials === null) return;
  if (credentialDestinationChanged(current.kind, current.settings, settings)) {
    throw badRequest(INTEGRATION_MESSAGES.credentialsForNewAddress(destination.label));
  }
}

export async function updateWorkspaceIntegration(options: {
  access: WorkspaceAccess;
  actor: Actor;
  integrationId: string;
  body: UpdateIntegrationBody;
  now: Date;
}): Promise<Integration> {
  const { access, body, now } = options;
  requireEditor(access);
  requireNotFrozen(access);
  const current = await requireIntegration(access, options.integrationId);
  const settings = body.settings ? settingsOf(current.kind, body.settings) : current.settings;
  requireCredentialsForNewDestination(current, settings, body);
  const keyKept =
    current.kind !== 'gcp' ||
    gcpKeyKept(settings, body.credentials, current.sealedCredentials !== null);
  const sealedCredentials = !keyKept
    ? null
    : body.credentials
      ? await sealCredentials(
          credentialsOf(current.kind, body.credentials),
          access.workspaceId,
          current.integrationId,
        )
      : current.sealedCredentials;
  const schedule = body.schedule ?? current.schedule;
  const enabled = body.enabled ?? current.enabled;
  const rules = body.rules ?? rulesOf(current);
  const rulesChanged = !sameRules(rules, rulesOf(current));
  const next: IntegrationRecord = {
    ...current,
    name: body.name ?? current.name,
    schedule,
    enabled,
    settings,
    ...(rulesChanged ? { rules } : {}),
    sealedCredentials,
    // Staying on the daily schedule keeps its next sync; turning it on makes it due at once.
    nextSyncAt: nextSyncAtAfterWrite({ schedule, enabled }, current.nextSyncAt, now),
    revision: current.revision + 1,
    updatedAt: now.toISOString(),
  };
  try {
    await replaceIntegration(next);
  } catch (error) {
    if (error instanceof IntegrationChangedError) {
      throw new AppError('CONFLICT', INTEGRATION_CONFLICT_MESSAGE);
    }
    throw error;
  }
  const changed = (['name', 'schedule', 'enabled'] as const).filter(
    (field) => next[field] !== current[field],
  );
  await recordWorkspaceEvent({
    workspace: access,
    actor: options.actor,
    action: AUDIT_ACTIONS.integrationUpdated,
    target: target(next),
    metadata: {
      kind: next.kind,
      changed: [
        ...changed,
        ...(body.settings ? ['settings'] : []),
        ...(rulesChanged ? ['rules'] : []),
        ...(body.credentials ? ['credentials'] : []),
      ],
      // A change of rules says what they were and what they are (patterns are not secret).
      ...(rulesChanged
        ? { rules: rulesAudit(rules), previous_rules: rulesAudit(rulesOf(current)) }
        : {}),
    },
    now,
  });
  return integrationView(next, await isIntegrationPaused(next, access.plan));
}

/** Removes the integration; the tokens it found stay, as they were last synced. */
export async function deleteWorkspaceIntegration(options: {
  access: WorkspaceAccess;
  actor: Actor;
  integrationId: string;
  now: Date;
}): Promise<void> {
  const { access, now } = options;
  requireEditor(access);
  requireNotFrozen(access);
  const current = await requireIntegration(access, options.integrationId);
  try {
    await removeIntegration(access.workspaceId, current.integrationId);
  } catch (error) {
    if (error instanceof IntegrationChangedError) {
      throw new AppError('NOT_FOUND', INTEGRATION_NOT_FOUND);
    }
    throw error;
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor: options.actor,
    action: AUDIT_ACTIONS.integrationDeleted,
    target: target(current),
    metadata: { kind: current.kind },
    now,
  });
}
