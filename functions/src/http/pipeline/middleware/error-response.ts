import { apiError } from '@expiry-radar/shared/errors/error-codes';
import { AppError, RateLimitedError } from '../../../platform/app-error';
import type { HttpMiddleware } from '../http-types';
import { jsonResponse } from '../json-response';
import { logger } from '../../../platform/logger';

/**
 * The one place errors become HTTP answers: an AppError keeps its status, code and message;
 * anything else is logged with its stack and answered as a 500 without internals.
 */
export function errorResponse(): HttpMiddleware {
  return {
    onError: (request) => {
      const { error } = request;
      if (error instanceof AppError) {
        if (error.status >= 500) logger.error('Request failed', { error });
        else logger.info('Request refused', { status: error.status, code: error.code });
        request.response = jsonResponse(
          error.status,
          apiError(error.code, error.message, error.details ? [...error.details] : undefined),
          error instanceof RateLimitedError
            ? { headers: { 'retry-after': String(error.retryAfterSeconds) } }
            : {},
        );
        return;
      }
      logger.error('Unexpected error', { error: error ?? undefined });
      request.response = jsonResponse(500, apiError('INTERNAL'));
    },
  };
}
