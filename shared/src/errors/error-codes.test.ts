import * as z from 'zod';
import { ERROR_CODES, ERROR_CODE_LIST, apiError, apiErrorSchema } from './error-codes';
import { validationErrorBody } from './validation-error';

describe('error codes', () => {
  it('has a status and message for each code', () => {
    expect(ERROR_CODE_LIST).toEqual([
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'INVALID_CREDENTIALS',
      'INVALID_CURRENT_PASSWORD',
      'INVALID_LINK',
      'FORBIDDEN',
      'EBADCSRFTOKEN',
      'EMAIL_NOT_VERIFIED',
      'REAUTHENTICATION_REQUIRED',
      'TWO_FACTOR_REQUIRED',
      'INVALID_TWO_FACTOR_CODE',
      'TWO_FACTOR_SIGN_IN_EXPIRED',
      'SSO_REQUIRED',
      'NOT_FOUND',
      'METHOD_NOT_ALLOWED',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'CONFLICT',
      'PRECONDITION_FAILED',
      'EMAIL_TAKEN',
      'PLAN_LIMIT',
      'WORKSPACE_FROZEN',
      'RATE_LIMITED',
      'WEBHOOK_BLOCKED',
      'WEBHOOK_UNREACHABLE',
      'WEBHOOK_TIMEOUT',
      'WEBHOOK_REJECTED',
      'INTERNAL',
    ]);
    expect(Object.fromEntries(ERROR_CODE_LIST.map((c) => [c, ERROR_CODES[c].status]))).toEqual({
      VALIDATION_ERROR: 400,
      UNAUTHORIZED: 401,
      INVALID_CREDENTIALS: 401,
      INVALID_CURRENT_PASSWORD: 400,
      INVALID_LINK: 400,
      FORBIDDEN: 403,
      EBADCSRFTOKEN: 403,
      EMAIL_NOT_VERIFIED: 403,
      TWO_FACTOR_REQUIRED: 403,
      INVALID_TWO_FACTOR_CODE: 400,
      TWO_FACTOR_SIGN_IN_EXPIRED: 401,
      SSO_REQUIRED: 403,
      REAUTHENTICATION_REQUIRED: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      CONFLICT: 409,
      PRECONDITION_FAILED: 412,
      EMAIL_TAKEN: 409,
      PLAN_LIMIT: 409,
      WORKSPACE_FROZEN: 403,
      RATE_LIMITED: 429,
      WEBHOOK_BLOCKED: 400,
      WEBHOOK_UNREACHABLE: 400,
      WEBHOOK_TIMEOUT: 400,
      WEBHOOK_REJECTED: 400,
      INTERNAL: 500,
    });
  });

  it('builds error bodies', () => {
    expect(apiError('NOT_FOUND')).toEqual({ error: 'Resource not found.', code: 'NOT_FOUND' });
    const body = apiError('VALIDATION_ERROR', 'Name is required', [
      { path: 'name', message: 'Name is required' },
    ]);
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(apiError('FORBIDDEN', undefined, [])).not.toHaveProperty('details');
  });

  it('turns a zod error into a 400 body with the first message', () => {
    const result = z
      .object({ name: z.string().min(1, 'Name is required'), n: z.number('Bad n') })
      .safeParse({ name: '' });
    expect(result.success).toBe(false);
    expect(validationErrorBody(result.error!)).toEqual({
      error: 'Name is required',
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'name', message: 'Name is required' },
        { path: 'n', message: 'Bad n' },
      ],
    });
  });
});
