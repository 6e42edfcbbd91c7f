/**
 * Slack, standing in for slack.com locally (`npm start`) and in tests, on 127.0.0.1. It follows
 * Slack's documented Web API for what the Slack app uses; every method answers `{ ok: true, … }`
 * or `{ ok: false, error }` (HTTP 200 either way), and takes a form or JSON body:
 *
 * - `POST /api/oauth.v2.access` (client_id, client_secret, code, redirect_uri): the bot token,
 *   `bot_user_id`, `app_id`, `team`, `authed_user` and the `incoming_webhook` channel chosen on
 *   the authorize page; `invalid_client_id`, `bad_client_secret`, `invalid_code`,
 *   `bad_redirect_uri`.
 * - `POST /api/chat.postMessage`, `POST /api/chat.update` (bearer bot token): the message is
 *   recorded (`channel`, `ts`, `message`); `not_authed`, `invalid_auth`, `token_revoked`,
 *   `channel_not_found`, `message_not_found`.
 * - `POST /api/users.info` (bearer bot token, `user`): the user object with `profile.email`,
 *   `profile.real_name` and `is_email_confirmed`; `user_not_found`.
 *
 * Pages a person uses: `GET /oauth/v2/authorize` (Slack's consent page: a channel to pick, then
 * back to the redirect URI with `code` and `state`, or `error=access_denied`), and `GET /` (every
 * message received, newest first, with its buttons: a click posts a signed interaction as Slack
 * would, through `POST /stand-in/click`).
 *
 * What tests drive: `PUT /stand-in/users/<id>` (email, name, confirmed), `POST
 * /stand-in/revoke` (`{team_id}`: its tokens answer `token_revoked`), `GET /stand-in/messages`,
 * `GET /stand-in/responses` (ephemeral answers posted to a `response_url`), and `POST
 * /stand-in/click` (`channel`, `ts`, `action_id`, `user`, optional `selected_date`): a
 * `block_actions` payload built from the recorded message, form-encoded as `payload=<JSON>`,
 * signed with the signing secret (`X-Slack-Signature` v0, `X-Slack-Request-Timestamp`) and
 * posted to the interaction URL; it answers the app's status and body.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { slackSignature } from '../../domain/slack-request-signature';
import { closeServer, jsonAnswer, listenOnLoopback, readBodyText } from './stand-in-http';

export const SLACK_STAND_IN_TEAM = { id: 'T0STANDIN', name: 'Expiry Radar Demo (Slack stand-in)' };
const APP_ID = 'A0STANDIN';
const BOT_USER_ID = 'U0STANDINBOT';
const DEFAULT_CHANNELS = ['alerts', 'ops', 'general'];

export interface SlackStandInUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly confirmed: boolean;
}

export interface SlackStandInMessage {
  readonly channel: string;
  readonly ts: string;
  readonly text: string;
  readonly blocks: readonly Record<string, unknown>[];
  /** How many times chat.update changed it. */
  readonly updates: number;
}

export interface SlackStandInResponse {
  readonly responseUrl: string;
  readonly body: Record<string, unknown>;
}

