import type { UseFormSetError } from 'react-hook-form';
import { errorDetailSchema } from '@expiry-radar/shared/errors/error-codes';
import { ApiError } from '../../lib/api-client';
import type { TokenFormValues } from './token-form-values';
import { EMPTY_TOKEN_FORM } from './token-form-values';

function isFormField(path: string): path is keyof TokenFormValues {
  return Object.hasOwn(EMPTY_TOKEN_FORM, path);
}

/**
 * Shows a refused request's field problems (`details: [{ path, message }]`) at the fields.
 * Returns how many were placed; with none, the caller shows the refusal's message instead.
 */
export function applyServerFieldErrors(
  error: unknown,
  setError: UseFormSetError<TokenFormValues>,
): number {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return 0;
  let placed = 0;
  for (const entry of error.details) {
    const detail = errorDetailSchema.safeParse(entry);
    if (!detail.success) continue;
    const field = detail.data.path.split('.')[0] ?? '';
    if (!isFormField(field)) continue;
    setError(field, { type: 'server', message: detail.data.message });
    placed += 1;
  }
  return placed;
}
