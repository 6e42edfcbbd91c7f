/**
 * The one-click unsubscribe of alert emails: signing the links' tokens (under the alert link key),
 * and stopping or resuming a workspace's alert emails to an address for a token that verifies.
 * Workspaces deleted since are left out; the answer names the others. (A link scanner's GET
 * changes nothing: the email's links open a page that asks first.)
 */
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import { addAlertEmailOptOut, removeAlertEmailOptOut } from '../../data/alert-email-opt-outs';
import { workspaceCodec } from '../../data/entities/workspace';
import { keys } from '../../data/keys';
import { batchGetAll } from '../../data/table-operations';
import {
  signUnsubscribeToken,
  verifyUnsubscribeToken,
  type UnsubscribeSubject,
} from '../../domain/unsubscribe-token';
import { AppError } from '../../platform/app-error';

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. Use the link of a recent alert email.',
} as const;

export async function signUnsubscribe(subject: UnsubscribeSubject): Promise<string> {
  const [key] = await getAlertLinkKeys();
  if (!key) throw new Error('No alert link key');
  return signUnsubscribeToken(subject, key);
}

export interface AlertEmailSubscription {
  readonly address: string;
  readonly workspaces: readonly { readonly id: string; readonly name: string }[];
  readonly subscribed: boolean;
}

async function subjectOf(token: string) {
  const subject = verifyUnsubscribeToken(token, await getAlertLinkKeys());
  if (!subject) throw new AppError('VALIDATION_ERROR', UNSUBSCRIBE_MESSAGES.invalidLink);
  const items = await batchGetAll(subject.workspaceIds.map((id) => keys.workspace(id)));
  const workspaces = items
    .map((item) => workspaceCodec.fromItem(item).workspace)
    .map((workspace) => ({ id: workspace.id, name: workspace.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { address: subject.address, workspaces };
}

/** Stops (or resumes) the alert emails of the link's workspaces to its address. */
export async function setSubscription(
  token: string,
  subscribed: boolean,
  now: Date,
): Promise<AlertEmailSubscription> {
  const { address, workspaces } = await subjectOf(token);
  for (const workspace of workspaces) {
    if (subscribed) await removeAlertEmailOptOut(workspace.id, address);
    else await addAlertEmailOptOut(workspace.id, address, now);
  }
  return { address, workspaces, subscribed };
}
