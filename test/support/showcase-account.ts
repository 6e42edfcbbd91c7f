/**
 * A signed-in account with something on every page, for the tests that look at every page: a Team
 * plan, a long workspace name and a second workspace, a token per category with long names,
 * domains and texts, an invited member with a long address, and ten alerts in the queue and bell.
 */
import type { BrowserContext } from 'playwright-core';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import { controlAuthorization } from '@expiry-radar/functions/local/local-control-server';
import { firstWorkspaceId, registerVerifiedAccount } from './browser-accounts';
import { csrfHeaders } from './csrf';
import { strongPassword, uniqueEmail } from './e2e-helpers';
import type { LocalAppProcess } from './local-app-process';

/** Names and values long enough to find every place that breaks or overflows. */
export const SHOWCASE = {
  workspaceName: 'Client Acme legacy payments and billing infrastructure workspace',
  secondWorkspaceName: 'Production',
  certName: 'legacy-payments-gateway.example.net wildcard certificate',
  longDomain: 'legacy-payments-gateway.internal.example.net',
  keyName: 'Payments provider API key for the nightly settlement export',
  memberEmail: 'a.very.long.address.for.the.new.team.member@subsidiary.example.com',
  /** Expires in this many days: inside the 7-day alert window, so the scan alerts it. */
  alertedInDays: 5,
  /** More tokens inside an alert window, so the bell lists its full ten recent alerts. */
  moreAlerted: 8,
} as const;

export interface ShowcaseAccount {
  readonly email: string;
  readonly password: string;
  readonly workspaceId: string;
}

async function send(
  context: BrowserContext,
  app: LocalAppProcess,
  method: 'POST' | 'PATCH',
  path: string,
  data: unknown,
): Promise<unknown> {
  const response = await context.request.fetch(`${app.appUrl}${path}`, {
    method,
    headers: await csrfHeaders(context.request, app.appUrl),
    data,
  });
  if (!response.ok()) {
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  }
  return response.json();
}

/** Registers the account in `context` (which stays signed in) and fills it; see the module. */
export async function createShowcaseAccount(
  context: BrowserContext,
  app: LocalAppProcess,
): Promise<ShowcaseAccount> {
  const account = { email: uniqueEmail('showcase'), password: strongPassword('showcase') };
  await registerVerifiedAccount(context, app, account);
  const workspaceId = await firstWorkspaceId(context, app);
  const inDays = (days: number) => addCalendarDays(new Date(), days);

  await send(context, app, 'POST', '/api/account/upgrade', { plan: 'team' });
  await send(context, app, 'PATCH', `/api/v1/workspaces/${workspaceId}`, {
    name: SHOWCASE.workspaceName,
  });
  await send(context, app, 'POST', '/api/v1/workspaces', { name: SHOWCASE.secondWorkspaceName });
  const tokens = [
    {
      name: SHOWCASE.certName,
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: inDays(SHOWCASE.alertedInDays),
      domains: `${SHOWCASE.longDomain}, checkout.example.net, api.example.net`,
      issuer: 'Let’s Encrypt R11 intermediate certificate authority',
    },
    { name: 'api.example.com', category: 'cert', type: 'tls_cert', expiresAt: inDays(200) },
    {
      name: SHOWCASE.keyName,
      category: 'key_secret',
      type: 'api_key',
      expiresAt: inDays(45),
      location: 'vault://payments/production/settlement-export/provider-api-key',
      used_by: 'settlement-export-worker, reconciliation-service',
      description: 'Rotated by the payments team; the provider emails a warning two weeks ahead.',
    },
    {
      name: 'Design suite seats for the whole marketing department',
      category: 'license',
      type: 'software_license',
      expiresAt: inDays(400),
      vendor: 'Interactive Creative Software Corporation International',
      license_type: 'Enterprise term license',
    },
    {
      name: 'Office lease insurance certificate',
      category: 'general',
      type: 'document',
      expiresAt: inDays(20),
      location: 'Shared drive / Facilities / Insurance / 2025',
      used_by: 'facilities-and-office-management',
    },
  ];
  for (let n = 1; n <= SHOWCASE.moreAlerted; n += 1) {
    tokens.push({
      name: `Partner portal service account password ${n}`,
      category: 'general',
      type: 'other',
      expiresAt: inDays(n),
    });
  }
  for (const token of tokens) {
    await send(context, app, 'POST', '/api/tokens', { ...token, workspace_id: workspaceId });
  }
  await send(context, app, 'POST', `/api/v1/workspaces/${workspaceId}/members`, {
    email: SHOWCASE.memberEmail,
    role: 'viewer',
  });
  const scan = await fetch(`${app.endpoints.control}/alerts/scan`, {
    method: 'POST',
    headers: controlAuthorization(app.endpoints.controlSecret ?? ''),
  });
  if (!scan.ok) throw new Error(`The alert scan answered ${scan.status}`);
  return { ...account, workspaceId };
}
