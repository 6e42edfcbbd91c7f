/**
 * Turns a zod error into the 400 answer: the first issue's message (one of the product's
 * validation messages) as `error`, every issue as `details`.
 */
import type { z } from 'zod';
import type { ApiError } from './error-codes';
import { apiError } from './error-codes';

export function validationErrorBody(error: z.ZodError): ApiError {
  const details = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return apiError('VALIDATION_ERROR', details[0]?.message, details);
}
