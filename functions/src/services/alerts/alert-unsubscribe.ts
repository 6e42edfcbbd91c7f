/**
 * The one-click unsubscribe of alert emails and of the weekly summary: signing the links' tokens
 * (under the alert link key), and for a token that verifies stopping or resuming a workspace's
 * alert emails to an address (workspaces deleted since are left out; the answer names the
 * others), or a user's weekly summary. (A link scanner's GET changes nothing: the email's links
 * open a page that asks first.)
 */
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import { addAlertEmailOptOut, removeAlertEmailOptOut } from '../../data/alert-email-opt-outs';
import { workspaceCodec } from '../../data/entities/workspace';
import { keys } from '../../data/keys';
import { batchGetAll } from '../../data/table-operations';
import {
  findWeeklySummary,
  saveWeeklySummary,
  stopWeeklySummary,
} from '../../data/weekly-summary-records';
import {
  signUnsubscribeToken,
  signWeeklySummaryUnsubscribeToken,
  verifyEmailLinkToken,
  type UnsubscribeSubject,
  type WeeklySummarySubject,
} from '../../domain/unsubscribe-token';
import { AppError } from '../../platform/app-error';

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. Use the link of a recent alert email.',
} as const;

async function signingKey(): Promise<string> {
  const [key] = await getAlertLinkKeys();
  if (!key) throw new Error('No alert link key');
  return key;
}

export async function signUnsubscribe(subject: UnsubscribeSubject): Promise<string> {
  return signUnsubscribeToken(subject, await signingKey());
}

export async function signWeeklySummaryUnsubscribe(subject: WeeklySummarySubject): Promise<string> {
  return signWeeklySummaryUnsubscribeToken(subject, await signingKey());
}

export interface AlertEmailSubscription {
  readonly kind: 'alerts' | 'weekly_summary';
  readonly address: string;
  readonly workspaces: readonly { readonly id: string; readonly name: string }[];
  readonly subscribed: boolean;
}

async function workspacesOf(workspaceIds: readonly string[]) {
  const items = await batchGetAll(workspaceIds.map((id) => keys.workspace(id)));
  return items
    .map((item) => workspaceCodec.fromItem(item).workspace)
    .map((workspace) => ({ id: workspace.id, name: workspace.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Stops (or resumes) the alert emails of the link's workspaces to its address, or the weekly
 * summary of the link's user (resuming keeps its time zone; a summary turned off in the account
 * settings since stays as it is there only until resumed here).
 */
export async function setSubscription(
  token: string,
  subscribed: boolean,
  now: Date,
): Promise<AlertEmailSubscription> {
  const subject = verifyEmailLinkToken(token, await getAlertLinkKeys());
  if (!subject) throw new AppError('VALIDATION_ERROR', UNSUBSCRIBE_MESSAGES.invalidLink);
  if (subject.kind === 'weekly_summary') {
    const current = await findWeeklySummary(subject.userId);
    if (!subscribed) await stopWeeklySummary(subject.userId, now);
    else if (current) {
      await saveWeeklySummary({
        userId: subject.userId,
        enabled: true,
        timeZone: current.timeZone,
        now,
      });
    }
    return {
      kind: 'weekly_summary',
      address: subject.address,
      workspaces: [],
      subscribed: subscribed && current !== undefined,
    };
  }
  const { address } = subject;
  const workspaces = await workspacesOf(subject.workspaceIds);
  for (const workspace of workspaces) {
    if (subscribed) await removeAlertEmailOptOut(workspace.id, address);
    else await addAlertEmailOptOut(workspace.id, address, now);
  }
  return { kind: 'alerts', address, workspaces, subscribed };
}
