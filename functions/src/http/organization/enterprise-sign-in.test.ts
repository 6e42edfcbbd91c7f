import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { OAuth2Server } from 'oauth2-mock-server';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { registerThroughHandler, TEST_PASSWORD } from '../../../test-support/account-fixtures';
import { mutationEvent } from '../../../test-support/auth-requests';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { emailsTo } from '../../../test-support/sent-emails';
import { givenTwoFactor } from '../../../test-support/two-factor-fixtures';
import { givenWorkspace, routeRequest } from '../../../test-support/workspace-fixtures';
import { auditEventCodec } from '../../data/entities/audit-event';
import { AUDIT_SORT_PREFIX } from '../../data/keys';
import { findMember } from '../../data/member-records';
import { queryAll } from '../../data/table-operations';
import { findUserIdByEmail } from '../../data/user-records';
import { startDnsStandIn, type DnsStandIn } from '../../local/emulators/dns-stand-in';
import { resetConfigForTests } from '../../platform/config';
import { handler as login } from '../auth/login';
import { handler as requestPasswordReset } from '../auth/request-password-reset';
import { handler as ssoCallback } from '../auth/sso-callback';
import { handler as ssoLookup } from '../auth/sso-lookup';
import { handler as ssoSignIn } from '../auth/sso-sign-in';
import { handler as getSession } from '../session/get-session';
import { handler as addDomain } from './add-organization-domain';
import { handler as getSignIn } from './get-organization-sign-in';
import { handler as saveConnection } from './save-sso-connection';
import { handler as verifyDomain } from './verify-organization-domain';

let dns: DnsStandIn;
let provider: OAuth2Server;
/** Claims the provider adds to the next ID tokens it signs. */
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  dns = await startDnsStandIn();
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  process.env.DNS_RESOLVER = dns.resolver;
  // The local provider listens on 127.0.0.1, as `npm start` allows.
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
});

afterAll(async () => {
  delete process.env.DNS_RESOLVER;
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
  await Promise.all([dns.stop(), provider.stop()]);
});

beforeEach(() => {
  claims = {};
});

const uniqueDomain = () => `org-${randomUUID().slice(0, 8)}.example`;

const add = (cookie: string, domain: unknown) =>
  invoke(
    addDomain,
    routeRequest('POST', '/api/organization/domains', { cookie, body: { domain } }),
  );

const verify = (cookie: string, domain: string) =>
  invoke(
    verifyDomain,
    routeRequest('POST', '/api/organization/domains/{domain}/verify', {
      cookie,
      params: { domain },
    }),
  );

const save = (cookie: string, body: Record<string, unknown>) =>
  invoke(saveConnection, routeRequest('PUT', '/api/organization/sso', { cookie, body }));

