import { getDynamoDbClient, getSqsClient, loadDynamoDb, loadSqs } from '../../platform/aws-clients';
import { getConfig } from '../../platform/config';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { logger } from '../../platform/logger';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';

interface CheckResult {
  ok: boolean;
  latencyMs: number;
}

async function timedCheck(name: string, probe: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await probe();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    logger.warn('Health check failed', { check: name, error: error as Error });
    return { ok: false, latencyMs: Math.round(performance.now() - started) };
  }
}

/** `GET /api/health`: 200 when the table and both alert queues answer, else 503. */
export const handler = createHttpHandler(platformRoutes.getHealth, async () => {
  const { tableName, alertQueueUrl, alertDeadLetterQueueUrl } = getConfig();
  const { DescribeTableCommand } = loadDynamoDb();
  const { GetQueueAttributesCommand } = loadSqs();
  const queueProbe = (queueUrl: string) => () =>
    getSqsClient().send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
    );
  const [table, alertQueue, deadLetterQueue] = await Promise.all([
    timedCheck('table', () =>
      getDynamoDbClient().send(new DescribeTableCommand({ TableName: tableName })),
    ),
    timedCheck('alertQueue', queueProbe(alertQueueUrl)),
    timedCheck('deadLetterQueue', queueProbe(alertDeadLetterQueueUrl)),
  ]);
  const checks = { table, alertQueue, deadLetterQueue };
  const healthy = Object.values(checks).every((check) => check.ok);
  return { status: healthy ? 200 : 503, body: { status: healthy ? 'ok' : 'degraded', checks } };
});
