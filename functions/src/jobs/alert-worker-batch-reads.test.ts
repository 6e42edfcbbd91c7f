import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DigestMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { givenSignedInUser } from '../../test-support/fixtures';
import { inDays } from '../../test-support/token-fixtures';
import { buildToken, seedTokens } from '../../test-support/token-seeding';
import { givenWorkspace } from '../../test-support/workspace-fixtures';
import { createAlertRecord } from '../data/alert-record-store';
import { alertLocation } from '../data/entities/alert';
import { readAlertSettings } from '../data/alert-settings-records';
import { keys } from '../data/keys';
import { alertIdOf } from '../domain/alert-schedule';
import type { EmailMessage } from '../domain/mailer';
import { lambdaContext } from '../local/lambda-http-adapter';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { resolveDeliveries } from '../services/alerts/delivery-rules';
import { createAlertWorker } from './alert-worker';
import { sqsEvent } from '../../test-support/sqs-event';

/**
 * A workspace of its own owner with two tokens whose 7-day alerts are due for the owner's address,
 * and the digest that carries them. `tokenOwnerId` names the first token's owner (`owner_id`).
 */
async function givenDigest(options: { tokenOwnerId?: string } = {}) {
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const settings = await readAlertSettings(workspaceId);
  const tokens = [
    buildToken(workspaceId, {
      expiresAt: inDays(7),
      ...(options.tokenOwnerId ? { owner_id: options.tokenOwnerId } : {}),
    }),
    buildToken(workspaceId, { expiresAt: inDays(7) }),
  ];
  await seedTokens(workspaceId, tokens, 1, undefined, { searchIndex: false });
  const alerts = tokens.map((token) => ({
    alertId: alertIdOf(token.id, token.expiresAt, 7),
    workspaceId,
    tokenId: token.id,
    expiresAt: token.expiresAt,
    threshold: 7,
  }));
  for (const [index, alert] of alerts.entries()) {
    await createAlertRecord({
      ...alert,
      tokenName: tokens[index]!.name,
      deliveries: resolveDeliveries({
        token: tokens[index],
        workspace: { plan: 'team' },
        settings,
        ownerEmail: owner.email,
      }),
      now: new Date(),
    });
  }
  const digest: DigestMessage = {
    kind: 'digest',
    digestId: randomUUID(),
    address: owner.email,
    alerts,
  };
  return { digest, workspaceId, ownerId: owner.userId };
}

const putItem = (item: Record<string, unknown>) =>
  getDocumentClient().send(new PutCommand({ TableName: getConfig().tableName, Item: item }));

/** The worker's answer to one SQS batch of these digests, its emails and its DynamoDB commands. */
async function deliverBatch(digests: readonly DigestMessage[]) {
  const event = sqsEvent(digests, { messageIdOf: (digest) => digest.digestId });
  const emails: EmailMessage[] = [];
  const worker = createAlertWorker({
    delay: () => Promise.resolve(),
    ports: { mailer: { send: (message) => Promise.resolve(void emails.push(message)) } },
  });
  const send = jest.spyOn(getDocumentClient(), 'send');
  try {
    const response = await worker(event, lambdaContext('alert-worker', randomUUID()));
    const commands = send.mock.calls.map(
      ([command]) =>
        command as unknown as {
          constructor: { name: string };
          input: {
            Key?: { pk: string; sk: string };
            RequestItems?: Record<string, { Keys: { pk: string; sk: string }[] }>;
          };
        },
    );
    const keysOf = (command: (typeof commands)[number]) =>
      command.input.Key
        ? [command.input.Key]
        : Object.values(command.input.RequestItems ?? {}).flatMap((table) => table.Keys);
    /** The read requests (GetItem, BatchGetItem) that asked for the item of this key. */
    const readsOf = (key: { pk: string; sk: string }) =>
      commands.filter(
        (command) =>
          /^(Get|BatchGet)Command$/.test(command.constructor.name) &&
          keysOf(command).some((read) => read.pk === key.pk && read.sk === key.sk),
      );
    return { response, emails, readsOf };
  } finally {
    send.mockRestore();
  }
}

describe('alert worker: what it reads for an SQS batch', () => {
  it("reads the batch's workspaces, their settings and Slack installations and its addresses' opt-outs, suppressions and accounts in one request, the owners in one, the accounts' memberships in one, and a digest's records together", async () => {
    const given = [await givenDigest(), await givenDigest(), await givenDigest()];

    const { response, emails, readsOf } = await deliverBatch(given.map(({ digest }) => digest));

    expect(response.batchItemFailures).toEqual([]);
    expect(emails.map((email) => email.to).sort()).toEqual(
      given.map(({ digest }) => digest.address).sort(),
    );
    const firstReads = new Set(
      given.flatMap(({ digest, workspaceId }) =>
        [
          keys.workspace(workspaceId),
          keys.alertSettings(workspaceId),
          keys.slackInstallation(workspaceId),
          keys.alertEmailOptOut(workspaceId, digest.address),
          keys.emailSuppression(digest.address),
          keys.userEmail(digest.address),
        ].flatMap(readsOf),
      ),
    );
    expect(firstReads.size).toBe(1);
    // Each address is its workspace's owner: read as the owner, then as the account the email's
    // action links are offered to, with its memberships.
    const ownerReads = new Set(given.flatMap(({ ownerId }) => readsOf(keys.user(ownerId))));
    expect(ownerReads.size).toBe(2);
    const membershipReads = new Set(
      given.flatMap(({ workspaceId, ownerId }) => readsOf(keys.membership(workspaceId, ownerId))),
    );
    expect(membershipReads.size).toBe(1);
    expect([...membershipReads].every((read) => ownerReads.has(read))).toBe(true);
    // Each digest reads its rows' records twice, each time together: before it claims them and
    // when it settles them.
    for (const { digest } of given) {
      const recordReads = new Set(
        digest.alerts.flatMap((alert) => readsOf(alertLocation(alert.alertId)!.key)),
      );
      expect(recordReads.size).toBe(2);
    }
  });

  it('fails only the messages whose reads fail, and delivers the others', async () => {
    // Settings without a signing secret: the codec refuses them, for their workspace only.
    const healthy = await givenDigest();
    const brokenSettings = await givenDigest();
    await putItem({
      ...keys.alertSettings(brokenSettings.workspaceId),
      workspaceId: brokenSettings.workspaceId,
    });
    const first = await deliverBatch([healthy.digest, brokenSettings.digest]);
    expect(first.response.batchItemFailures).toEqual([
      { itemIdentifier: brokenSettings.digest.digestId },
    ]);
    expect(first.emails.map((email) => email.to)).toEqual([healthy.digest.address]);

    // A token's owner whose item does not decode fails the batch's read as a whole: each message
    // reads its own, and only that token's fails.
    const alsoHealthy = await givenDigest();
    const tokenOwnerId = randomUUID();
    const brokenOwner = await givenDigest({ tokenOwnerId });
    await putItem({ ...keys.user(tokenOwnerId), email: 42 });
    const second = await deliverBatch([alsoHealthy.digest, brokenOwner.digest]);
    expect(second.response.batchItemFailures).toEqual([
      { itemIdentifier: brokenOwner.digest.digestId },
    ]);
    expect(second.emails.map((email) => email.to)).toEqual([alsoHealthy.digest.address]);
  });
});
