/** Accounts made through a browser context's own request API, so the context holds the session. */
import type { BrowserContext } from 'playwright-core';
import { csrfHeaders } from './csrf';
import type { LocalAppProcess } from './local-app-process';
import { linkInEmail, waitForEmail } from './ses-inbox';

export interface TestAccount {
  readonly email: string;
  readonly password: string;
}

/**
 * Registers `account`, verifies it through the link of its email and signs in, the way the web
 * app does (CSRF token first); afterwards `context` is signed in with a verified session.
 */
export async function registerVerifiedAccount(
  context: BrowserContext,
  app: LocalAppProcess,
  account: TestAccount,
): Promise<void> {
  const registered = await context.request.post(`${app.appUrl}/auth/register`, {
    headers: await csrfHeaders(context.request, app.appUrl),
    data: { email: account.email, password: account.password },
  });
  if (registered.status() !== 202) {
    throw new Error(`Register answered ${registered.status()}: ${await registered.text()}`);
  }
  const email = await waitForEmail(app.endpoints.ses!, {
    to: account.email,
    subject: /^Verify your email address/,
  });
  const verified = await context.request.get(linkInEmail(email, '/auth/verify-email').href, {
    maxRedirects: 0,
  });
  const location = verified.headers()['location'] ?? '';
  if (!location.startsWith('/dashboard')) {
    throw new Error(`The verification link redirected to "${location}"`);
  }
  // Registering starts no session: the verified user signs in.
  const signedIn = await context.request.post(`${app.appUrl}/auth/login`, {
    headers: await csrfHeaders(context.request, app.appUrl),
    data: { email: account.email, password: account.password },
  });
  if (signedIn.status() !== 200) {
    throw new Error(`Sign-in answered ${signedIn.status()}: ${await signedIn.text()}`);
  }
}

/** The id of the first workspace of the context's user: a new account's own workspace. */
export async function firstWorkspaceId(
  context: BrowserContext,
  app: LocalAppProcess,
): Promise<string> {
  const workspaces = await context.request.get(`${app.appUrl}/api/v1/workspaces`);
  const { items } = (await workspaces.json()) as { items: Array<{ id: string }> };
  return items[0]!.id;
}

/**
 * Accepts, as the context's signed-in (verified) user, the pending invitation to `workspaceId`:
 * an invited address becomes a member only when its owner accepts.
 */
export async function acceptInvitationTo(
  context: BrowserContext,
  app: LocalAppProcess,
  workspaceId: string,
): Promise<void> {
  const listed = await context.request.get(`${app.appUrl}/api/invitations`);
  const { items } = (await listed.json()) as { items: { id: string; workspace_id: string }[] };
  const invitation = items.find((item) => item.workspace_id === workspaceId);
  if (!invitation) throw new Error(`No invitation to ${workspaceId}: ${JSON.stringify(items)}`);
  const accepted = await context.request.post(
    `${app.appUrl}/api/invitations/${encodeURIComponent(invitation.id)}/accept`,
    { headers: await csrfHeaders(context.request, app.appUrl) },
  );
  if (!accepted.ok()) throw new Error(`Accept: ${accepted.status()} ${await accepted.text()}`);
}
