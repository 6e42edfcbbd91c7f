/**
 * One message for every way an outbound connection fails (refused, reset, timed out, not TLS, not
 * HTTP): told apart, they would let anyone probe which ports of a host are closed, open, or
 * speaking another protocol. The detail goes to the logs only.
 */
import { logger } from '../platform/logger';

export function couldNotConnect(host: string, cause: unknown): string {
  const error = cause as Partial<NodeJS.ErrnoException> | undefined;
  logger.warn('Outbound connection failed', {
    host,
    code: error?.code,
    detail: error instanceof Error ? error.message : String(cause),
  });
  return `Could not connect to ${host}`;
}
