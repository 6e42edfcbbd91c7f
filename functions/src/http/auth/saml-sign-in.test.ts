/**
 * SAML 2.0 sign-in against the local SAML IdP stand-in (its assertions signed by its test key):
 * the connection saved from IdP metadata, SP-initiated sign-in through the assertion consumer
 * service, accounts linked by NameID, the two-factor rule, and every bad response refused,
 * audited and changing nothing.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { givenTwoFactor } from '../../../test-support/two-factor-fixtures';
import { givenWorkspace, routeRequest } from '../../../test-support/workspace-fixtures';
import { samlServiceProvider } from '../../adapters/saml-service-provider';
import { auditEventCodec } from '../../data/entities/audit-event';
import { AUDIT_SORT_PREFIX } from '../../data/keys';
import { findMember } from '../../data/member-records';
import { queryAll } from '../../data/table-operations';
import { findUserById, findUserIdByEmail } from '../../data/user-records';
import { startDnsStandIn, type DnsStandIn } from '../../local/emulators/dns-stand-in';
import {
  startSamlIdpStandIn,
  type SamlIdpStandIn,
  type SamlIdpUser,
  type SamlResponseOptions,
} from '../../local/emulators/saml-idp-stand-in';
import { resetConfigForTests } from '../../platform/config';
import { handler as addDomain } from '../organization/add-organization-domain';
import { handler as saveConnection } from '../organization/save-sso-connection';
import { handler as verifyDomain } from '../organization/verify-organization-domain';
import { handler as samlAcs } from './saml-acs';
import { handler as samlMetadata } from './saml-metadata';
import { handler as ssoSignIn } from './sso-sign-in';

let dns: DnsStandIn;
let idp: SamlIdpStandIn;

beforeAll(async () => {
  [dns, idp] = await Promise.all([startDnsStandIn(), startSamlIdpStandIn()]);
  process.env.DNS_RESOLVER = dns.resolver;
  // The IdP's metadata URL is on 127.0.0.1, as `npm start` allows.
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
});

afterAll(async () => {
  delete process.env.DNS_RESOLVER;
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
  await Promise.all([dns.stop(), idp.stop()]);
});

const save = (cookie: string, body: Record<string, unknown>) =>
  invoke(saveConnection, routeRequest('PUT', '/api/organization/sso', { cookie, body }));

async function ownerEvents(ownerId: string, action: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${ownerId}`, ':prefix': AUDIT_SORT_PREFIX },
  });
  return items.map((item) => auditEventCodec.fromItem(item)).filter((e) => e.action === action);
}

/** A Team owner with a workspace, a verified domain and a SAML connection from the IdP's XML. */
async function givenSamlConnection(settings: Record<string, unknown> = {}) {
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, name: 'Engineering' });
  const domain = `saml-${randomUUID().slice(0, 8)}.example`;
  const added = await invoke(
    addDomain,
    routeRequest('POST', '/api/organization/domains', { cookie: owner.cookie, body: { domain } }),
  );
  const { record_name, record_value } = added.json as { record_name: string; record_value: string };
  dns.setTxt(record_name, [record_value]);
  const verified = await invoke(
    verifyDomain,
    routeRequest('POST', '/api/organization/domains/{domain}/verify', {
      cookie: owner.cookie,
      params: { domain },
    }),
  );
  expect(verified.statusCode).toBe(200);
  const saved = await save(owner.cookie, {
    protocol: 'saml',
    metadata_xml: idp.metadataXml,
    default_workspace_id: workspaceId,
    default_role: 'workspace_manager',
    ...settings,
  });
  expect(saved.json).toMatchObject({ protocol: 'saml' });
  return { owner, workspaceId, domain };
}

function cookieOf(response: APIGatewayProxyStructuredResultV2, name: string) {
  return response.cookies?.find((value) => value.startsWith(`${name}=`))?.split(';')[0];
}

