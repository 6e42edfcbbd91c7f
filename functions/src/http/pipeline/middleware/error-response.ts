import { apiError } from '@expiry-radar/shared/errors/error-codes';
import { AppError } from '../../../platform/app-error';
import type { HttpMiddleware } from '../http-types';
import { jsonResponse } from '../json-response';
import { logger } from '../../../platform/logger';
import { countWithDimension, METRIC_NAMES } from '../../../platform/metrics';

/**
 * The one place errors become HTTP answers: an AppError keeps its status, code and message;
 * anything else is logged with its stack and answered as a 500 without internals. Plan-limit
 * refusals are also counted per route (PlanLimitRefusals), the signal of customers outgrowing
 * their plan.
 */
export function errorResponse(): HttpMiddleware {
  return {
    onError: (request) => {
      const { error } = request;
      if (error instanceof AppError) {
        if (error.status >= 500) logger.error('Request failed', { error });
        else logger.info('Request refused', { status: error.status, code: error.code });
        if (error.code === 'PLAN_LIMIT') {
          countWithDimension(METRIC_NAMES.planLimitRefusals, 'route', request.event.routeKey);
        }
        request.response = jsonResponse(
          error.status,
          apiError(error.code, error.message, error.details ? [...error.details] : undefined),
          { headers: error.headers },
        );
        return;
      }
      logger.error('Unexpected error', { error: error ?? undefined });
      request.response = jsonResponse(500, apiError('INTERNAL'));
    },
  };
}
