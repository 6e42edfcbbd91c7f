/**
 * The one error type handlers and use cases throw on purpose. Its code (from the shared error
 * catalogue) fixes the HTTP status; the HTTP stack answers `{ error, code, details? }`.
 * Anything else thrown is a 500 and is logged.
 */
import type { z } from 'zod';
import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorDetail,
} from '@expiry-radar/shared/errors/error-codes';
import { retryAfterDetail } from '@expiry-radar/shared/errors/retry-after';
import { validationErrorBody } from '@expiry-radar/shared/errors/validation-error';

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly details?: readonly ErrorDetail[],
    /** Headers of the error answer, e.g. Retry-After. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }

  /** A 400 whose message is the first issue's (one of the product's validation messages). */
  static fromZodError(error: z.ZodError): AppError {
    const body = validationErrorBody(error);
    return new AppError('VALIDATION_ERROR', body.error, body.details);
  }
}

export const badRequest = (message: string, details?: readonly ErrorDetail[]) =>
  new AppError('VALIDATION_ERROR', message, details);

/**
 * A 429 that says when to try again: the HTTP stack sends the seconds as `Retry-After`, and
 * `details` carries them for the web (shared/errors/retry-after).
 */
export class RateLimitedError extends AppError {
  /** Whole seconds, at least 1. */
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message?: string) {
    const detail = retryAfterDetail(retryAfterSeconds);
    super('RATE_LIMITED', message, [detail], { 'retry-after': detail.message });
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = Number(detail.message);
  }
}

/** 429 RATE_LIMITED with the catalogue message, saying when to try again. */
export const rateLimited = (retryAfterSeconds: number) => new RateLimitedError(retryAfterSeconds);
