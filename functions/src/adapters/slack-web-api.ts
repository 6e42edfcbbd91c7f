/**
 * Slack's Web API, the few methods the Slack app uses: `oauth.v2.access` (the installation's code
 * exchange), `chat.postMessage` and `chat.update` (alerts and their updates), `users.info` (who
 * clicked, by verified email), and an interaction's `response_url` (ephemeral answers). Every
 * method answers `{ ok: true, … }` or `{ ok: false, error }`; an `ok: false` is a
 * SlackApiError carrying Slack's error code. Outside production SLACK_API_BASE_URL points the
 * calls at the local Slack stand-in.
 */
import { getConfig } from '../platform/config';

const TIMEOUT_MS = 10_000;

/** Slack's answers that mean the installation no longer works: alerts fall back to email. */
export const SLACK_REVOKED_ERRORS: ReadonlySet<string> = new Set([
  'token_revoked',
  'account_inactive',
  'invalid_auth',
]);

export class SlackApiError extends Error {
  constructor(
    readonly method: string,
    /** Slack's error code (`channel_not_found`, `token_revoked`, …), or `http_<status>`. */
    readonly code: string,
  ) {
    super(`Slack ${method} answered ${code}`);
    this.name = 'SlackApiError';
  }

  get revoked(): boolean {
    return SLACK_REVOKED_ERRORS.has(this.code);
  }
}

type SlackAnswer = Record<string, unknown> & { ok?: unknown; error?: unknown };

async function readAnswer(method: string, response: Response): Promise<SlackAnswer> {
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new SlackApiError(method, `http_${response.status}`);
  }
  if (typeof answer !== 'object' || answer === null) {
    throw new SlackApiError(method, `http_${response.status}`);
  }
  const parsed = answer as SlackAnswer;
  if (parsed.ok !== true) {
    throw new SlackApiError(method, typeof parsed.error === 'string' ? parsed.error : 'not_ok');
  }
  return parsed;
}

async function call(
  method: string,
  init: { token?: string; form?: Record<string, string>; json?: Record<string, unknown> },
): Promise<SlackAnswer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string;
  if (init.json) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(init.json);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form ?? {}).toString();
  }
  const response = await fetch(`${getConfig().slack.apiBaseUrl}/${method}`, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return readAnswer(method, response);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export interface SlackOAuthAccess {
  readonly botToken: string;
  readonly appId: string;
  readonly botUserId: string;
  readonly teamId: string;
  readonly teamName: string;
  /** The channel the installing person chose on Slack's page (the incoming-webhook scope). */
  readonly channelId: string;
  readonly channelName: string;
}

/** Exchanges the authorize page's code for the bot token and the channel chosen. */
export async function exchangeSlackCode(request: {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly code: string;
  readonly redirectUri: string;
}): Promise<SlackOAuthAccess> {
  const answer = await call('oauth.v2.access', {
    form: {
      client_id: request.clientId,
      client_secret: request.clientSecret,
      code: request.code,
      redirect_uri: request.redirectUri,
    },
  });
  const team = record(answer.team);
  const webhook = record(answer.incoming_webhook);
  const access: SlackOAuthAccess = {
    botToken: text(answer.access_token),
    appId: text(answer.app_id),
    botUserId: text(answer.bot_user_id),
    teamId: text(team.id),
    teamName: text(team.name),
    channelId: text(webhook.channel_id),
    channelName: text(webhook.channel).replace(/^#/, ''),
  };
  if (!access.botToken || !access.teamId)
    throw new SlackApiError('oauth.v2.access', 'no_bot_token');
  if (!access.channelId) throw new SlackApiError('oauth.v2.access', 'no_channel_chosen');
  return access;
}

export interface SlackPostedMessage {
  readonly channel: string;
  readonly ts: string;
}

export async function postSlackMessage(
  token: string,
  message: { channel: string; text: string; blocks: readonly Record<string, unknown>[] },
): Promise<SlackPostedMessage> {
  const answer = await call('chat.postMessage', {
    token,
    json: { channel: message.channel, text: message.text, blocks: message.blocks },
  });
  return { channel: text(answer.channel), ts: text(answer.ts) };
}

export async function updateSlackMessage(
  token: string,
  message: {
    channel: string;
    ts: string;
    text: string;
    blocks: readonly Record<string, unknown>[];
  },
): Promise<void> {
  await call('chat.update', {
    token,
    json: { channel: message.channel, ts: message.ts, text: message.text, blocks: message.blocks },
  });
}

export interface SlackUser {
  readonly id: string;
  /** The profile's email, when the app may read it (users:read.email). */
  readonly email: string | null;
  /** Slack confirmed the address (`is_email_confirmed`). */
  readonly emailConfirmed: boolean;
  readonly name: string;
}

export async function findSlackUser(token: string, userId: string): Promise<SlackUser> {
  const answer = await call('users.info', { token, form: { user: userId } });
  const user = record(answer.user);
  const profile = record(user.profile);
  return {
    id: text(user.id),
    email: text(profile.email) || null,
    emailConfirmed: user.is_email_confirmed === true,
    name: text(profile.real_name) || text(user.real_name) || text(user.name),
  };
}

/**
 * Whether an interaction's `response_url` is Slack's (hooks.slack.com over https), or, outside
 * production, the local stand-in's: a signed payload names it, but nothing else is posted to.
 */
export function isSlackResponseUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:' && parsed.hostname === 'hooks.slack.com') return true;
  const { appEnv, slack } = getConfig();
  return appEnv !== 'production' && parsed.origin === new URL(slack.apiBaseUrl).origin;
}

/** An ephemeral answer to the person who clicked, through the interaction's response_url. */
export async function respondEphemeral(responseUrl: string, message: string): Promise<void> {
  if (!isSlackResponseUrl(responseUrl)) throw new Error('Not a Slack response_url');
  const response = await fetch(responseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ response_type: 'ephemeral', replace_original: false, text: message }),
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new SlackApiError('response_url', `http_${response.status}`);
}
