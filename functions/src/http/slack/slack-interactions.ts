import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createHttpHandler } from '../pipeline/create-http-handler';
import type { HttpLambdaHandler } from '../pipeline/http-types';
import { handleSlackInteraction } from '../../services/slack/slack-interactions';
import { slackAppRoutes } from '@expiry-radar/shared/api/routes/slack-app-routes';

/** Each request's raw body, read before the pipeline: the signature covers its exact bytes. */
const rawBodies = new WeakMap<APIGatewayProxyEventV2, string>();

const route = createHttpHandler(
  slackAppRoutes.slackInteractions,
  async ({ event, now }) => {
    await handleSlackInteraction({
      rawBody: rawBodies.get(event) ?? '',
      timestamp: event.headers['x-slack-request-timestamp'],
      signature: event.headers['x-slack-signature'],
      now,
    });
    return { body: {} };
  },
  { skipCsrf: true },
);

/**
 * `POST /api/slack/interactions`: Slack's interaction requests, form-encoded (`payload=<JSON>`).
 * Public and without CSRF (Slack is no browser); `X-Slack-Signature` must sign the raw body, which
 * is taken off the event here so that the pipeline, which reads JSON, sees no body. A body of
 * another type goes on as it came and is refused by the pipeline (415).
 */
export const handler: HttpLambdaHandler = (event, context) => {
  const type = event.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return route(event, context);
  const rawBody = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  const forwarded: APIGatewayProxyEventV2 = {
    ...event,
    headers: { ...event.headers, 'content-type': 'application/json' },
    body: undefined,
    isBase64Encoded: false,
  };
  rawBodies.set(forwarded, rawBody);
  return route(forwarded, context);
};