async function ownerEvents(ownerId: string, action: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${ownerId}`, ':prefix': AUDIT_SORT_PREFIX },
  });
  return items.map((item) => auditEventCodec.fromItem(item)).filter((e) => e.action === action);
}

/** A Team owner with a workspace and a verified domain. */
async function givenOrganization() {
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, name: 'Engineering' });
  const domain = uniqueDomain();
  const added = await add(owner.cookie, domain);
  const { record_name, record_value } = added.json as { record_name: string; record_value: string };
  dns.setTxt(record_name, ['v=spf1 -all', record_value]);
  expect((await verify(owner.cookie, domain)).statusCode).toBe(200);
  return { owner, workspaceId, domain };
}

async function givenConnection(options: { requireSso?: boolean } = {}) {
  const organization = await givenOrganization();
  const saved = await save(organization.owner.cookie, {
    issuer: provider.issuer.url,
    client_id: 'expiry-radar',
    client_secret: 'provider-secret',
    default_workspace_id: organization.workspaceId,
    default_role: 'workspace_manager',
    require_sso: options.requireSso ?? false,
  });
  expect(saved.statusCode).toBe(200);
  return organization;
}

/** The message of a refusal's answer. */
function errorOf(response: { json: unknown }): string {
  return (response.json as { error: string }).error;
}

function cookieOf(response: APIGatewayProxyStructuredResultV2, name: string): string {
  return response.cookies!.find((value) => value.startsWith(`${name}=`))!.split(';')[0]!;
}

/** Like a browser: our redirect, the provider's redirect back, our callback. */
async function signInWithSso(email: string, tamper?: (returned: URL) => void) {
  const started = await invoke(
    ssoSignIn,
    apiGatewayEvent({
      method: 'GET',
      path: '/auth/sso',
      query: `email=${encodeURIComponent(email)}`,
    }),
  );
  expect(started.statusCode).toBe(302);
  const stateCookie = cookieOf(started, 'er_sso_state');
  const authorize = await fetch(started.headers!.location as string, { redirect: 'manual' });
  const returned = new URL(authorize.headers.get('location')!);
  tamper?.(returned);
  return invoke(
    ssoCallback,
    apiGatewayEvent({
      method: 'GET',
      path: '/auth/sso/callback',
      query: returned.search.slice(1),
      cookies: [stateCookie],
    }),
  );
}

describe('organization domains', () => {
  it('are for Team and Enterprise owners', async () => {
    const pro = await givenSignedInUser({ plan: 'pro' });
    const response = await add(pro.cookie, uniqueDomain());
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toContain('Team and Enterprise');
  });

  it('refuse what is not an email domain with a clear message', async () => {
    const owner = await givenSignedInUser({ plan: 'team' });
    for (const domain of ['alice@example.com', '*.example.com', 'localhost', '10.0.0.1']) {
      const response = await add(owner.cookie, domain);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toContain('email domain');
    }
  });

  it('verify through the DNS TXT token, and one organization holds a domain', async () => {
    const owner = await givenSignedInUser({ plan: 'enterprise' });
    const rival = await givenSignedInUser({ plan: 'team' });
    const domain = uniqueDomain();
    const added = await add(owner.cookie, domain.toUpperCase());
    expect(added.statusCode).toBe(201);
    const record = added.json as { record_name: string; record_value: string; status: string };
    expect(record).toMatchObject({
      status: 'pending',
      record_name: `_expiry-radar-verification.${domain}`,
    });
    expect(record.record_value).toMatch(/^expiry-radar-verification=[\w-]{24}$/);
    // The rival adds it too while nobody has verified it.
    expect((await add(rival.cookie, domain)).statusCode).toBe(201);

    const early = await verify(owner.cookie, domain);
    expect(early.statusCode).toBe(400);
    expect(errorOf(early)).toContain('No TXT record found');

    dns.setTxt(record.record_name, ['expiry-radar-verification=someone-elses-token']);
    const wrong = await verify(owner.cookie, domain);
    expect(errorOf(wrong)).toContain("do not hold this domain's token");

    dns.setTxt(record.record_name, [record.record_value]);
    const verified = await verify(owner.cookie, domain);
    expect(verified.statusCode).toBe(200);
    expect(verified.json).toMatchObject({ status: 'verified', last_check_error: null });
    expect(await ownerEvents(owner.userId, 'organization.domain_verified')).toHaveLength(1);
    const listed = await invoke(
      getSignIn,
      routeRequest('GET', '/api/organization/sign-in', { cookie: owner.cookie }),
    );
    expect(listed.json).toMatchObject({ allowed: true, domains: [{ domain, status: 'verified' }] });

    // The rival publishes its own token: the domain is taken all the same.
    const rivalRecord = (
      await invoke(
        getSignIn,
        routeRequest('GET', '/api/organization/sign-in', { cookie: rival.cookie }),
      )
    ).json as { domains: Array<{ record_value: string }> };
    dns.setTxt(record.record_name, [record.record_value, rivalRecord.domains[0]!.record_value]);
    const taken = await verify(rival.cookie, domain);
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken)).toContain('Another organization has already verified this domain');
    const third = await add((await givenSignedInUser({ plan: 'team' })).cookie, domain);
    expect(third.statusCode).toBe(409);
    expect(errorOf(third)).toContain('Another organization');
  });
});

describe('the SSO connection', () => {
  it('is saved only once its issuer answers discovery, for a workspace the owner owns', async () => {
    const { owner, workspaceId } = await givenOrganization();
    const base = {
      issuer: provider.issuer.url,
      client_id: 'expiry-radar',
      client_secret: 'provider-secret',
      default_workspace_id: workspaceId,
    };
    const unreachable = await save(owner.cookie, { ...base, issuer: 'http://127.0.0.1:9/' });
    expect(unreachable.statusCode).toBe(400);
    expect(errorOf(unreachable)).toContain('OpenID configuration could not be read');
    const notHttps = await save(owner.cookie, { ...base, issuer: 'http://idp.example.com' });
    expect(notHttps.statusCode).toBe(400);
    const elsewhere = await save(owner.cookie, { ...base, default_workspace_id: randomUUID() });
    expect(elsewhere.json).toMatchObject({
      error: 'The default workspace must be one of the workspaces you own.',
    });

    const saved = await save(owner.cookie, base);
    expect(saved.json).toMatchObject({
      issuer: provider.issuer.url,
      has_client_secret: true,
      default_role: 'viewer',
      require_sso: false,
    });
    expect(JSON.stringify(saved.json)).not.toContain('provider-secret');
    // Without a secret the stored one stays.
    const { client_secret: _secret, ...withoutSecret } = base;
    expect((await save(owner.cookie, { ...withoutSecret, require_sso: true })).statusCode).toBe(
      200,
    );
    const events = await ownerEvents(owner.userId, 'organization.sso_connection_saved');
    expect(events.map((event) => event.metadata?.requireSso).sort()).toEqual([false, true]);
  });
});

describe('SSO sign-in', () => {
  it('creates a verified account in the default workspace with its role, then signs it in', async () => {
    const { domain, workspaceId } = await givenConnection();
    const email = `grace-${randomUUID().slice(0, 6)}@${domain}`;
    const lookup = await invoke(
      ssoLookup,
      mutationEvent({ method: 'POST', path: '/auth/sso/lookup', body: { email } }),
    );
    expect(lookup.json).toEqual({
      sso: true,
      required: false,
      sign_in_url: `/auth/sso?email=${encodeURIComponent(email)}`,
    });

    claims = { sub: randomUUID(), email, name: 'Grace Hopper' };
    const response = await signInWithSso(email);
    expect(response.headers?.location).toBe('/dashboard?new_user=true');
    const session = await invoke(
      getSession,
      apiGatewayEvent({
        method: 'GET',
        path: '/api/session',
        cookies: [cookieOf(response, 'er_session')],
      }),
    );
    expect(session.json).toMatchObject({
      loggedIn: true,
      needsVerification: false,
      user: { email },
    });
    const userId = (await findUserIdByEmail(email))!;
    expect(await findMember(workspaceId, userId)).toMatchObject({ role: 'workspace_manager' });

    const again = await signInWithSso(email);
    expect(again.headers?.location).toBe('/dashboard');
  });

  it.each([
    ['a wrong nonce', () => (claims = { nonce: 'forged-nonce' }), undefined],
    ['a wrong issuer', () => (claims = { iss: 'https://attacker.example' }), undefined],
    ['a wrong state', () => undefined, (url: URL) => url.searchParams.set('state', 'forged-state')],
  ])('refuses %s: audited, nothing changed', async (_case, setClaims, tamper) => {
    const { owner, domain } = await givenConnection();
    const email = `eve-${randomUUID().slice(0, 6)}@${domain}`;
    setClaims();
    claims = { sub: randomUUID(), email, ...claims };
    const response = await signInWithSso(email, tamper);
    expect(response.headers?.location).toBe('/login?error=sso_sign_in_failed');
    expect(response.cookies?.some((cookie) => cookie.startsWith('er_session='))).toBe(false);
    expect(await findUserIdByEmail(email)).toBeUndefined();
    const refused = await ownerEvents(owner.userId, 'auth.sso_sign_in_refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.metadata).toMatchObject({ email });
  });

  it('links the account to the provider subject: a changed address keeps it, another subject is refused', async () => {
    const { owner, domain } = await givenConnection();
    const email = `linus-${randomUUID().slice(0, 6)}@${domain}`;
    const subject = randomUUID();
    claims = { sub: subject, email };
    const first = await signInWithSso(email);
    expect(first.headers?.location).toBe('/dashboard?new_user=true');
    const userId = await findUserIdByEmail(email);

    const renamed = `linus.t-${randomUUID().slice(0, 6)}@${domain}`;
    claims = { sub: subject, email: renamed };
    const again = await signInWithSso(renamed);
    expect(again.headers?.location).toBe('/dashboard');
    expect(await findUserIdByEmail(renamed)).toBeUndefined();
    const session = await invoke(
      getSession,
      apiGatewayEvent({
        method: 'GET',
        path: '/api/session',
        cookies: [cookieOf(again, 'er_session')],
      }),
    );
    expect(session.json).toMatchObject({ user: { id: userId, email } });

    // The address passed to someone else at the provider: not into the first person's account.
    claims = { sub: randomUUID(), email };
    const other = await signInWithSso(email);
    expect(other.headers?.location).toBe('/login?error=sso_account_linked_elsewhere');
    const refused = await ownerEvents(owner.userId, 'auth.sso_sign_in_refused');
    expect(refused.map((event) => String(event.metadata?.reason))).toEqual([
      `address_linked_to_another_subject: ${email}`,
    ]);
  });

  it('asks an account with two-factor on for its code unless the ID token says MFA was used', async () => {
    const { domain } = await givenConnection();
    const email = `kay-${randomUUID().slice(0, 6)}@${domain}`;
    claims = { sub: randomUUID(), email };
    const first = await signInWithSso(email);
    await givenTwoFactor(cookieOf(first, 'er_session'));

    claims = { ...claims, amr: ['pwd'] };
    expect((await signInWithSso(email)).headers?.location).toBe('/login/two-factor');
    claims = { ...claims, amr: ['pwd', 'mfa'] };
    const exempt = await signInWithSso(email);
    expect(exempt.headers?.location).toBe('/dashboard');
    expect(exempt.cookies?.some((cookie) => cookie.startsWith('er_session='))).toBe(true);
  });

  it('refuses an address outside the verified domains', async () => {
    const { domain } = await givenConnection();
    claims = { sub: randomUUID(), email: `mallory@not-${domain}` };
    const response = await signInWithSso(`mallory@${domain}`);
    expect(response.headers?.location).toBe('/login?error=sso_address_outside_domains');
    expect(await findUserIdByEmail(`mallory@not-${domain}`)).toBeUndefined();
  });
});

describe('Require SSO', () => {
  it('turns off passwords and reset emails for the domain, and the lookup says so', async () => {
    const { domain } = await givenConnection({ requireSso: true });
    const email = `ada-${randomUUID().slice(0, 6)}@${domain}`;
    await registerThroughHandler(email);
    const signIn = await invoke(
      login,
      mutationEvent({
        method: 'POST',
        path: '/auth/login',
        body: { email, password: TEST_PASSWORD },
      }),
    );
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json).toMatchObject({
      code: 'SSO_REQUIRED',
      error:
        'Your organization signs in with single sign-on. Use "Continue with SSO" with this address.',
    });
    const sentBefore = (await emailsTo(email)).length;
    const reset = await invoke(
      requestPasswordReset,
      mutationEvent({ method: 'POST', path: '/auth/reset-password/request', body: { email } }),
    );
    expect(reset.statusCode).toBe(200);
    expect(await emailsTo(email)).toHaveLength(sentBefore);

    const lookup = await invoke(
      ssoLookup,
      mutationEvent({ method: 'POST', path: '/auth/sso/lookup', body: { email } }),
    );
    expect(lookup.json).toMatchObject({ sso: true, required: true });
  });
});
