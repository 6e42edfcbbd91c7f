/**
 * The Slack app installation entity (ACCESS_PATTERNS.md, "The Slack app"; codec pattern: entity-codec.ts):
 * one per workspace, `pk=WS#<workspaceId>`, `sk=SLACK_INSTALLATION`. The bot token is stored
 * sealed like integration credentials (adapters/credential-sealer.ts, the workspace and
 * `slack-app` as its context), never answered or logged. `revoked` once Slack answered
 * `token_revoked`, `account_inactive` or `invalid_auth`: alerts then fall back to email until
 * an admin installs it again or removes it. Goes with the workspace's other items.
 *
 * Reading: every attribute is required; an unknown status reads as revoked (never posts).
 */
import * as z from 'zod';
import {
  SLACK_INSTALLATION_STATUSES,
  type SlackInstallationStatus,
} from '@expiry-radar/shared/api/slack-app-api-schemas';
import { keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface SlackInstallation {
  readonly workspaceId: string;
  readonly teamId: string;
  readonly teamName: string;
  readonly appId: string;
  readonly botUserId: string;
  /** The bot token (xoxb-…), sealed. */
  readonly sealedBotToken: string;
  readonly channelId: string;
  readonly channelName: string;
  readonly status: SlackInstallationStatus;
  /** Slack's error that revoked it; null while active. */
  readonly revokedReason: string | null;
  readonly revokedAt: string | null;
  readonly installedBy: { readonly userId: string; readonly email: string };
  readonly installedAt: string;
}

export const slackInstallationItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SLACK_INSTALLATION'),
  workspaceId: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  appId: z.string(),
  botUserId: z.string(),
  sealedBotToken: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  status: z.enum(SLACK_INSTALLATION_STATUSES).catch('revoked'),
  revokedReason: z.string().nullable(),
  revokedAt: z.string().nullable(),
  installedBy: z.object({ userId: z.string(), email: z.string() }),
  installedAt: z.string(),
});

export type SlackInstallationItem = z.output<typeof slackInstallationItemSchema>;

export const slackInstallationCodec = {
  entity: 'SLACK_INSTALLATION',
  itemSchema: slackInstallationItemSchema,

  keyOf: ({ workspaceId }) => keys.slackInstallation(workspaceId),

  toItem: (installation) => ({
    ...keys.slackInstallation(installation.workspaceId),
    entity: 'SLACK_INSTALLATION',
    workspaceId: installation.workspaceId,
    teamId: installation.teamId,
    teamName: installation.teamName,
    appId: installation.appId,
    botUserId: installation.botUserId,
    sealedBotToken: installation.sealedBotToken,
    channelId: installation.channelId,
    channelName: installation.channelName,
    status: installation.status,
    revokedReason: installation.revokedReason,
    revokedAt: installation.revokedAt,
    installedBy: { ...installation.installedBy },
    installedAt: installation.installedAt,
  }),

  fromItem(item) {
    const parsed = parseItem('SLACK_INSTALLATION', slackInstallationItemSchema, item);
    return {
      workspaceId: parsed.workspaceId,
      teamId: parsed.teamId,
      teamName: parsed.teamName,
      appId: parsed.appId,
      botUserId: parsed.botUserId,
      sealedBotToken: parsed.sealedBotToken,
      channelId: parsed.channelId,
      channelName: parsed.channelName,
      status: parsed.status,
      revokedReason: parsed.revokedReason,
      revokedAt: parsed.revokedAt,
      installedBy: parsed.installedBy,
      installedAt: parsed.installedAt,
    };
  },
} satisfies EntityCodec<SlackInstallation, SlackInstallationItem>;
