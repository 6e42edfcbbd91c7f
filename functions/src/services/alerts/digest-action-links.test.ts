import { randomUUID } from 'node:crypto';
import type { AlertRef, DigestMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { givenAlertSettings } from '../../../test-support/alert-settings-fixtures';
import { givenMember, givenWorkspace, inDays } from '../../../test-support/token-fixtures';
import { buildToken, seedTokens } from '../../../test-support/token-seeding';
import { putItem } from '../../../test-support/workspace-fixtures';
import { sqsEvent } from '../../../test-support/sqs-event';
import { createAlertRecord } from '../../data/alert-record-store';
import { readAlertSettings } from '../../data/alert-settings-records';
import { memberCodec, newMember } from '../../data/entities/member';
import { alertIdOf } from '../../domain/alert-schedule';
import type { EmailMessage } from '../../domain/mailer';
import { createAlertWorker, defaultAlertPorts } from '../../jobs/alert-worker';
import { lambdaContext } from '../../local/lambda-http-adapter';
import { deliverQueueMessage } from './alert-delivery';
import { resolveDeliveries } from './delivery-rules';

const ACTION_LABELS = [
  'Acknowledge',
  'Snooze 1 day',
  'Snooze 7 days',
  'Snooze until a date',
  'Renewed',
];
const READ_ONLY = 'You have read-only access to this workspace, so this email offers no actions.';

/** The action links the text part lists (`  Acknowledge: https://…/alert-action?token=…`). */
const actionLinesOf = (text: string) =>
  text.split('\n').filter((line) => /^ {2}[\w ]+: \S+\/alert-action\?token=/.test(line));

/**
 * A token of the workspace due in `daysLeft` days whose alert goes to its contact group Ops
 * (these addresses), and its alert record with the deliveries the scan would plan.
 */
async function givenDueAlert(
  workspaceId: string,
  emails: readonly string[],
  daysLeft = 7,
): Promise<AlertRef & { tokenName: string }> {
  await givenAlertSettings(workspaceId, {
    contact_groups: [{ id: 'ops', name: 'Ops', emails: [...emails], webhook_names: [] }],
    default_contact_group_id: 'ops',
    webhook_urls: [],
  });
  const settings = await readAlertSettings(workspaceId);
  const tokenName = `Token ${randomUUID().slice(0, 8)}`;
  const token = buildToken(workspaceId, { name: tokenName, expiresAt: inDays(daysLeft) });
  await seedTokens(workspaceId, [token], 1, undefined, { searchIndex: false });
  const alert = {
    alertId: alertIdOf(token.id, token.expiresAt, 7),
    workspaceId,
    tokenId: token.id,
    expiresAt: token.expiresAt,
    threshold: 7,
  };
  await createAlertRecord({
    ...alert,
    tokenName,
    deliveries: resolveDeliveries({
      token,
      workspace: { plan: 'team' },
      settings,
      ownerEmail: null,
    }),
    now: new Date(),
  });
  return { ...alert, tokenName };
}

const digestOf = (address: string, alerts: readonly AlertRef[]): DigestMessage => ({
  kind: 'digest',
  digestId: randomUUID(),
  address,
  alerts: alerts.map(({ alertId, workspaceId, tokenId, expiresAt, threshold }) => ({
    alertId,
    workspaceId,
    tokenId,
    expiresAt,
    threshold,
  })),
});

function capturingMailer() {
  const emails: EmailMessage[] = [];
  const mailer = { send: (message: EmailMessage) => Promise.resolve(void emails.push(message)) };
  const emailTo = (address: string) => {
    const found = emails.filter((email) => email.to === address);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  return { mailer, emailTo };
}

const givenMembership = (workspaceId: string, userId: string, role: Role) =>
  putItem(memberCodec.toItem(newMember({ workspaceId, userId, role, now: new Date() })));

describe('alert emails offer only the actions their reader may take', () => {
  it("leaves a viewer's action links out and says why; an editor and an external address keep them all", async () => {
    const { workspaceId } = await givenWorkspace();
    const viewer = await givenMember(workspaceId, 'viewer');
    const editor = await givenMember(workspaceId, 'workspace_manager');
    const external = 'OnCall@Partner.example';
    const alert = await givenDueAlert(workspaceId, [viewer.email, editor.email, external]);
    const { mailer, emailTo } = capturingMailer();
    const worker = createAlertWorker({ delay: () => Promise.resolve(), ports: { mailer } });

    const digests = [viewer.email, editor.email, external].map((address) =>
      digestOf(address, [alert]),
    );
    const response = await worker(sqsEvent(digests), lambdaContext('alert-worker', randomUUID()));

    expect(response.batchItemFailures).toEqual([]);
    const viewerEmail = emailTo(viewer.email);
    expect(actionLinesOf(viewerEmail.text)).toEqual([]);
    expect(viewerEmail.text).toContain(READ_ONLY);
    expect(viewerEmail.text).toContain(`  Open ${alert.tokenName}: `);
    expect(viewerEmail.html).toContain(READ_ONLY);
    expect(viewerEmail.html).not.toContain('/alert-action?');
    expect(viewerEmail.html).toContain(`Open ${alert.tokenName}`);
    for (const address of [editor.email, external]) {
      const email = emailTo(address);
      expect(actionLinesOf(email.text).map((line) => line.split(':')[0]!.trim())).toEqual(
        ACTION_LABELS,
      );
      expect(email.text).not.toContain('offers no actions');
      for (const label of ACTION_LABELS) expect(email.html).toContain(`>${label}</a>`);
    }
  });

  it('offers per workspace what the address may do there: none where it views, all where it edits', async () => {
    const viewed = await givenWorkspace();
    const edited = await givenWorkspace();
    const reader = await givenMember(viewed.workspaceId, 'viewer');
    await givenMembership(edited.workspaceId, reader.userId, 'workspace_manager');
    // The viewed workspace's token is the more urgent: its section comes first.
    const viewedAlert = await givenDueAlert(viewed.workspaceId, [reader.email], 3);
    const editedAlert = await givenDueAlert(edited.workspaceId, [reader.email], 7);
    const { mailer, emailTo } = capturingMailer();
    // A digest outside an SQS batch's reads (an alert's own email) reads its address's account.
    const ports = { ...(await defaultAlertPorts('https://app.example')), mailer };
    const policy = { maxReceiveCount: 3, baseDelaySeconds: 1, maxDelaySeconds: 1 };

    const result = await deliverQueueMessage(
      digestOf(reader.email, [viewedAlert, editedAlert]),
      { receiveCount: 1, policy, now: new Date() },
      ports,
    );

    expect(result).toEqual({ kind: 'done' });
    const { text, html } = emailTo(reader.email);
    const editedAt = text.indexOf(`${editedAlert.tokenName} expires`);
    const viewedSection = text.slice(text.indexOf(`${viewedAlert.tokenName} expires`), editedAt);
    const editedSection = text.slice(editedAt);
    expect(actionLinesOf(viewedSection)).toEqual([]);
    expect(viewedSection).toContain(READ_ONLY);
    expect(actionLinesOf(editedSection)).toHaveLength(ACTION_LABELS.length);
    expect(editedSection).not.toContain(READ_ONLY);
    expect(html.split(READ_ONLY)).toHaveLength(2);
    expect(html.match(/\/alert-action\?/g)).toHaveLength(ACTION_LABELS.length);
  });
});
