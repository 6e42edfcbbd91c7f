/**
 * An alert as the Slack app posts it (pure): the incoming webhook's Block Kit message
 * (webhook-formats.ts, so both read alike) plus an actions block of the app's own: Acknowledge,
 * Snooze 1 day, Snooze 7 days, and Renewed (a date picker for the new expiry) or, for a
 * certificate followed by endpoint monitoring, "Check endpoint now". The actions block's
 * `block_id` names the workspace, the token and the expiry the alert is about; Slack signs every
 * interaction request, so what comes back is what was posted. An endpoint problem carries "Check
 * endpoint now" alone while the certificate is monitored (once the endpoint is fixed, the check
 * clears the problem or takes the renewed certificate; acknowledging or snoozing would hold the
 * expiry's alerts, which is not what the problem is about). A certificate seen in certificate
 * transparency logs carries none (it is no token of the workspace).
 *
 * After an action the message is updated in place: the same blocks with a line that says what
 * was done and by whom ("Snoozed until 12 Dec by Ada Lovelace"); after a snooze the actions stay
 * (it can still be acknowledged or renewed), after the others they go.
 */
import type { AlertLinkAction } from '@expiry-radar/shared/api/alert-action-api-schemas';
import type { AlertNotice } from './alert-channels';
import { slackPayload } from './webhook-formats';

export const SLACK_ACTION_IDS = {
  acknowledge: 'er_acknowledge',
  snooze1d: 'er_snooze_1d',
  snooze7d: 'er_snooze_7d',
  renewed: 'er_renewed',
  checkEndpoint: 'er_check_endpoint',
} as const;

/** What a button (or the date picker) of an alert message asks for. */
export interface SlackAlertAction {
  readonly action: AlertLinkAction;
  readonly snoozeDays: number | null;
}

const ACTIONS_BY_ID: Readonly<Record<string, SlackAlertAction>> = {
  [SLACK_ACTION_IDS.acknowledge]: { action: 'acknowledge', snoozeDays: null },
  [SLACK_ACTION_IDS.snooze1d]: { action: 'snooze', snoozeDays: 1 },
  [SLACK_ACTION_IDS.snooze7d]: { action: 'snooze', snoozeDays: 7 },
  [SLACK_ACTION_IDS.renewed]: { action: 'renewed', snoozeDays: null },
  [SLACK_ACTION_IDS.checkEndpoint]: { action: 'renewed', snoozeDays: null },
};

/** The action of an `action_id`; null for the link buttons (Open dashboard, Renew). */
export function slackAlertActionOf(actionId: string): SlackAlertAction | null {
  return ACTIONS_BY_ID[actionId] ?? null;
}

export interface SlackAlertSubject {
  readonly workspaceId: string;
  readonly tokenId: string;
  /** The token's expiry the alert was about, as stored. */
  readonly expiresAt: string;
}

const SUBJECT_PREFIX = 'er_alert';
const STATUS_BLOCK_ID = 'er_status';

export function subjectBlockId(subject: SlackAlertSubject): string {
  return [SUBJECT_PREFIX, subject.workspaceId, subject.tokenId, subject.expiresAt].join('|');
}

/** The subject an actions block names; null for any other block. */
export function subjectOfBlockId(blockId: string): SlackAlertSubject | null {
  const parts = blockId.split('|');
  if (parts.length !== 4 || parts[0] !== SUBJECT_PREFIX) return null;
  const [, workspaceId, tokenId, expiresAt] = parts as [string, string, string, string];
  if (!workspaceId || !tokenId || !expiresAt) return null;
  return { workspaceId, tokenId, expiresAt };
}

const plain = (text: string) => ({ type: 'plain_text', text });

const button = (actionId: string, text: string) => ({
  type: 'button',
  action_id: actionId,
  text: plain(text),
  value: actionId,
});

const CHECK_ENDPOINT_BUTTON = button(SLACK_ACTION_IDS.checkEndpoint, 'Check endpoint now');

/** The buttons of an expiry alert. */
function expiryActions(monitored: boolean): Record<string, unknown>[] {
  return [
    { ...button(SLACK_ACTION_IDS.acknowledge, 'Acknowledge'), style: 'primary' },
    button(SLACK_ACTION_IDS.snooze1d, 'Snooze 1 day'),
    button(SLACK_ACTION_IDS.snooze7d, 'Snooze 7 days'),
    monitored
      ? CHECK_ENDPOINT_BUTTON
      : {
          type: 'datepicker',
          action_id: SLACK_ACTION_IDS.renewed,
          placeholder: plain('Renewed: new expiry date'),
        },
  ];
}

/** The buttons the alert gets: none for a certificate seen, or an endpoint no longer monitored. */
function actionsOf(notice: AlertNotice, monitored: boolean): Record<string, unknown>[] {
  if (notice.certificateSeen) return [];
  if (notice.endpointProblem) return monitored ? [CHECK_ENDPOINT_BUTTON] : [];
  return expiryActions(monitored);
}

export interface SlackMessage {
  readonly text: string;
  readonly blocks: readonly Record<string, unknown>[];
}

/** The message of one alert; `monitored`: the token's endpoints are checked (renewal follows). */
export function slackAlertMessage(notice: AlertNotice, monitored: boolean): SlackMessage {
  const base = slackPayload({ notice }) as { text: string; blocks: Record<string, unknown>[] };
  const elements = actionsOf(notice, monitored);
  if (elements.length === 0) return { text: base.text, blocks: base.blocks };
  const subject = {
    workspaceId: notice.workspaceId,
    tokenId: notice.tokenId,
    expiresAt: notice.expiresAt,
  };
  return {
    text: base.text,
    blocks: [...base.blocks, { type: 'actions', block_id: subjectBlockId(subject), elements }],
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12 Dec" for a day of this year (UTC), "12 Dec 2027" for another. */
export function shortDay(day: string, now: Date): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const text = `${date} ${MONTHS[month - 1] ?? ''}`;
  return year === now.getUTCFullYear() ? text : `${text} ${year}`;
}

function blockIdOf(block: Record<string, unknown>): string {
  return typeof block.block_id === 'string' ? block.block_id : '';
}

/** Slack mrkdwn: only &, < and > are special. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The posted message's blocks after an action: the status line replaces an earlier one, and the
 * actions block stays only when `keepActions`.
 */
export function slackUpdatedMessage(options: {
  readonly posted: readonly Record<string, unknown>[];
  readonly fallbackText: string;
  readonly status: string;
  readonly keepActions: boolean;
}): SlackMessage {
  const kept = options.posted.filter((block) => {
    const blockId = blockIdOf(block);
    if (blockId === STATUS_BLOCK_ID) return false;
    return options.keepActions || subjectOfBlockId(blockId) === null;
  });
  const status = {
    type: 'context',
    block_id: STATUS_BLOCK_ID,
    elements: [{ type: 'mrkdwn', text: escape(options.status) }],
  };
  const actionsAt = kept.findIndex((block) => subjectOfBlockId(blockIdOf(block)));
  const blocks =
    actionsAt === -1
      ? [...kept, status]
      : [...kept.slice(0, actionsAt), status, ...kept.slice(actionsAt)];
  return { text: `${options.fallbackText} (${options.status})`, blocks };
}
