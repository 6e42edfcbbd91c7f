import '../../../../test-support/log-at-info';
import { apiGatewayEvent } from '../../../../test-support/api-gateway-event';
import { lambdaContext } from '../../../local/lambda-http-adapter';
import { AppError } from '../../../platform/app-error';
import { logger } from '../../../platform/logger';
import { createHttpHandler } from '../create-http-handler';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';

/** The JSON lines the logger writes while `run` runs. */
async function captureLogs(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request ids in the logs', () => {
  it("stamps each invocation's lines with its own request ids, cleared when it ends", async () => {
    const handler = createHttpHandler(platformRoutes.getSession, () => {
      logger.info('inside the route');
      return { body: {} };
    });
    const events = [1, 2, 3].map(() => apiGatewayEvent({ method: 'GET', path: '/api/session' }));
    const lines = await captureLogs(async () => {
      for (const [index, event] of events.entries()) {
        await handler(event, lambdaContext('get-session', `lambda-request-${index}`));
      }
      logger.info('between invocations');
    });

    const inside = lines.filter((line) => line.message === 'inside the route');
    expect(inside).toHaveLength(3);
    inside.forEach((line, index) => {
      expect(line).toMatchObject({
        requestId: events[index]!.requestContext.requestId,
        route: 'GET /api/session',
        function_request_id: `lambda-request-${index}`,
        function_name: 'get-session',
      });
    });
    expect(new Set(inside.map((line) => line.requestId)).size).toBe(3);
    const between = lines.find((line) => line.message === 'between invocations');
    expect(between).toBeDefined();
    expect(between).not.toHaveProperty('requestId');
    expect(between).not.toHaveProperty('route');
  });

  it('logs a refused request with its ids, then clears them', async () => {
    const handler = createHttpHandler(platformRoutes.getSession, () => {
      throw new AppError('FORBIDDEN');
    });
    const event = apiGatewayEvent({ method: 'GET', path: '/api/session' });
    const lines = await captureLogs(async () => {
      await handler(event, lambdaContext('get-session', 'lambda-request-refused'));
      logger.info('after the refusal');
    });
    expect(lines.find((line) => line.message === 'Request refused')).toMatchObject({
      requestId: event.requestContext.requestId,
      function_request_id: 'lambda-request-refused',
      code: 'FORBIDDEN',
    });
    expect(lines.find((line) => line.message === 'after the refusal')).not.toHaveProperty(
      'requestId',
    );
  });
});