/** Our redirect to the IdP: the AuthnRequest's id (as the IdP's page reads it) and RelayState. */
async function startSignIn(email: string) {
  const started = await invoke(
    ssoSignIn,
    apiGatewayEvent({
      method: 'GET',
      path: '/auth/sso',
      query: `email=${encodeURIComponent(email)}`,
    }),
  );
  expect(started.statusCode).toBe(302);
  const location = new URL(started.headers!.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(`${idp.url}/sso`);
  const picker = await (await fetch(location)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(picker)?.[1];
  expect(requestId).toBeDefined();
  const relayState = location.searchParams.get('RelayState')!;
  const stateCookie = started.cookies?.find((cookie) => cookie.startsWith('er_saml_state='));
  expect(stateCookie).toContain('SameSite=None');
  expect(stateCookie).toContain('Secure');
  return { requestId: requestId!, relayState, browserCookie: stateCookie!.split(';')[0]! };
}

/** The IdP's form post, from the browser holding `browserCookie` (none: another browser). */
const postToAcs = (samlResponse: string, relayState: string, browserCookie?: string) =>
  invoke(
    samlAcs,
    apiGatewayEvent({
      method: 'POST',
      path: '/auth/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: browserCookie ? [browserCookie] : undefined,
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
    }),
  );

/** Our AuthnRequest and the IdP's signed answer to it, not posted yet. */
async function answeredSignIn(user: SamlIdpUser, changes: Partial<SamlResponseOptions> = {}) {
  const { requestId, relayState, browserCookie } = await startSignIn(user.email);
  const sp = await samlServiceProvider();
  const samlResponse = idp.signedResponse({
    user,
    inResponseTo: requestId,
    acsUrl: sp.acsUrl,
    audience: sp.entityId,
    ...changes,
  });
  return { samlResponse, relayState, browserCookie };
}

/** The whole SP-initiated round: our AuthnRequest, the IdP's response, our ACS. */
async function signInWithSaml(user: SamlIdpUser, changes: Partial<SamlResponseOptions> = {}) {
  const answered = await answeredSignIn(user, changes);
  const { samlResponse, relayState, browserCookie } = answered;
  return { response: await postToAcs(samlResponse, relayState, browserCookie), ...answered };
}

describe('the SAML connection', () => {
  it('is saved from the IdP metadata, uploaded or by URL, and refuses metadata it cannot use', async () => {
    const { owner, workspaceId } = await givenSamlConnection();
    const base = { protocol: 'saml', default_workspace_id: workspaceId };
    const byUrl = await save(owner.cookie, { ...base, metadata_url: idp.metadataUrl });
    expect(byUrl.json).toMatchObject({
      protocol: 'saml',
      issuer: idp.entityId,
      saml: { metadata_url: idp.metadataUrl, sso_url: `${idp.url}/sso`, certificates: 1 },
      provider_enforces_mfa: false,
    });
    const notXml = await save(owner.cookie, { ...base, metadata_xml: 'not <xml' });
    expect(notXml.statusCode).toBe(400);
    expect((notXml.json as { error: string }).error).toBe('The IdP metadata is not valid XML.');
    const unreachable = await save(owner.cookie, { ...base, metadata_url: 'http://127.0.0.1:9/' });
    expect((unreachable.json as { error: string }).error).toContain('could not be reached');
    const events = await ownerEvents(owner.userId, 'organization.sso_connection_saved');
    expect(events.map((event) => event.metadata?.metadataUrl)).toContain(idp.metadataUrl);
  });

  it('has SP metadata to download: entity id, ACS URL and signed assertions', async () => {
    const response = await invoke(
      samlMetadata,
      apiGatewayEvent({ method: 'GET', path: '/auth/saml/metadata' }),
    );
    const sp = await samlServiceProvider();
    expect(response.headers?.['content-type']).toContain('application/samlmetadata+xml');
    expect(response.body).toContain(`entityID="${sp.entityId}"`);
    expect(response.body).toContain(`Location="${sp.acsUrl}"`);
    expect(response.body).toContain('WantAssertionsSigned="true"');
  });
});

describe('SAML sign-in', () => {
  let sharedOrganization: ReturnType<typeof givenSamlConnection> | undefined;

  it('creates the account just in time, then links it by NameID through an address change', async () => {
    const { domain, workspaceId } = await givenSamlConnection();
    const user = { email: `ada-${randomUUID().slice(0, 6)}@${domain}`, nameId: randomUUID() };
    const { response } = await signInWithSaml(user);
    expect(response.headers?.location).toBe('/dashboard?new_user=true');
    expect(cookieOf(response, 'er_session')).toBeDefined();
    const userId = (await findUserIdByEmail(user.email))!;
    expect(await findMember(workspaceId, userId)).toMatchObject({ role: 'workspace_manager' });

    // The provider changes the address: the same NameID signs in to the same account.
    const renamed = { ...user, email: `ada.lovelace-${randomUUID().slice(0, 6)}@${domain}` };
    const again = await signInWithSaml(renamed);
    expect(again.response.headers?.location).toBe('/dashboard');
    expect(await findUserIdByEmail(renamed.email)).toBeUndefined();
    expect((await findUserById(userId))?.email).toBe(user.email);
  });

  it('asks for the product’s own code unless the connection says the provider enforces MFA', async () => {
    const { owner, domain, workspaceId } = await givenSamlConnection();
    const user = { email: `alan-${randomUUID().slice(0, 6)}@${domain}`, nameId: randomUUID() };
    const first = await signInWithSaml(user);
    await givenTwoFactor(cookieOf(first.response, 'er_session')!);

    const asked = await signInWithSaml(user);
    expect(asked.response.headers?.location).toBe('/login/two-factor');
    expect(cookieOf(asked.response, 'er_session')).toBeUndefined();

    const mfa = {
      protocol: 'saml',
      default_workspace_id: workspaceId,
      default_role: 'workspace_manager',
    };
    await save(owner.cookie, { ...mfa, provider_enforces_mfa: true });
    const exempt = await signInWithSaml(user);
    expect(exempt.response.headers?.location).toBe('/dashboard');
    expect(cookieOf(exempt.response, 'er_session')).toBeDefined();
  });

  it.each<[string, Partial<SamlResponseOptions>, string]>([
    ['an unsigned response', { sign: 'none' }, 'signature_invalid'],
    ['a response signed by another key', { foreignKey: true }, 'signature_invalid'],
    [
      'a signed response without a signed assertion',
      { sign: 'response-only' },
      'signature_invalid',
    ],
    [
      'an expired response',
      { issuedAt: new Date(Date.now() - 30 * 60_000), validForMs: 5 * 60_000 },
      'outside_time_window',
    ],
    [
      'a response for another audience',
      { audience: 'https://other.example/sp' },
      'audience_mismatch',
    ],
    [
      'a response for another recipient',
      { recipient: 'https://other.example/acs' },
      'recipient_mismatch',
    ],
    ['a response to another request', { inResponseTo: '_forged' }, 'in_response_to_mismatch'],
  ])('refuses %s: audited, nothing changed', async (_case, changes, reason) => {
    // One organization for these cases: each refusal is told apart by its address.
    sharedOrganization ??= givenSamlConnection();
    const { owner, domain } = await sharedOrganization;
    const user = { email: `eve-${randomUUID().slice(0, 6)}@${domain}` };
    const { response } = await signInWithSaml(user, changes);
    expect(response.headers?.location).toBe('/login?error=sso_sign_in_failed');
    expect(cookieOf(response, 'er_session')).toBeUndefined();
    expect(await findUserIdByEmail(user.email)).toBeUndefined();
    const refused = (await ownerEvents(owner.userId, 'auth.sso_sign_in_refused')).filter(
      (event) => event.metadata?.email === user.email,
    );
    expect(refused).toHaveLength(1);
    expect(String(refused[0]!.metadata?.reason)).toMatch(new RegExp(`^${reason}`));
  });

  it('refuses a replayed response: audited, nothing changed', async () => {
    const { owner, domain } = await givenSamlConnection();
    const user = { email: `mallory-${randomUUID().slice(0, 6)}@${domain}` };
    const { response, samlResponse, relayState, browserCookie } = await signInWithSaml(user);
    expect(response.headers?.location).toBe('/dashboard?new_user=true');

    const replayed = await postToAcs(samlResponse, relayState, browserCookie);
    expect(replayed.headers?.location).toBe('/login?error=sso_sign_in_failed');
    expect(cookieOf(replayed, 'er_session')).toBeUndefined();
    const refused = await ownerEvents(owner.userId, 'auth.sso_sign_in_refused');
    expect(refused.map((event) => String(event.metadata?.reason))).toEqual([
      expect.stringMatching(/^assertion_replayed/),
    ]);
  });

  it('refuses a response posted in a browser that did not start the sign-in (login CSRF)', async () => {
    const { owner, domain } = await givenSamlConnection();
    const user = { email: `mallory-${randomUUID().slice(0, 6)}@${domain}` };
    const { samlResponse, relayState, browserCookie } = await answeredSignIn(user);

    const elsewhere = await postToAcs(samlResponse, relayState);
    const otherSignIn = await postToAcs(samlResponse, relayState, 'er_saml_state=other-sign-in');
    for (const refused of [elsewhere, otherSignIn]) {
      expect(refused.headers?.location).toBe('/login?error=sso_sign_in_failed');
      expect(cookieOf(refused, 'er_session')).toBeUndefined();
    }
    const reasons = await ownerEvents(owner.userId, 'auth.sso_sign_in_refused');
    expect(reasons.map((event) => String(event.metadata?.reason))).toEqual([
      'browser_mismatch',
      'browser_mismatch',
    ]);
    // The browser that started it still signs in with the same response.
    const own = await postToAcs(samlResponse, relayState, browserCookie);
    expect(own.headers?.location).toBe('/dashboard?new_user=true');
    expect(own.cookies).toContainEqual(expect.stringMatching(/^er_saml_state=;.*Max-Age=0/));
  });

  it('refuses a post that answers no request of ours, and a form that is not one', async () => {
    const sp = await samlServiceProvider();
    const unsolicited = idp.signedResponse({
      user: { email: 'ada@saml.example' },
      acsUrl: sp.acsUrl,
      audience: sp.entityId,
    });
    const response = await postToAcs(unsolicited, 'unknown-relay-state');
    expect(response.headers?.location).toBe('/login?error=sso_sign_in_failed');
    const json = await invoke(
      samlAcs,
      apiGatewayEvent({ method: 'POST', path: '/auth/saml/acs', body: { SAMLResponse: 'x' } }),
    );
    expect(json.statusCode).toBe(415);
  });
});
