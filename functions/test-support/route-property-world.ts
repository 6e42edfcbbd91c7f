/**
 * The seeded world the route properties run against: a signed-in owner (with a password) who
 * administers a team workspace with tokens, contact groups, a failed alert, a viewer and a pending
 * invitation, and a second workspace of theirs with tokens (a transfer source). Inputs name its
 * ids through `{{name}}` placeholders (WORLD_REFERENCES), resolved when a request is sent, so one
 * input can be replayed against a freshly seeded world.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { alertIdOf } from '../src/domain/alert-schedule';
import { alertRecordStore, createAlertRecord } from '../src/data/alert-record-store';
import { createInvitation } from '../src/data/member-records';
import { keys, TOKEN_SORT_PREFIX } from '../src/data/keys';
import { setPasswordHash } from '../src/data/user-records';
import { hashPassword } from '../src/domain/password-hashing';
import { getDocumentClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';
import { givenContactGroups } from './alert-settings-fixtures';
import { TEST_PASSWORD } from './account-fixtures';
import { givenSignedInUser } from './fixtures';
import { seedToken } from './token-seeding';
import { givenWorkspace, type TestUser } from './workspace-fixtures';

/** The names inputs may use as `{{name}}`; each is a value of the current world. */
export const WORLD_REFERENCES = [
  'workspace',
  'otherWorkspace',
  'token',
  'certToken',
  'otherToken',
  'owner',
  'viewer',
  'ownerEmail',
  'viewerEmail',
  'invitation',
  'invitedEmail',
  'contactGroup',
  'alert',
  'password',
] as const;
export type WorldReference = (typeof WORLD_REFERENCES)[number];

export interface PropertyWorld {
  readonly owner: TestUser;
  readonly viewer: TestUser;
  /** The workspaces whose tokens a refused request must leave alone. */
  readonly workspaceIds: readonly string[];
  readonly values: Readonly<Record<WorldReference, string>>;
}

let passwordHash: Promise<string> | undefined;

/** Seeds a new world (about thirty writes, most of them in parallel). */
export async function givenPropertyWorld(): Promise<PropertyWorld> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [owner, viewer] = await Promise.all([
    givenSignedInUser({ plan: 'team' }),
    givenSignedInUser({ plan: 'team' }),
  ]);
  const [workspaceId, otherWorkspaceId] = await Promise.all([
    givenWorkspace({
      ownerId: owner.userId,
      plan: 'team',
      members: [{ userId: viewer.userId, role: 'viewer' }],
    }),
    givenWorkspace({ ownerId: owner.userId, plan: 'team', name: 'Legacy' }),
    passwordHash.then((hash) => setPasswordHash(owner.userId, hash, new Date())),
  ]);
  const contactGroup = 'group-a';
  const invitedEmail = `invited-${randomUUID()}@example.com`;
  const [token, certToken, otherToken, , invitation] = await Promise.all([
    seedToken(workspaceId, { name: 'Deploy key', section: 'ops' }),
    seedToken(workspaceId, {
      name: 'Web certificate',
      category: 'cert',
      type: 'ssl_cert',
      domains: ['example.com'],
    }),
    seedToken(otherWorkspaceId, { name: 'Legacy key' }),
    givenContactGroups(workspaceId, [contactGroup]),
    createInvitation({
      workspaceId,
      email: invitedEmail,
      role: 'viewer',
      invitedBy: owner.userId,
      now: new Date(),
      workspaceName: 'Ops',
      inviterName: 'Owner',
    }),
  ]);
  const alert = await givenFailedAlert(workspaceId, token.id, token.name, token.expiresAt);
  return {
    owner,
    viewer,
    workspaceIds: [workspaceId, otherWorkspaceId],
    values: {
      workspace: workspaceId,
      otherWorkspace: otherWorkspaceId,
      token: token.id,
      certToken: certToken.id,
      otherToken: otherToken.id,
      owner: owner.userId,
      viewer: viewer.userId,
      ownerEmail: owner.email,
      viewerEmail: viewer.email,
      invitation: invitation?.invitationId ?? 'no-invitation',
      invitedEmail,
      contactGroup,
      alert,
      password: TEST_PASSWORD,
    },
  };
}

/** An alert whose email delivery failed, waiting for a retry or requeue (as the worker leaves it). */
async function givenFailedAlert(
  workspaceId: string,
  tokenId: string,
  tokenName: string,
  expiresAt: string,
): Promise<string> {
  const now = new Date();
  const alertId = alertIdOf(tokenId, expiresAt, 30);
  await createAlertRecord({
    alertId,
    workspaceId,
    tokenId,
    tokenName,
    expiresAt,
    threshold: 30,
    now,
  });
  const key = 'email:ops@example.com';
  await alertRecordStore.planDeliveries(
    alertId,
    [
      {
        key,
        channel: 'email',
        kind: 'email',
        target: 'ops@example.com',
        status: 'pending',
        attempts: 0,
        lastError: null,
        permanent: false,
        sentAt: null,
        leaseUntil: null,
      },
    ],
    now,
  );
  await alertRecordStore.claim(alertId, key, now, new Date(now.getTime() + 60_000));
  await alertRecordStore.markFailed(alertId, key, 'Mailbox unavailable', false, now);
  await alertRecordStore.finish(
    alertId,
    {
      status: 'failed',
      deadLettered: false,
      receives: 1,
      lastError: 'Mailbox unavailable',
      nextAttemptAt: null,
      needsAttention: true,
    },
    now,
  );
  return alertId;
}

/** The token items stored under each workspace (what a refused request must not change). */
export async function storedTokenCounts(world: PropertyWorld): Promise<Record<string, number>> {
  const counts = await Promise.all(
    world.workspaceIds.map(async (workspaceId) => {
      const { Count } = await getDocumentClient().send(
        new QueryCommand({
          TableName: getConfig().tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :token)',
          ExpressionAttributeValues: {
            ':pk': keys.workspace(workspaceId).pk,
            ':token': TOKEN_SORT_PREFIX,
          },
          Select: 'COUNT',
          ConsistentRead: true,
        }),
      );
      return [workspaceId, Count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts);
}

const REFERENCE = /\{\{(\w+)\}\}/g;

/** Replaces every `{{name}}` in strings (values and keys, at any depth) with the world's value. */
export function resolveReferences<T>(value: T, world: PropertyWorld): T {
  return resolve(value, world.values) as T;
}

/** Placeholders sit near the top of an input; deeper values (deep nesting) are left as they are. */
const MAX_REFERENCE_DEPTH = 20;

function resolve(value: unknown, values: Readonly<Record<string, string>>, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.replace(REFERENCE, (match, name: string) =>
      Object.hasOwn(values, name) ? values[name]! : match,
    );
  }
  if (depth > MAX_REFERENCE_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => resolve(item, values, depth + 1));
  if (value !== null && typeof value === 'object') {
    // Own `__proto__` keys stay own keys (Object.fromEntries defines, it does not assign).
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        resolve(key, values, depth + 1),
        resolve(item, values, depth + 1),
      ]),
    );
  }
  return value;
}
