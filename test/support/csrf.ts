/** The CSRF header the web client sends on writes, for tests that call the API directly. */
import type { APIRequestContext } from 'playwright-core';

export const CSRF_HEADER = 'X-CSRF-Token';

/** A fresh CSRF token of the request context's session, as the header to send with a write. */
export async function csrfHeaders(
  request: APIRequestContext,
  appUrl: string,
): Promise<Record<string, string>> {
  const response = await request.get(`${appUrl}/api/csrf-token`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { [CSRF_HEADER]: csrfToken };
}
