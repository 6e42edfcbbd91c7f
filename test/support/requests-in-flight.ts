/**
 * Waits for a page's requests by the requests themselves. Playwright's `networkidle` waits for
 * half a second without a request, whatever the page does; a page whose last answer arrived is
 * done after a short quiet moment (long enough for a request its answer starts, such as a query
 * enabled by another's data).
 */
import type { Page, Request } from 'playwright-core';

/** How long no request may be in flight before the page counts as done. */
const QUIET_MS = 100;
const POLL_MS = 20;
const TIMEOUT_MS = 15_000;

const openRequests = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests from now on; call it before the navigation to wait for. */
export function trackRequests(page: Page): void {
  if (openRequests.has(page)) return;
  const open = new Set<Request>();
  openRequests.set(page, open);
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Resolves once no request of the page has been in flight for QUIET_MS; on a page not tracked,
 * falls back to `networkidle`. Fails after TIMEOUT_MS naming what is still loading.
 */
export async function waitForRequestsDone(page: Page): Promise<void> {
  const open = openRequests.get(page);
  if (!open) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + TIMEOUT_MS;
  let quietSince = Date.now();
  for (;;) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    if (Date.now() > deadline) {
      const urls = [...open].map((request) => request.url());
      throw new Error(`Requests still in flight after ${TIMEOUT_MS} ms: ${urls.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
