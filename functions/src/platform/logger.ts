import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger per container; the HTTP stack adds the request id per invocation.
 * The level comes from POWERTOOLS_LOG_LEVEL (tests set SILENT).
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'expiry-radar',
});