export interface SlackStandIn {
  /** `http://127.0.0.1:<port>`: its pages; the Web API is under `/api` (SLACK_API_BASE_URL). */
  readonly url: string;
  readonly apiBaseUrl: string;
  readonly authorizeUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
  /** Where clicks are posted (the app's interaction route); set once the app listens. */
  setInteractionUrl(url: string): void;
  setUser(user: SlackStandInUser): void;
  /** Revokes every bot token of the team (Slack then answers `token_revoked`). */
  revokeTeam(teamId: string): void;
  messages(): readonly SlackStandInMessage[];
  responses(): readonly SlackStandInResponse[];
  /** Approves an authorize request as a person would, choosing `channel`; the redirect's URL. */
  approve(authorizeUrl: string, channel: string): string;
  /** A person's click on a message's button, posted signed to the interaction URL. */
  click(click: SlackStandInClick): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

export interface SlackStandInClick {
  readonly channel: string;
  readonly ts: string;
  readonly actionId: string;
  readonly user: string;
  readonly selectedDate?: string;
}

interface Installation {
  readonly token: string;
  readonly teamId: string;
  revoked: boolean;
}

interface PendingCode {
  readonly redirectUri: string;
  readonly channel: string;
  readonly clientId: string;
}

function channelIdOf(name: string): string {
  return `C${createHash('sha256').update(name).digest('hex').slice(0, 10).toUpperCase()}`;
}

/** A Web API call's arguments: a form or a JSON body, and the query. */
function argumentsOf(request: IncomingMessage, body: string, url: URL): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json' && body) {
    try {
      Object.assign(fields, JSON.parse(body) as Record<string, unknown>);
    } catch {
      return { invalid_json: true };
    }
  } else if (body) {
    Object.assign(fields, Object.fromEntries(new URLSearchParams(body)));
  }
  return fields;
}

