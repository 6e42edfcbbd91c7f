import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import { getSqsClient } from '../src/platform/aws-clients';
import { getConfig } from '../src/platform/config';

/** An endpoint check that found the certificate served, as the worker writes it. */
export const OK_CHECK = {
  checked_at: new Date().toISOString(),
  status: 'ok' as const,
  problem: null,
  message: 'Serves the certificate',
  problem_since: null,
  consecutive_failures: 0,
  not_after: null,
  fingerprint_sha256: null,
  issuer: null,
  names: [],
  protocol: 'TLSv1.3',
  alerted_at: null,
};

/**
 * Takes every message off this test file's endpoint check queue; answers those of `token` (all of
 * them without one).
 */
export async function takeCheckMessages(token?: { id: string }): Promise<EndpointCheckMessage[]> {
  const QueueUrl = getConfig().endpointCheckQueueUrl;
  const taken: EndpointCheckMessage[] = [];
  for (;;) {
    const { Messages = [] } = await getSqsClient().send(
      new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }),
    );
    if (Messages.length === 0) {
      return token ? taken.filter((message) => message.tokenId === token.id) : taken;
    }
    for (const { Body, ReceiptHandle } of Messages) {
      taken.push(JSON.parse(Body ?? '{}') as EndpointCheckMessage);
      await getSqsClient().send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle }));
    }
  }
}
