/**
 * The one error type handlers and use cases throw on purpose. The HTTP stack turns it into
 * `{ error, code, details? }` with its status; anything else is a 500 and is logged.
 */
export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: readonly ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: readonly ErrorDetail[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);

export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);

export const forbidden = (message = "Access denied. You don't have permission for this action.") =>
  new AppError(403, 'FORBIDDEN', message);

export const invalidCsrfToken = () =>
  new AppError(403, 'EBADCSRFTOKEN', 'Invalid or missing CSRF token');

export const notFound = (message = 'Resource not found.') =>
  new AppError(404, 'NOT_FOUND', message);