const sendJson = jsonAnswer();

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function authorizePage(query: URLSearchParams, channels: readonly string[]): string {
  const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
    .map(
      (name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`,
    )
    .join('');
  const options = channels
    .map((channel) => `<option value="${escapeHtml(channel)}">#${escapeHtml(channel)}</option>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack stand-in: install app</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 2rem auto">
<h1>Expiry Radar is requesting permission to access the ${escapeHtml(SLACK_STAND_IN_TEAM.name)} Slack workspace</h1>
<p>Scopes: ${escapeHtml(query.get('scope') ?? '')}</p>
<form method="post" action="/oauth/v2/authorize">${hidden}
<label>Where should Expiry Radar post? <select name="channel">${options}</select></label>
<p><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel">Cancel</button></p></form></body></html>`;
}

function elementHtml(message: SlackStandInMessage, element: Record<string, unknown>): string {
  const label = text((element.text as Record<string, unknown> | undefined)?.text);
  const actionId = text(element.action_id);
  const fields = `<input type="hidden" name="channel" value="${escapeHtml(message.channel)}"><input type="hidden" name="ts" value="${escapeHtml(message.ts)}"><input type="hidden" name="action_id" value="${escapeHtml(actionId)}"><label>as Slack user <input name="user" value="U0ADA" size="8"></label>`;
  if (element.type === 'datepicker') {
    const placeholder = text((element.placeholder as Record<string, unknown> | undefined)?.text);
    return `<form method="post" action="/stand-in/click">${fields} <input type="date" name="selected_date" required aria-label="${escapeHtml(placeholder)}"> <button type="submit">${escapeHtml(placeholder)}</button></form>`;
  }
  if (typeof element.url === 'string') {
    return `<a href="${escapeHtml(element.url)}" target="_blank" rel="noreferrer">${escapeHtml(label)}</a>`;
  }
  return `<form method="post" action="/stand-in/click">${fields} <button type="submit">${escapeHtml(label)}</button></form>`;
}

function messagesPage(
  messages: readonly SlackStandInMessage[],
  responses: readonly SlackStandInResponse[],
): string {
  const items = [...messages]
    .reverse()
    .map((message) => {
      const blocks = message.blocks
        .map((block) => {
          if (block.type === 'actions' && Array.isArray(block.elements)) {
            return `<div>${(block.elements as Record<string, unknown>[]).map((element) => elementHtml(message, element)).join('')}</div>`;
          }
          const textOf = (value: unknown) =>
            text((value as Record<string, unknown> | undefined)?.text);
          const parts = [
            textOf(block.text),
            ...(Array.isArray(block.fields) ? block.fields.map(textOf) : []),
            ...(Array.isArray(block.elements) ? block.elements.map(textOf) : []),
          ].filter(Boolean);
          return `<p>${parts.map(escapeHtml).join('<br>')}</p>`;
        })
        .join('');
      return `<article data-ts="${escapeHtml(message.ts)}" style="border: 1px solid #ccc; padding: .5rem; margin: .5rem 0"><header>#${escapeHtml(message.channel)} · ${escapeHtml(message.ts)}${message.updates ? ' · updated' : ''}</header>${blocks}</article>`;
    })
    .join('');
  const ephemeral = responses
    .map((response) => `<li>${escapeHtml(text(response.body.text))}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack stand-in: messages</title></head>
<body style="font-family: sans-serif; max-width: 60rem; margin: 2rem auto"><h1>Slack stand-in: messages received</h1>
${items || '<p>No message yet.</p>'}<h2>Ephemeral answers (only the clicking user sees them)</h2><ul>${ephemeral}</ul></body></html>`;
}

export async function startSlackStandIn(
  options: { port?: number; interactionUrl?: string } = {},
): Promise<SlackStandIn> {
  const clientId = 'standin.client';
  const clientSecret = randomBytes(16).toString('hex');
  const signingSecret = randomBytes(16).toString('hex');
  let interactionUrl = options.interactionUrl ?? '';
  const channels = new Set(DEFAULT_CHANNELS);
  const codes = new Map<string, PendingCode>();
  const installations = new Map<string, Installation>();
  const users = new Map<string, SlackStandInUser>([
    ['U0ADA', { id: 'U0ADA', email: 'ada@example.com', name: 'Ada Lovelace', confirmed: true }],
  ]);
  const messages: SlackStandInMessage[] = [];
  const responses: SlackStandInResponse[] = [];
  let clock = Math.floor(Date.now() / 1000) * 1_000_000;
  let url = '';

  const approve = (authorize: string, channel: string): string => {
    const query = new URL(authorize).searchParams;
    const redirectUri = query.get('redirect_uri') ?? '';
    const target = new URL(redirectUri);
    if (query.get('state')) target.searchParams.set('state', query.get('state') ?? '');
    channels.add(channel);
    const code = randomBytes(12).toString('hex');
    codes.set(code, { redirectUri, channel, clientId: query.get('client_id') ?? '' });
    target.searchParams.set('code', code);
    return target.toString();
  };

  const installationOf = (request: IncomingMessage, fields: Record<string, unknown>) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : text(fields.token);
    if (!token) return { error: 'not_authed' } as const;
    const installation = installations.get(token);
    if (!installation) return { error: 'invalid_auth' } as const;
    if (installation.revoked) return { error: 'token_revoked' } as const;
    return { installation } as const;
  };

  const nextTs = () => {
    clock += 1;
    return `${Math.floor(clock / 1_000_000)}.${String(clock % 1_000_000).padStart(6, '0')}`;
  };

  const click = async (request: SlackStandInClick) => {
    const message = messages.find((m) => m.channel === request.channel && m.ts === request.ts);
    if (!message) return { status: 404, body: 'message_not_found' };
    const block = message.blocks.find(
      (candidate) =>
        Array.isArray(candidate.elements) &&
        (candidate.elements as Record<string, unknown>[]).some(
          (element) => element.action_id === request.actionId,
        ),
    );
    if (!block) return { status: 404, body: 'action_not_found' };
    const element = (block.elements as Record<string, unknown>[]).find(
      (candidate) => candidate.action_id === request.actionId,
    )!;
    const responseId = randomBytes(8).toString('hex');
    const payload = {
      type: 'block_actions',
      user: { id: request.user, team_id: SLACK_STAND_IN_TEAM.id },
      api_app_id: APP_ID,
      team: { id: SLACK_STAND_IN_TEAM.id, domain: 'expiry-radar-demo' },
      container: { type: 'message', message_ts: message.ts, channel_id: message.channel },
      channel: { id: message.channel, name: message.channel },
      message: { type: 'message', ts: message.ts, text: message.text, blocks: message.blocks },
      response_url: `${url}/stand-in/responses/${responseId}`,
      trigger_id: `${Date.now()}.${responseId}`,
      actions: [
        {
          type: element.type,
          action_id: request.actionId,
          block_id: block.block_id,
          action_ts: nextTs(),
          ...(element.type === 'button' ? { value: element.value, text: element.text } : {}),
          ...(element.type === 'datepicker' ? { selected_date: request.selectedDate ?? null } : {}),
        },
      ],
    };
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const answer = await fetch(interactionUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': slackSignature(signingSecret, timestamp, body),
      },
      body,
    });
    return { status: answer.status, body: await answer.text() };
  };

  const webApi = (method: string, request: IncomingMessage, fields: Record<string, unknown>) => {
    if (method === 'oauth.v2.access') {
      if (text(fields.client_id) !== clientId) return { ok: false, error: 'invalid_client_id' };
      if (text(fields.client_secret) !== clientSecret)
        return { ok: false, error: 'bad_client_secret' };
      const pending = codes.get(text(fields.code));
      if (!pending) return { ok: false, error: 'invalid_code' };
      codes.delete(text(fields.code));
      if (pending.redirectUri !== text(fields.redirect_uri))
        return { ok: false, error: 'bad_redirect_uri' };
      const token = `xoxb-standin-${randomBytes(12).toString('hex')}`;
      installations.set(token, { token, teamId: SLACK_STAND_IN_TEAM.id, revoked: false });
      return {
        ok: true,
        access_token: token,
        token_type: 'bot',
        scope: 'chat:write,chat:write.public,incoming-webhook,users:read,users:read.email',
        bot_user_id: BOT_USER_ID,
        app_id: APP_ID,
        team: SLACK_STAND_IN_TEAM,
        enterprise: null,
        is_enterprise_install: false,
        authed_user: { id: 'U0ADA' },
        incoming_webhook: {
          channel: `#${pending.channel}`,
          channel_id: channelIdOf(pending.channel),
          configuration_url: `${url}/`,
          url: `${url}/stand-in/webhooks/${channelIdOf(pending.channel)}`,
        },
      };
    }
    const auth = installationOf(request, fields);
    if ('error' in auth) return { ok: false, error: auth.error };
    if (method === 'chat.postMessage') {
      const channel = text(fields.channel);
      if (![...channels].some((name) => channelIdOf(name) === channel)) {
        return { ok: false, error: 'channel_not_found' };
      }
      const blocks = Array.isArray(fields.blocks)
        ? (fields.blocks as Record<string, unknown>[])
        : [];
      const message: SlackStandInMessage = {
        channel,
        ts: nextTs(),
        text: text(fields.text),
        blocks,
        updates: 0,
      };
      messages.push(message);
      return {
        ok: true,
        channel,
        ts: message.ts,
        message: { type: 'message', text: message.text, blocks, bot_id: 'B0STANDIN' },
      };
    }
    if (method === 'chat.update') {
      const index = messages.findIndex(
        (m) => m.channel === text(fields.channel) && m.ts === text(fields.ts),
      );
      if (index === -1) return { ok: false, error: 'message_not_found' };
      const current = messages[index]!;
      const blocks = Array.isArray(fields.blocks)
        ? (fields.blocks as Record<string, unknown>[])
        : current.blocks;
      messages[index] = {
        ...current,
        text: text(fields.text) || current.text,
        blocks,
        updates: current.updates + 1,
      };
      return { ok: true, channel: current.channel, ts: current.ts, text: messages[index]?.text };
    }
    if (method === 'users.info') {
      const user = users.get(text(fields.user));
      if (!user) return { ok: false, error: 'user_not_found' };
      return {
        ok: true,
        user: {
          id: user.id,
          team_id: SLACK_STAND_IN_TEAM.id,
          name: user.name.toLowerCase().replace(/\s+/g, '.'),
          real_name: user.name,
          deleted: false,
          is_bot: false,
          is_email_confirmed: user.confirmed,
          profile: { real_name: user.name, display_name: user.name, email: user.email },
        },
      };
    }
    return { ok: false, error: 'unknown_method' };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const requestUrl = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBodyText(request);
      const path = requestUrl.pathname;
      const api = /^\/api\/([a-zA-Z0-9.]+)$/.exec(path);
      if (api && request.method === 'POST') {
        sendJson(response, 200, webApi(api[1]!, request, argumentsOf(request, body, requestUrl)));
        return;
      }
      if (path === '/oauth/v2/authorize' && request.method === 'GET') {
        sendHtml(response, authorizePage(requestUrl.searchParams, [...channels]));
        return;
      }
      if (path === '/oauth/v2/authorize' && request.method === 'POST') {
        const form = new URLSearchParams(body);
        const redirect = new URL(form.get('redirect_uri') ?? '');
        if (form.get('decision') !== 'allow') {
          redirect.searchParams.set('error', 'access_denied');
          redirect.searchParams.set('state', form.get('state') ?? '');
          response.writeHead(302, { location: redirect.toString() }).end();
          return;
        }
        const authorize = `${url}/oauth/v2/authorize?${form.toString()}`;
        response
          .writeHead(302, { location: approve(authorize, form.get('channel') ?? 'alerts') })
          .end();
        return;
      }
      if (path === '/' && request.method === 'GET') {
        sendHtml(response, messagesPage(messages, responses));
        return;
      }
      if (path === '/stand-in/messages' && request.method === 'GET') {
        sendJson(response, 200, { messages });
        return;
      }
      if (path === '/stand-in/responses' && request.method === 'GET') {
        sendJson(response, 200, { responses });
        return;
      }
      const responseUrl = /^\/stand-in\/responses\/[0-9a-f]+$/.exec(path);
      if (responseUrl && request.method === 'POST') {
        responses.push({
          responseUrl: `${url}${path}`,
          body: JSON.parse(body || '{}') as Record<string, unknown>,
        });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      const user = /^\/stand-in\/users\/([A-Z0-9]+)$/.exec(path);
      if (user && request.method === 'PUT') {
        const fields = JSON.parse(body || '{}') as Record<string, unknown>;
        users.set(user[1]!, {
          id: user[1]!,
          email: text(fields.email),
          name: text(fields.name) || user[1]!,
          confirmed: fields.confirmed !== false,
        });
        sendJson(response, 200, { ok: true });
        return;
      }
      if (path === '/stand-in/revoke' && request.method === 'POST') {
        const fields = JSON.parse(body || '{}') as Record<string, unknown>;
        for (const installation of installations.values()) {
          if (installation.teamId === text(fields.team_id)) installation.revoked = true;
        }
        sendJson(response, 200, { ok: true });
        return;
      }
      if (path === '/stand-in/click' && request.method === 'POST') {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        const fields =
          type === 'application/json'
            ? (JSON.parse(body || '{}') as Record<string, unknown>)
            : Object.fromEntries(new URLSearchParams(body));
        const result = await click({
          channel: text(fields.channel),
          ts: text(fields.ts),
          actionId: text(fields.action_id),
          user: text(fields.user) || 'U0ADA',
          ...(text(fields.selected_date) ? { selectedDate: text(fields.selected_date) } : {}),
        });
        if (type === 'application/json') {
          sendJson(response, 200, result);
        } else {
          response.writeHead(303, { location: '/' }).end();
        }
        return;
      }
      sendJson(response, 404, { ok: false, error: 'unknown_method' });
    })().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { ok: false, error: String(error) });
    });
  });
  url = `http://127.0.0.1:${await listenOnLoopback(server, options.port)}`;
  return {
    url,
    apiBaseUrl: `${url}/api`,
    authorizeUrl: `${url}/oauth/v2/authorize`,
    clientId,
    clientSecret,
    signingSecret,
    setInteractionUrl: (value) => {
      interactionUrl = value;
    },
    setUser: (value) => users.set(value.id, value),
    revokeTeam: (teamId) => {
      for (const installation of installations.values()) {
        if (installation.teamId === teamId) installation.revoked = true;
      }
    },
    messages: () => messages,
    responses: () => responses,
    approve,
    click,
    stop: () => closeServer(server),
  };
}
