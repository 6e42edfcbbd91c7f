import { ApiError } from './api-client';

/**
 * The per-field problems of a refused request (`details: [{ path, message }]`), keyed by path, so a
 * form can show each beside its field. The first message per path wins.
 */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const fields: Record<string, string> = {};
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    fields[path] ??= message;
  }
  return fields;
}

/** Whether a refused request carried this machine code (e.g. `INVALID_CURRENT_PASSWORD`). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}
