import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger per container. Every handler runs Powertools' `injectLambdaContext`
 * middleware with `resetKeys`: each line of an invocation carries its Lambda context (function
 * name, `function_request_id`, cold start), the HTTP stack adds API Gateway's `requestId` and the
 * route, and these keys are cleared when the invocation ends, so no line is ever stamped with
 * another request's id. The level comes from POWERTOOLS_LOG_LEVEL (tests set SILENT).
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'expiry-radar',
});
