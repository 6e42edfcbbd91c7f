/**
 * The Slack app's items (ACCESS_PATTERNS.md, "The Slack app"): a workspace's installation
 * (entities/slack-installation.ts), read by the Alerts page, the expiry scan, the alert worker
 * and the interaction route; an "Add to Slack" waiting for Slack's redirect, taken once by the
 * hash of its state (TTL 10 minutes, checked on read too); and each interaction request taken
 * once by the hash of its signature, kept past the 5 minutes its timestamp is accepted.
 */
import { randomBytes, createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../platform/config';
import { getDocumentClient } from '../platform/aws-clients';
import type { SlackAppChannel } from '../domain/alert-delivery-model';
import { slackInstallationCodec, type SlackInstallation } from './entities/slack-installation';
import { epochSeconds, keys } from './keys';
import { conditionalWrite, readItem } from './table-operations';

const OAUTH_STATE_SECONDS = 10 * 60;
const INTERACTION_KEPT_SECONDS = 15 * 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function findSlackInstallation(
  workspaceId: string,
): Promise<SlackInstallation | undefined> {
  const item = await readItem(keys.slackInstallation(workspaceId), { consistentRead: true });
  return item ? slackInstallationCodec.fromItem(item) : undefined;
}

/** Where the installation posts and whether Slack still lets it, as alert delivery sees it. */
export function slackAppChannelOf(
  installation: SlackInstallation | undefined,
): SlackAppChannel | null {
  return installation
    ? { channelName: installation.channelName, status: installation.status }
    : null;
}

export async function saveSlackInstallation(installation: SlackInstallation): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: slackInstallationCodec.toItem(installation),
    }),
  );
}

export async function deleteSlackInstallation(workspaceId: string): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.slackInstallation(workspaceId),
    }),
  );
}

/**
 * Marks the installation revoked, unless it is already or was replaced by another bot token
 * (a reinstall while a send failed); true when this call marked it.
 */
export async function markSlackInstallationRevoked(
  installation: Pick<SlackInstallation, 'workspaceId' | 'sealedBotToken'>,
  reason: string,
  now: Date,
): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.slackInstallation(installation.workspaceId),
        UpdateExpression: 'SET #status = :revoked, revokedReason = :reason, revokedAt = :now',
        ConditionExpression: 'sealedBotToken = :token AND #status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':revoked': 'revoked',
          ':active': 'active',
          ':reason': reason,
          ':now': now.toISOString(),
          ':token': installation.sealedBotToken,
        },
      }),
    ),
  );
}

export interface SlackOAuthState {
  readonly workspaceId: string;
  readonly userId: string;
}

/** A new state for Slack's authorize page, bound to the workspace and the admin; 10 minutes. */
export async function createSlackOAuthState(state: SlackOAuthState, now: Date): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: {
        ...keys.slackOAuthState(sha256(value)),
        entity: 'SLACK_OAUTH_STATE',
        workspaceId: state.workspaceId,
        userId: state.userId,
        expiresAt: epochSeconds(now) + OAUTH_STATE_SECONDS,
        ttl: epochSeconds(now) + OAUTH_STATE_SECONDS,
      },
    }),
  );
  return value;
}

/** Takes a state once (deleted as it is read); undefined when unknown, used or expired. */
export async function takeSlackOAuthState(
  value: string,
  now: Date,
): Promise<SlackOAuthState | undefined> {
  const { Attributes } = await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.slackOAuthState(sha256(value)),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!Attributes) return undefined;
  const { workspaceId, userId, expiresAt } = Attributes as Record<string, unknown>;
  if (typeof workspaceId !== 'string' || typeof userId !== 'string') return undefined;
  if (typeof expiresAt !== 'number' || expiresAt <= epochSeconds(now)) return undefined;
  return { workspaceId, userId };
}

/** Takes an interaction request once by its signature; false when it was taken before (a replay). */
export async function claimSlackInteraction(signature: string, now: Date): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: {
          ...keys.slackInteraction(sha256(signature)),
          entity: 'SLACK_INTERACTION',
          takenAt: now.toISOString(),
          ttl: epochSeconds(now) + INTERACTION_KEPT_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}
