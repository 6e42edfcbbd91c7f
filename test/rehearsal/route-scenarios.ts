/**
 * The recorded events of every HTTP route: a happy path (the answer a caller who may do it gets)
 * and a refusal (a caller who may not, or a request that is wrong), sent to the route's deployed
 * function. The data each needs is seeded in the emulated table through the functions' own test
 * fixtures (a signed-in owner of a team workspace with tokens, a viewer, an invitation, a failed
 * alert: route-property-world.ts), or made through other routes' functions first (register, then
 * the link of the verification email; enrol in two-factor, then sign in with it).
 *
 * Google sign-in, Stripe billing and the Slack app are configured by the synthesis's context
 * (`npm run synth`) and reach their stand-ins (emulated-deployment.ts). Routes that need a service
 * outside the rehearsal answer as they do without it, their "external" event: the webhook test
 * (no network to reach a receiver), a domain's registry.
 */
import { randomUUID } from 'node:crypto';
import type { RouteId } from '@expiry-radar/shared/api/route-table';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { TWO_FACTOR_COOKIE } from '@expiry-radar/functions/http/pipeline/two-factor-cookie';
import { SESSION_COOKIE } from '@expiry-radar/functions/http/pipeline/cookies';
import { REGISTRATION_COOKIE } from '@expiry-radar/functions/http/pipeline/registration-cookie';
import { SAML_STATE_COOKIE } from '@expiry-radar/functions/http/pipeline/saml-state-cookie';
import { SSO_STATE_COOKIE } from '@expiry-radar/functions/http/pipeline/sso-state-cookie';
import { GOOGLE_STATE_COOKIE } from '@expiry-radar/functions/http/pipeline/google-state-cookie';
import { cookieSet, type ApiAnswer, type ApiSession } from './api-gateway-request';
import type { ScenarioContext } from './scenario-context';

type Scenario = (context: ScenarioContext) => Promise<void>;

const PASSWORD = 'correct horse battery staple';

const fixtures = () => import('../../functions/test-support/fixtures');
const certificates = () => import('../../functions/test-support/certificates');
const worlds = () => import('../../functions/test-support/route-property-world');
const workspaceFixtures = () => import('../../functions/test-support/workspace-fixtures');

/** A signed-in owner of a team workspace with tokens, a viewer, an invitation, a failed alert. */
async function world() {
  return (await worlds()).givenPropertyWorld();
}

const PAGERDUTY_SECRET = 'rehearsal-pagerduty-subscription-secret';

/** A new workspace of a signed-in owner; with a PagerDuty webhook "On-call" and a Slack one. */
async function pagerDutyWorkspace(context: ScenarioContext, options: { withWebhook: boolean }) {
  const user = await signedInUser();
  const created = await context.call(
    'createWorkspace',
    'setup',
    { session: user, body: { name: `Rehearsal PagerDuty ${randomUUID().slice(0, 8)}` } },
    201,
  );
  const { id } = created.json as { id: string };
  if (options.withWebhook) {
    const { givenAlertSettings } =
      await import('../../functions/test-support/alert-settings-fixtures');
    await givenAlertSettings(id, {
      webhook_urls: [
        {
          name: 'On-call',
          kind: 'pagerduty',
          url: 'https://events.pagerduty.com/v2/enqueue',
          routing_key: 'R0UT1NGKEY',
        },
        { name: 'Chat', kind: 'slack', url: 'https://hooks.slack.com/services/T/B/C' },
      ],
    });
  }
  return { user, id };
}

async function signedInUser(
  options: { emailVerified?: boolean; plan?: Plan; email?: string } = {},
) {
  return (await fixtures()).givenSignedInUser({ plan: 'team', ...options });
}

/**
 * An account of `email` never verified (set up in advance by someone else, maybe) that owns a
 * workspace with a member: a sign-in that replaces it hands the workspace on to the member.
 */
async function unverifiedOwnerWithMember(email: string) {
  const owner = await signedInUser({ email, emailVerified: false });
  const member = await signedInUser();
  await (
    await workspaceFixtures()
  ).givenWorkspace({
    ownerId: owner.userId,
    name: 'Set up in advance',
    members: [{ userId: member.userId, role: 'workspace_manager' }],
  });
  return owner;
}

function sessionFrom(cookie: string | undefined): ApiSession {
  const sessionId = cookie?.split('=')[1];
  if (!sessionId) throw new Error('The answer set no session cookie');
  return { sessionId };
}

/**
 * Registers through the register function, then signs in through the login function (registering
 * starts no session); the session and the address.
 */
async function registered(context: ScenarioContext) {
  const email = `rehearsal-${randomUUID()}@example.com`;
  const body = { email, password: PASSWORD, name: 'Rehearsal' };
  await context.call('register', 'setup', { body }, 202);
  const answer = await context.call('login', 'setup', { body: { email, password: PASSWORD } }, 200);
  return { email, session: sessionFrom(cookieSet(answer, SESSION_COOKIE)) };
}

/** The `token` of the link in the latest email to `address`. */
async function linkToken(context: ScenarioContext, address: string): Promise<string> {
  const emails = await context.emailsTo(address);
  const text = emails[emails.length - 1]?.body.text ?? '';
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No link token in the email to ${address}`);
  return token;
}

/** Two-factor turned on for `session` through the enrolment functions; its secret and codes. */
async function enrolled(context: ScenarioContext, session: ApiSession) {
  const { totpCodeAt } = await import('@expiry-radar/functions/domain/totp');
  const started = await context.call(
    'startTwoFactorEnrolment',
    'setup',
    { session, body: { password: PASSWORD } },
    200,
  );
  const { secret } = started.json as { secret: string };
  const confirmed = await context.call(
    'confirmTwoFactorEnrolment',
    'setup',
    { session, body: { code: totpCodeAt(secret, new Date()) } },
    200,
  );
  const { recoveryCodes } = confirmed.json as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/**
 * A token write folds the search index's waiting changes with a probability (1 in 16 for one
 * token: data/search-index-compaction.ts, FOLD_EVERY_ENTRIES); drawn below it, it always does.
 */
const FOLDING_WRITE = { randomBelow: 1 / 16 };

/**
 * The workspace's search index built (by its first search) and as many changes waiting as make
 * a write fold them (FOLD_MIN_DELTAS, 8), each a token seeded with its change.
 */
async function searchIndexWithWaitingChanges(
  context: ScenarioContext,
  session: ApiSession,
  workspaceId: string,
): Promise<void> {
  await context.call(
    'listTokens',
    'setup',
    { session, query: { workspace_id: workspaceId, q: 'key' } },
    200,
  );
  const { seedToken } = await import('../../functions/test-support/token-seeding');
  for (let index = 1; index <= 8; index += 1) {
    await seedToken(workspaceId, { name: `Waiting change ${index}` });
  }
}

/** A route that needs a session, refused without one. */
const signedOut = (context: ScenarioContext, routeId: RouteId, request = {}) =>
  context.call(routeId, 'refusal', request, 401);

/** A new domain of the organization, verified (seeded: DNS is outside the rehearsal). */
async function verifiedDomain(organizationId: string, prefix: string) {
  const records = await import('@expiry-radar/functions/data/organization-sign-in-records');
  const domain = `${prefix}-${randomUUID().slice(0, 8)}.example`;
  const now = new Date();
  await records.addOrganizationDomain({
    organizationId,
    domain,
    token: 'rehearsal',
    addedAt: now.toISOString(),
    verifiedAt: null,
    lastCheckError: null,
  });
  await records.markDomainVerified(organizationId, domain, now, null);
  return domain;
}

/**
 * A Team owner with a workspace, a verified domain and an SSO connection whose default workspace
 * it is (seeded: DNS and the provider are outside the rehearsal), its SCIM token made through the
 * token route, and the headers an identity provider sends (`wrong`: a token that names the
 * organization but is not its own, which is audited).
 */
async function scimOrganization(context: ScenarioContext) {
  const { owner, workspace, domain } = await signInOrganization('scim');
  const records = await import('@expiry-radar/functions/data/organization-sign-in-records');
  const now = new Date();
  await records.putSsoConnection({
    organizationId: owner.userId,
    protocol: 'oidc',
    issuer: 'https://idp.rehearsal.example',
    defaultWorkspaceId: workspace,
    defaultRole: 'viewer',
    requireSso: false,
    updatedAt: now.toISOString(),
  });
  const made = await context.call('createScimToken', 'happy', { session: owner }, 201);
  const { token } = made.json as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const wrong = { authorization: `Bearer scim_${owner.userId}.not-the-token` };
  const user = async () => {
    const body = { userName: `person-${randomUUID().slice(0, 8)}@${domain}`, active: true };
    const created = await context.call('scimCreateUser', 'setup', { headers, body }, 201);
    return (JSON.parse(created.body) as { id: string }).id;
  };
  const group = async (members: string[] = []) => {
    const body = {
      displayName: `Group ${randomUUID().slice(0, 8)}`,
      members: members.map((value) => ({ value })),
    };
    const created = await context.call('scimCreateGroup', 'setup', { headers, body }, 201);
    return (JSON.parse(created.body) as { id: string }).id;
  };
  /**
   * A provisioned person (a Viewer of the connection's default workspace), signed in, with an
   * API key, owning a token of the workspace (whose search index is built): what a deactivation
   * or a group's removal ends.
   */
  const leaver = async () => {
    const id = await user();
    const { createSession } = await import('@expiry-radar/functions/data/session-records');
    const signIn = { method: 'sso', secondFactor: false, device: 'Chrome on Linux' } as const;
    const session = { sessionId: (await createSession(id, signIn, new Date())).sessionId };
    const key = {
      name: 'Leaver key',
      workspace_id: null,
      access: 'read',
      expires_at: addCalendarDays(new Date(), 30),
    };
    await context.call('createApiKey', 'setup', { session, body: key }, 201);
    const tokenBody = {
      name: 'Owned by the leaver',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: addCalendarDays(new Date(), 90),
      workspace_id: workspace,
      owner_id: id,
    };
    await context.call('createToken', 'setup', { session: owner, body: tokenBody }, 201);
    // A search builds the workspace's index into packs, which the token handover then reads.
    const search = { workspace_id: workspace, q: 'Owned' };
    await context.call('listTokens', 'setup', { session: owner, query: search }, 200);
    return id;
  };
  return { owner, workspace, domain, headers, wrong, user, group, leaver };
}

/** A Team owner with a workspace and a verified domain of the organization. */
async function signInOrganization(name: string) {
  const owner = await signedInUser();
  const workspace = await (
    await workspaceFixtures()
  ).givenWorkspace({ ownerId: owner.userId, name: name.toUpperCase() });
  const domain = await verifiedDomain(owner.userId, name);
  return { owner, workspace, domain };
}

/**
 * The OpenID provider stand-in of the emulated deployment as an organization's SSO connection
 * (saved through its function, for `purpose`); `signIn` runs the whole round through the deployed
 * functions, as a browser does: our redirect (SSO sign-in), the provider's redirect back with a
 * code (it vouches for the address it was given), our callback, which exchanges the code and
 * checks the ID token on the provider.
 */
async function oidcOrganization(context: ScenarioContext, purpose: 'happy' | 'setup') {
  const { owner, workspace, domain } = await signInOrganization('oidc');
  const connection = {
    issuer: context.deployment.oidcProviderIssuer,
    client_id: 'expiry-radar',
    client_secret: 'rehearsal-provider-secret',
    default_workspace_id: workspace,
    default_role: 'viewer',
  };
  await context.call('saveSsoConnection', purpose, { session: owner, body: connection }, 200);
  const startSignIn = (email: string, purpose: 'happy' | 'setup') =>
    context.call('ssoSignIn', purpose, { query: { email } }, 302);
  const signIn = async (email = `oidc-person-${randomUUID().slice(0, 8)}@${domain}`) => {
    const started = await startSignIn(email, 'setup');
    const authorize = await fetch(started.headers.location ?? '', { redirect: 'manual' });
    const returned = new URL(authorize.headers.get('location') ?? '');
    const browserState = cookieSet(started, SSO_STATE_COOKIE);
    if (!browserState) context.fail('ssoSignIn', 'SSO sign-in set no state cookie');
    const query = Object.fromEntries(returned.searchParams);
    return context.call(
      'ssoCallback',
      'happy',
      { query, cookies: browserState ? [browserState] : [] },
      302,
    );
  };
  return { owner, connection, domain, startSignIn, signIn };
}

/**
 * A free user with a workspace who paid for Pro through the deployed functions and the Stripe
 * stand-in: the upgrade's Checkout session, the payment on Stripe's page, the return's
 * confirmation (the plan changes, the workspace's too; its alerts re-armed, which makes its alert
 * settings on their first read; the Stripe customer linked). `upgrade` and `confirm` say what
 * those calls are for.
 */
async function paidWithStripe(
  context: ScenarioContext,
  purposes: { upgrade?: 'happy'; confirm?: 'happy' },
) {
  const user = await signedInUser({ plan: 'free' });
  await (
    await workspaceFixtures()
  ).givenWorkspace({ ownerId: user.userId, plan: 'free', name: 'Billing' });
  const upgrade = { session: user, body: { plan: 'pro', period: 'monthly' } };
  const started = await context.call('upgradePlan', purposes.upgrade ?? 'setup', upgrade, 200);
  const { checkoutUrl } = started.json as { checkoutUrl: string };
  const sessionId = checkoutUrl.split('/').pop() ?? '';
  const paid = context.deployment.stripe.pay(sessionId);
  const confirm = { session: user, body: { session_id: sessionId } };
  await context.call('confirmBilling', purposes.confirm ?? 'setup', confirm, 200);
  return { user, ...paid };
}

/**
 * Google sign-in with the OpenID provider stand-in as Google (GOOGLE_ISSUER): `signIn` runs the
 * round through the deployed functions as a browser does: our redirect (with the state cookie),
 * the provider's redirect back with a code for the account the person picks there (`login_hint`),
 * our callback, which exchanges the code with the client secret (SSM) and checks the ID token.
 */
function googleRound(context: ScenarioContext, purpose: 'happy' | 'setup') {
  const start = () => context.call('googleSignIn', purpose, {}, 302);
  const signIn = async (email = `google-person-${randomUUID().slice(0, 8)}@${GOOGLE_DOMAIN}`) => {
    const started = await start();
    const authorize = new URL(started.headers.location ?? '');
    authorize.searchParams.set('login_hint', email);
    const answer = await fetch(authorize, { redirect: 'manual' });
    const returned = new URL(answer.headers.get('location') ?? '');
    const browserState = cookieSet(started, GOOGLE_STATE_COOKIE);
    if (!browserState) context.fail('googleSignIn', 'Google sign-in set no state cookie');
    const query = Object.fromEntries(returned.searchParams);
    const cookies = browserState ? [browserState] : [];
    return context.call('googleCallback', 'happy', { query, cookies }, 302);
  };
  return { start, signIn };
}

const GOOGLE_DOMAIN = 'rehearsal-google.example.com';

/**
 * The Slack app installed in a workspace by its admin through the deployed functions: "Add to
 * Slack" (our authorize URL on the Slack stand-in), the person's approval there, Slack's redirect
 * to our callback, which exchanges the code with the client secret (SSM) and seals the bot token.
 */
export async function installSlackApp(
  context: ScenarioContext,
  purpose: 'happy' | 'setup',
  admin: ApiSession,
  workspaceId: string,
): Promise<void> {
  const add = { session: admin, params: { id: workspaceId } };
  const started = await context.call('startSlackInstallation', purpose, add, 200);
  const { authorize_url: authorizeUrl } = started.json as { authorize_url: string };
  const redirect = new URL(context.deployment.slack.approve(authorizeUrl, 'alerts'));
  const query = Object.fromEntries(redirect.searchParams);
  const back = { session: admin, query };
  const installed = await context.call('slackOAuthCallback', purpose, back, 302);
  if (!installed.headers.location?.includes('slack=installed')) {
    context.fail('slackOAuthCallback', `Slack's redirect went to ${installed.headers.location}`);
  }
}

/** A Team owner's workspace (with a viewer and tokens) with the Slack app installed. */
async function slackInstalled(context: ScenarioContext, purpose: 'happy' | 'setup') {
  const { owner, viewer, values } = await world();
  await installSlackApp(context, purpose, owner, values.workspace);
  return { owner, viewer, values, request: { params: { id: values.workspace } } };
}

/**
 * A click on a button of an alert's Slack message about `tokenId` (`actionId`, SLACK_ACTION_IDS),
 * as Slack posts it to the interaction route: a `block_actions` payload naming the message's
 * subject, form-encoded, signed with the signing secret. The clicking Slack user is `email` (the
 * stand-in's `users.info`).
 */
async function slackClick(
  context: ScenarioContext,
  options: {
    workspaceId: string;
    tokenId: string;
    actionId: string;
    email: string;
    /** The date picker's (the "Renewed" action's) date. */
    selectedDate?: string;
  },
) {
  const { subjectBlockId } = await import('@expiry-radar/functions/domain/slack-alert-message');
  const { slackSignature } = await import('@expiry-radar/functions/domain/slack-request-signature');
  const { SLACK_STAND_IN_TEAM } =
    await import('@expiry-radar/functions/local/emulators/slack-stand-in');
  const { findToken } = await import('@expiry-radar/functions/data/token-records');
  const token = await findToken(options.workspaceId, options.tokenId);
  if (!token) throw new Error(`No token ${options.tokenId}`);
  const slack = context.deployment.slack;
  const user = `U${randomUUID().slice(0, 8).toUpperCase()}`;
  slack.setUser({ id: user, email: options.email, name: 'Rehearsal Admin', confirmed: true });
  const blockId = subjectBlockId({
    workspaceId: options.workspaceId,
    tokenId: options.tokenId,
    expiresAt: token.expiresAt,
  });
  const payload = {
    type: 'block_actions',
    user: { id: user, team_id: SLACK_STAND_IN_TEAM.id },
    team: { id: SLACK_STAND_IN_TEAM.id },
    actions: [
      options.selectedDate
        ? {
            type: 'datepicker',
            action_id: options.actionId,
            block_id: blockId,
            selected_date: options.selectedDate,
          }
        : { type: 'button', action_id: options.actionId, block_id: blockId },
    ],
    container: { type: 'message', channel_id: 'C0REHEARSAL', message_ts: '1700000000.000100' },
    message: { ts: '1700000000.000100', text: 'Expiry Radar alert', blocks: [] },
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': slackSignature(slack.signingSecret, timestamp, body),
    },
  };
}

/**
 * A Team owner with a workspace and a verified domain, and a SAML identity provider stand-in
 * whose metadata the organization's connection is saved from (through its function). `signIn`
 * runs the whole SP-initiated round through the deployed functions: our AuthnRequest (SSO
 * sign-in), the provider's signed response to it, our assertion consumer. The three functions
 * load SAML's XML libraries from the file bundled beside their index.js.
 */
async function samlOrganization(context: ScenarioContext) {
  const { owner, workspace, domain } = await signInOrganization('saml');
  const { startSamlIdpStandIn } =
    await import('@expiry-radar/functions/local/emulators/saml-idp-stand-in');
  const idp = await startSamlIdpStandIn();
  const connection = {
    protocol: 'saml',
    metadata_xml: idp.metadataXml,
    default_workspace_id: workspace,
    default_role: 'viewer',
  };
  await context.call('saveSsoConnection', 'setup', { session: owner, body: connection }, 200);

  const startSignIn = async (email: string) => {
    const started = await context.call('ssoSignIn', 'setup', { query: { email } }, 302);
    const redirect = new URL(started.headers.location ?? '');
    if (`${redirect.origin}${redirect.pathname}` !== `${idp.url}/sso`) {
      context.fail('ssoSignIn', `SSO sign-in went to ${redirect.href}, not the provider's page`);
    }
    // The provider's page reads our AuthnRequest and names its id.
    const page = await (await fetch(redirect)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1];
    if (!requestId) context.fail('ssoSignIn', `The provider could not read our AuthnRequest`);
    const browserState = cookieSet(started, SAML_STATE_COOKIE);
    if (!browserState) context.fail('ssoSignIn', 'SSO sign-in set no SAML state cookie');
    return {
      requestId: requestId ?? '',
      relayState: redirect.searchParams.get('RelayState') ?? '',
      browserState: browserState ?? '',
    };
  };

  /** Signs in `email` (by default a new address of the domain) with a NameID of its own. */
  const signIn = async (email = `saml-person-${randomUUID().slice(0, 8)}@${domain}`) => {
    const { requestId, relayState, browserState } = await startSignIn(email);
    // Our entity id and assertion consumer URL as the deployment publishes them.
    const metadata = await context.call('samlMetadata', 'setup', {}, 200);
    const entityId = /entityID="([^"]+)"/.exec(metadata.body)?.[1] ?? '';
    const acsUrl = /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(metadata.body)?.[1] ?? '';
    const samlResponse = idp.signedResponse({
      user: { email, nameId: randomUUID() },
      inResponseTo: requestId,
      acsUrl,
      audience: entityId,
    });
    return context.call(
      'samlAcs',
      'happy',
      {
        body: new URLSearchParams({
          SAMLResponse: samlResponse,
          RelayState: relayState,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: [browserState],
      },
      302,
    );
  };
  return { domain, signIn, stop: () => idp.stop() };
}

/**
 * The accounts a sign-in through an organization's provider meets, each signed in by `signIn`
 * (an address of `domain`, by default a new one) and answered by `routeId`: a new person (an
 * account made), an account of the address (linked to the provider's subject), and an account
 * never verified, set up in advance by someone else maybe (deleted, its workspace handed on to
 * its member, and an account made for the person the provider vouches for).
 */
async function signInEveryKindOfAccount(
  context: ScenarioContext,
  routeId: RouteId,
  domain: string,
  signIn: (email?: string) => Promise<ApiAnswer>,
) {
  const expectSignedIn = (answer: ApiAnswer, location: string, who: string) => {
    if (answer.headers.location !== location || !cookieSet(answer, SESSION_COOKIE)) {
      context.fail(routeId, `Signing in ${who} went to ${answer.headers.location}`);
    }
  };
  expectSignedIn(await signIn(), '/dashboard?new_user=true', 'a new person');
  const verified = await signedInUser({ email: `verified-${randomUUID()}@${domain}` });
  expectSignedIn(await signIn(verified.email), '/dashboard', 'an account of the address');
  const unverified = await unverifiedOwnerWithMember(`unverified-${randomUUID()}@${domain}`);
  expectSignedIn(await signIn(unverified.email), '/dashboard?new_user=true', 'an unverified one');
}

const patchActive = (value: string) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: [{ op: 'Replace', path: 'active', value }],
});

export const routeScenarios: Record<RouteId, Scenario> = {
  // Session and platform: public; refused without CloudFront's origin secret.
  async getSession(context) {
    const user = await signedInUser();
    await context.call('getSession', 'happy', { session: user }, 200);
    await context.call('getSession', 'refusal', { withoutOriginSecret: true }, 403);
  },
  async getCsrfToken(context) {
    await context.call('getCsrfToken', 'happy', {}, 200);
    await context.call('getCsrfToken', 'refusal', { withoutOriginSecret: true }, 403);
  },
  async getHealth(context) {
    await context.call('getHealth', 'happy', {}, 200);
    await context.call('getHealth', 'refusal', { withoutOriginSecret: true }, 403);
  },
  async getOpenApiDocument(context) {
    await context.call('getOpenApiDocument', 'happy', {}, 200);
    await context.call('getOpenApiDocument', 'refusal', { withoutOriginSecret: true }, 403);
  },

  // Accounts
  async register(context) {
    const email = `rehearsal-${randomUUID()}@example.com`;
    await context.call('register', 'happy', { body: { email, password: PASSWORD } }, 202);
    // The address is taken now: its owner is emailed, and the answer is the same.
    await context.call('register', 'happy', { body: { email, password: PASSWORD } }, 202);
    await context.call(
      'register',
      'refusal',
      { body: { email: 'not-an-email', password: PASSWORD } },
      400,
    );
  },
  async getRegistrationStatus(context) {
    const email = `rehearsal-${randomUUID()}@example.com`;
    const registration = await context.call(
      'register',
      'setup',
      { body: { email, password: PASSWORD } },
      202,
    );
    const watch = cookieSet(registration, REGISTRATION_COOKIE);
    if (!watch) throw new Error('Registering set no registration cookie');
    const token = await linkToken(context, email);
    await context.call('verifyEmail', 'setup', { query: { token } }, 302);
    const answer = await context.call('getRegistrationStatus', 'happy', { cookies: [watch] }, 200);
    if ((answer.json as { verified?: unknown }).verified !== true) {
      throw new Error('The registration did not read as verified after its link was used');
    }
    await context.call(
      'getRegistrationStatus',
      'refusal',
      { withoutOriginSecret: true, cookies: [watch] },
      403,
    );
  },
  async login(context) {
    const { email } = await registered(context);
    await context.call('login', 'happy', { body: { email, password: PASSWORD } }, 200);
    await context.call(
      'login',
      'refusal',
      { body: { email, password: 'not the password at all' } },
      401,
    );
  },
  async logout(context) {
    const user = await signedInUser();
    await context.call('logout', 'happy', { session: user }, 200);
    await context.call('logout', 'refusal', { session: user, withoutCsrf: true }, 403);
  },
  async listSessions(context) {
    const { session } = await registered(context);
    await context.call('listSessions', 'happy', { session }, 200);
    await signedOut(context, 'listSessions');
  },
  async revokeSession(context) {
    // Signed in twice: the first browser signs the second out (by the list's id).
    const { email, session } = await registered(context);
    await context.call('login', 'setup', { body: { email, password: PASSWORD } }, 200);
    const listed = await context.call('listSessions', 'setup', { session }, 200);
    const { items } = listed.json as { items: Array<{ id: string; current: boolean }> };
    const other = items.find((item) => !item.current);
    if (!other) throw new Error('The second sign-in is not among the sessions listed');
    await context.call('revokeSession', 'happy', { session, params: { id: other.id } }, 200);
    await context.call('revokeSession', 'refusal', { session, params: { id: other.id } }, 404);
  },
  async updateAccount(context) {
    const user = await signedInUser();
    await context.call('updateAccount', 'happy', { session: user, body: { name: 'Renamed' } }, 200);
    // An address change emails a link to the new address and a notice to the current one.
    const { session } = await registered(context);
    await context.call(
      'updateAccount',
      'happy',
      {
        session,
        body: { email: `rehearsal-${randomUUID()}@example.com`, currentPassword: PASSWORD },
      },
      200,
    );
    // A new password ends the account's other sessions (signed in elsewhere too) and API keys.
    const account = await registered(context);
    await context.call(
      'login',
      'setup',
      { body: { email: account.email, password: PASSWORD } },
      200,
    );
    await context.call(
      'updateAccount',
      'happy',
      {
        session: account.session,
        body: { currentPassword: PASSWORD, newPassword: `${PASSWORD} again` },
      },
      200,
    );
    await signedOut(context, 'updateAccount', { body: { name: 'Renamed' } });
  },
  async getAccountDeletionPreview(context) {
    const { session } = await registered(context);
    await context.call('getAccountDeletionPreview', 'happy', { session }, 200);
    await signedOut(context, 'getAccountDeletionPreview');
  },
  async deleteAccount(context) {
    await signedOut(context, 'deleteAccount', { body: { password: PASSWORD } });
    // An owner whose workspaces have members: a workspace manager takes one over (its alerts
    // are armed again under the heir's plan, its alert settings made on that first read); the
    // others, without a successor, are deleted and their members emailed.
    const { owner, viewer } = await world();
    await (
      await workspaceFixtures()
    ).givenWorkspace({
      ownerId: owner.userId,
      plan: 'team',
      name: 'Handed on',
      members: [{ userId: viewer.userId, role: 'workspace_manager' }],
    });
    await context.call(
      'deleteAccount',
      'happy',
      { session: owner, body: { password: PASSWORD } },
      200,
    );
  },
  async verifyEmail(context) {
    const { email } = await registered(context);
    const token = await linkToken(context, email);
    await context.call('verifyEmail', 'happy', { query: { token } }, 302);
    await context.call(
      'verifyEmail',
      'refusal',
      { withoutOriginSecret: true, query: { token } },
      403,
    );
  },
  async resendVerification(context) {
    const { session } = await registered(context);
    await context.call('resendVerification', 'happy', { session, body: {} }, 200);
    await signedOut(context, 'resendVerification', { body: {} });
  },
  async requestPasswordReset(context) {
    const { email } = await registered(context);
    await context.call('requestPasswordReset', 'happy', { body: { email } }, 200);
    await context.call('requestPasswordReset', 'refusal', { body: { email: 'nobody' } }, 400);
  },
  async resetPassword(context) {
    const { email } = await registered(context);
    await context.call('requestPasswordReset', 'setup', { body: { email } }, 200);
    const token = await linkToken(context, email);
    await context.call(
      'resetPassword',
      'refusal',
      { body: { token: 'not-a-token', password: 'a brand new passphrase' } },
      400,
    );
    await context.call(
      'resetPassword',
      'happy',
      { body: { token, password: 'a brand new passphrase' } },
      200,
    );
  },
  async googleSignIn(context) {
    const started = await googleRound(context, 'happy').start();
    const issuer = context.deployment.oidcProviderIssuer;
    if (!started.headers.location?.startsWith(issuer)) {
      context.fail('googleSignIn', `Google sign-in went to ${started.headers.location}`);
    }
    await context.call('googleSignIn', 'refusal', { withoutOriginSecret: true }, 403);
  },
  async googleCallback(context) {
    const { signIn } = googleRound(context, 'setup');
    await signInEveryKindOfAccount(context, 'googleCallback', GOOGLE_DOMAIN, signIn);
    // Without the browser's state cookie the answer goes back to the login page.
    const query = { code: 'code', state: 'state' };
    await context.call('googleCallback', 'refusal', { query }, 302);
    await context.call('googleCallback', 'refusal', { query, withoutOriginSecret: true }, 403);
  },
  // Single sign-on: an address of no verified domain has no connection to go to.
  // Its happy paths go to the organization's identity provider, outside the deployment.
  async ssoLookup(context) {
    const body = { email: `rehearsal-${randomUUID()}@example.com` };
    await context.call('ssoLookup', 'happy', { body }, 200);
    await context.call('ssoLookup', 'refusal', { body, withoutOriginSecret: true }, 403);
  },
  async ssoSignIn(context) {
    // An address of a domain with a connection goes to its provider.
    const { domain, startSignIn } = await oidcOrganization(context, 'setup');
    const started = await startSignIn(`person@${domain}`, 'happy');
    const issuer = context.deployment.oidcProviderIssuer;
    if (!started.headers.location?.startsWith(issuer)) {
      context.fail('ssoSignIn', `SSO sign-in went to ${started.headers.location}, not ${issuer}`);
    }
    // One of no verified domain has no connection to go to: back to the login page.
    const query = { email: `rehearsal-${randomUUID()}@example.com` };
    await context.call('ssoSignIn', 'refusal', { query }, 302);
    await context.call('ssoSignIn', 'refusal', { query, withoutOriginSecret: true }, 403);
  },
  async ssoCallback(context) {
    const { domain, signIn } = await oidcOrganization(context, 'setup');
    await signInEveryKindOfAccount(context, 'ssoCallback', domain, signIn);
    // Without the browser's state cookie the answer goes back to the login page.
    const query = { code: 'code', state: 'state' };
    await context.call('ssoCallback', 'refusal', { query }, 302);
    await context.call('ssoCallback', 'refusal', { query, withoutOriginSecret: true }, 403);
  },
  async samlMetadata(context) {
    await context.call('samlMetadata', 'happy', {}, 200);
    await context.call('samlMetadata', 'refusal', { withoutOriginSecret: true }, 403);
  },
  async samlAcs(context) {
    // A response that answers no request of ours goes back to the login page.
    const form = {
      body: new URLSearchParams({
        SAMLResponse: 'PHNhbWxwOlJlc3BvbnNlLz4=',
        RelayState: 'r',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    await context.call('samlAcs', 'refusal', form, 302);
    await context.call('samlAcs', 'refusal', { ...form, withoutOriginSecret: true }, 403);
    // The provider's signed answer to our request, from the browser that started it.
    const saml = await samlOrganization(context);
    try {
      await signInEveryKindOfAccount(context, 'samlAcs', saml.domain, saml.signIn);
    } finally {
      await saml.stop();
    }
  },

  // Two-factor authentication
  async verifyTwoFactorSignIn(context) {
    const { email, session } = await registered(context);
    const { recoveryCodes } = await enrolled(context, session);
    const first = await context.call(
      'login',
      'setup',
      { body: { email, password: PASSWORD } },
      200,
    );
    const pending = cookieSet(first, TWO_FACTOR_COOKIE);
    if (!pending) throw new Error('The password step set no pending sign-in cookie');
    await context.call(
      'verifyTwoFactorSignIn',
      'refusal',
      { cookies: [pending], body: { code: '000000' } },
      400,
    );
    await context.call(
      'verifyTwoFactorSignIn',
      'happy',
      { cookies: [pending], body: { code: recoveryCodes[0] } },
      200,
    );
  },
  async getTwoFactorStatus(context) {
    const user = await signedInUser();
    await context.call('getTwoFactorStatus', 'happy', { session: user }, 200);
    await signedOut(context, 'getTwoFactorStatus');
  },
  async startTwoFactorEnrolment(context) {
    const { session } = await registered(context);
    await context.call(
      'startTwoFactorEnrolment',
      'happy',
      { session, body: { password: PASSWORD } },
      200,
    );
    await context.call(
      'startTwoFactorEnrolment',
      'refusal',
      { session, body: { password: 'wrong password here' } },
      400,
    );
  },
  async confirmTwoFactorEnrolment(context) {
    const { session, email } = await registered(context);
    // Signed in on another device too: turning two-factor on ends that session.
    await context.call('login', 'setup', { body: { email, password: PASSWORD } }, 200);
    const { totpCodeAt } = await import('@expiry-radar/functions/domain/totp');
    const started = await context.call(
      'startTwoFactorEnrolment',
      'setup',
      { session, body: { password: PASSWORD } },
      200,
    );
    const { secret } = started.json as { secret: string };
    const code = totpCodeAt(secret, new Date());
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await context.call(
      'confirmTwoFactorEnrolment',
      'refusal',
      { session, body: { code: wrong } },
      400,
    );
    await context.call('confirmTwoFactorEnrolment', 'happy', { session, body: { code } }, 200);
  },
  async regenerateRecoveryCodes(context) {
    const { session } = await registered(context);
    const { secret } = await enrolled(context, session);
    await context.call(
      'regenerateRecoveryCodes',
      'happy',
      { session, body: { password: PASSWORD } },
      200,
    );
    // With a code from the app instead: the next time step's (enrolment used the current one).
    const { totpCodeAt } = await import('@expiry-radar/functions/domain/totp');
    const code = totpCodeAt(secret, new Date(Date.now() + 30_000));
    await context.call('regenerateRecoveryCodes', 'happy', { session, body: { code } }, 200);
    await context.call(
      'regenerateRecoveryCodes',
      'refusal',
      { session, body: { password: 'wrong password here' } },
      400,
    );
  },
  async disableTwoFactor(context) {
    const { session } = await registered(context);
    const { recoveryCodes } = await enrolled(context, session);
    await context.call(
      'disableTwoFactor',
      'refusal',
      { session, body: { password: PASSWORD, code: '000000' } },
      400,
    );
    await context.call(
      'disableTwoFactor',
      'happy',
      { session, body: { password: PASSWORD, code: recoveryCodes[1] } },
      200,
    );
  },

  // Tokens
  async listTokens(context) {
    const { owner, values } = await world();
    await context.call(
      'listTokens',
      'happy',
      { session: owner, query: { workspace_id: values.workspace } },
      200,
    );
    // The workspace's first search builds its search index (writes).
    await context.call(
      'listTokens',
      'happy',
      { session: owner, query: { workspace_id: values.workspace, q: 'key' } },
      200,
    );
    // By name: the name index.
    await context.call(
      'listTokens',
      'happy',
      { session: owner, query: { workspace_id: values.workspace, sort: 'name_asc' } },
      200,
    );
    await signedOut(context, 'listTokens', { query: { workspace_id: values.workspace } });
  },
  async createToken(context) {
    const { owner, viewer, values } = await world();
    const body = {
      name: 'Rehearsal API key',
      category: 'key_secret',
      type: 'api_key',
      expiresAt: addCalendarDays(new Date(), 90),
      workspace_id: values.workspace,
    };
    await context.call('createToken', 'happy', { session: owner, body }, 201);
    await context.call('createToken', 'refusal', { session: viewer, body }, 403);
    // A write after many others folds the search index's changes (deleting those folded).
    await searchIndexWithWaitingChanges(context, owner, values.workspace);
    await context.call('createToken', 'happy', { session: owner, body }, 201, FOLDING_WRITE);
  },
  async updateToken(context) {
    const { owner, viewer, values } = await world();
    const request = { params: { id: values.token }, body: { name: 'Renamed key' } };
    await context.call('updateToken', 'happy', { session: owner, ...request }, 200);
    await context.call('updateToken', 'refusal', { session: viewer, ...request }, 403);
    // A write after many others folds the search index's changes (deleting those folded).
    await searchIndexWithWaitingChanges(context, owner, values.workspace);
    const again = { ...request, body: { name: 'Renamed key again' } };
    await context.call('updateToken', 'happy', { session: owner, ...again }, 200, FOLDING_WRITE);
    // An endpoint added to a certificate is checked at once: sent to the endpoint check queue.
    const certificate = await context.call(
      'createToken',
      'setup',
      {
        session: owner,
        body: {
          name: 'shop.rehearsal-edit.com',
          category: 'cert',
          type: 'ssl_cert',
          expiresAt: addCalendarDays(new Date(), 60),
          workspace_id: values.workspace,
        },
      },
      201,
    );
    const edit = {
      params: { id: (certificate.json as { id: string }).id },
      body: { endpoints: [{ host: 'shop.rehearsal-edit.com' }] },
    };
    await context.call('updateToken', 'happy', { session: owner, ...edit }, 200);
  },
  async deleteToken(context) {
    const { owner, viewer, values } = await world();
    await context.call(
      'deleteToken',
      'refusal',
      { session: viewer, params: { id: values.token } },
      403,
    );
    await context.call(
      'deleteToken',
      'happy',
      { session: owner, params: { id: values.token } },
      200,
    );
  },
  async transferTokens(context) {
    const { owner, viewer, values } = await world();
    const request = {
      params: { id: values.workspace },
      body: { from_workspace_id: values.otherWorkspace, token_ids: [values.otherToken] },
    };
    // The viewer is a member of the target only: the source is not found for them.
    await context.call('transferTokens', 'refusal', { session: viewer, ...request }, 404);
    // A certificate moved with endpoints never checked has them checked at once in the target.
    const certificate = await context.call(
      'createToken',
      'setup',
      {
        session: owner,
        body: {
          name: 'shop.rehearsal-transfer.com',
          category: 'cert',
          type: 'ssl_cert',
          expiresAt: addCalendarDays(new Date(), 60),
          workspace_id: values.otherWorkspace,
          endpoints: [{ host: 'shop.rehearsal-transfer.com' }],
        },
      },
      201,
    );
    // Into a workspace whose alert settings were never read: arming the tokens makes them.
    const fresh = {
      params: { id: await freshWorkspaceOf(owner) },
      body: {
        ...request.body,
        token_ids: [values.otherToken, (certificate.json as { id: string }).id],
      },
    };
    await context.call('transferTokens', 'happy', { session: owner, ...fresh }, 200);
  },

  async exportTokens(context) {
    const { owner, values } = await world();
    const request = { params: { id: values.workspace }, query: { format: 'csv' } };
    await context.call('exportTokens', 'happy', { session: owner, ...request }, 200);
    await signedOut(context, 'exportTokens', request);
  },
  async getTokenMetrics(context) {
    const { owner, values } = await world();
    const params = { id: values.workspace };
    // The way Prometheus scrapes: a read-only key of the workspace, no session.
    const created = await context.call(
      'createApiKey',
      'setup',
      {
        session: owner,
        body: {
          name: 'Rehearsal Prometheus',
          workspace_id: values.workspace,
          access: 'read',
          expires_at: addCalendarDays(new Date(), 30),
        },
      },
      201,
    );
    const { secret } = created.json as { secret: string };
    await context.call(
      'getTokenMetrics',
      'happy',
      { params, headers: { authorization: `Bearer ${secret}` }, withoutCsrf: true },
      200,
    );
    await signedOut(context, 'getTokenMetrics', { params });
  },
  async importTokens(context) {
    const { owner, viewer, values } = await world();
    const content = `name,category,type,expiresAt\nImported API key,key_secret,api_key,${addCalendarDays(new Date(), 60)}\n`;
    const request = {
      params: { id: values.workspace },
      body: { format: 'csv', content, dryRun: false },
    };
    await context.call('importTokens', 'refusal', { session: viewer, ...request }, 403);
    // Into a workspace whose alert settings were never read: arming the tokens makes them.
    const fresh = { ...request, params: { id: await freshWorkspaceOf(owner) } };
    await context.call('importTokens', 'happy', { session: owner, ...fresh }, 200);
  },
  async reportScan(context) {
    const { owner, viewer, values } = await world();
    const request = {
      params: { id: values.workspace },
      body: {
        scanner: 'files',
        scope: 'rehearsal-host',
        roots: ['/etc/ssl/'],
        items: [
          {
            external_id: '/etc/ssl/rehearsal.pem',
            name: 'rehearsal.example.com',
            type: 'ssl_cert',
            expiresAt: addCalendarDays(new Date(), 45),
            domains: ['rehearsal.example.com'],
          },
        ],
      },
    };
    await context.call('reportScan', 'refusal', { session: viewer, ...request }, 403);
    // Into a workspace whose alert settings were never read: arming the tokens makes them.
    await context.call(
      'reportScan',
      'happy',
      { session: owner, ...request, params: { id: await freshWorkspaceOf(owner) } },
      200,
    );
  },
  async parseCertificate(context) {
    const { owner } = await world();
    const { pem, keyPem } = (await certificates()).makeSelfSignedCertificate({
      commonName: 'rehearsal.example.com',
      altNames: 'DNS:rehearsal.example.com',
    });
    await context.call('parseCertificate', 'happy', { session: owner, body: { pem } }, 200);
    // A private key pasted by mistake is refused unread.
    await context.call(
      'parseCertificate',
      'refusal',
      { session: owner, body: { pem: keyPem } },
      400,
    );
  },

  async probeEndpoint(context) {
    const { owner, viewer, values } = await world();
    const request = {
      params: { id: values.workspace },
      body: { host: 'shop.rehearsal.invalid', port: 443 },
    };
    await context.call('probeEndpoint', 'refusal', { session: viewer, ...request }, 403);
    // No network in the rehearsal: the route reads and counts, then reports the host not found.
    await context.call('probeEndpoint', 'external', { session: owner, ...request }, 400);
  },

  // A workspace's trusted certificate authorities: every member lists them, admins change them.
  async listTrustedCertificateAuthorities(context) {
    const { owner, viewer, values } = await world();
    const params = { id: values.workspace };
    await trustedCaOf(context, owner, values.workspace);
    await context.call(
      'listTrustedCertificateAuthorities',
      'happy',
      { session: viewer, params },
      200,
    );
    // The admin may have an API key: the request is sent with it.
    await context.call(
      'listTrustedCertificateAuthorities',
      'happy',
      { session: owner, params },
      200,
    );
    await signedOut(context, 'listTrustedCertificateAuthorities', { params });
  },
  async addTrustedCertificateAuthority(context) {
    const { owner, viewer, values } = await world();
    const { pem } = await certificateAuthority();
    const request = { params: { id: values.workspace }, body: { pem } };
    await context.call(
      'addTrustedCertificateAuthority',
      'refusal',
      { session: viewer, ...request },
      403,
    );
    await context.call(
      'addTrustedCertificateAuthority',
      'happy',
      { session: owner, ...request },
      201,
    );
  },
  async createDomainRegistrations(context) {
    const { owner, viewer, values } = await world();
    const request = {
      params: { id: values.workspace },
      body: {
        domains: 'rehearsal-one.com, rehearsal-two.org co.uk',
        expiresAt: addCalendarDays(new Date(), 200),
      },
    };
    await context.call(
      'createDomainRegistrations',
      'refusal',
      { session: viewer, ...request },
      403,
    );
    await context.call('createDomainRegistrations', 'happy', { session: owner, ...request }, 201);
  },
  async removeTrustedCertificateAuthority(context) {
    const { owner, viewer, values } = await world();
    const caId = await trustedCaOf(context, owner, values.workspace);
    const params = { id: values.workspace, caId };
    await context.call(
      'removeTrustedCertificateAuthority',
      'refusal',
      { session: viewer, params },
      403,
    );
    await context.call(
      'removeTrustedCertificateAuthority',
      'happy',
      { session: owner, params },
      200,
    );
  },

  // The certificate transparency watch: every member lists it, admins change it.
  async listWatchedDomains(context) {
    const { owner, viewer, values } = await world();
    const params = { id: values.workspace };
    await watchedDomainOf(context, owner, values.workspace);
    await context.call('listWatchedDomains', 'happy', { session: viewer, params }, 200);
    // The admin may have an API key: the request is sent with it.
    await context.call('listWatchedDomains', 'happy', { session: owner, params }, 200);
    await signedOut(context, 'listWatchedDomains', { params });
  },
  async addWatchedDomain(context) {
    const { owner, viewer, values } = await world();
    const request = {
      params: { id: values.workspace },
      body: { domain: 'rehearsal-watch.com', allowed_issuers: ["Let's Encrypt"] },
    };
    await context.call('addWatchedDomain', 'refusal', { session: viewer, ...request }, 403);
    await context.call('addWatchedDomain', 'happy', { session: owner, ...request }, 201);
  },
  async updateWatchedDomain(context) {
    const { owner, viewer, values } = await world();
    const domain = await watchedDomainOf(context, owner, values.workspace);
    const request = { params: { id: values.workspace, domain }, body: { auto_add: true } };
    await context.call('updateWatchedDomain', 'refusal', { session: viewer, ...request }, 403);
    await context.call('updateWatchedDomain', 'happy', { session: owner, ...request }, 200);
  },
  async removeWatchedDomain(context) {
    const { owner, viewer, values } = await world();
    const domain = await watchedDomainOf(context, owner, values.workspace);
    const params = { id: values.workspace, domain };
    await context.call('removeWatchedDomain', 'refusal', { session: viewer, params }, 403);
    await context.call('removeWatchedDomain', 'happy', { session: owner, params }, 200);
  },
  async addCertificateToInventory(context) {
    const { owner, viewer, values } = await world();
    const certificateId = randomUUID().replace(/-/g, '').repeat(2);
    const { insertCtFinding } = await import('@expiry-radar/functions/data/ct-watch-records');
    await insertCtFinding({
      workspaceId: values.workspace,
      certificateId,
      domain: 'rehearsal-watch.com',
      issuanceId: '1',
      dnsNames: ['shop.rehearsal-watch.com'],
      issuer: "Let's Encrypt",
      notBefore: new Date().toISOString(),
      notAfter: `${addCalendarDays(new Date(), 80)}T00:00:00.000Z`,
      unexpectedIssuer: false,
      status: 'new',
      tokenId: null,
      seenAt: new Date().toISOString(),
      alertedAt: null,
    });
    const params = { id: values.workspace, certificateId };
    await context.call('addCertificateToInventory', 'refusal', { session: viewer, params }, 403);
    await context.call('addCertificateToInventory', 'happy', { session: owner, params }, 201);
  },
  async setCertificateTransparencyKey(context) {
    const { owner, viewer, values } = await world();
    const request = { params: { id: values.workspace }, body: { api_key: 'rehearsal-key-1234' } };
    await context.call(
      'setCertificateTransparencyKey',
      'refusal',
      { session: viewer, ...request },
      403,
    );
    await context.call(
      'setCertificateTransparencyKey',
      'happy',
      { session: owner, ...request },
      200,
    );
    // `null` removes the stored key.
    await context.call(
      'setCertificateTransparencyKey',
      'happy',
      { session: owner, ...request, body: { api_key: null } },
      200,
    );
  },

  // Alert settings and the webhook test
  async getAlertSettings(context) {
    const { owner, values } = await world();
    await context.call(
      'getAlertSettings',
      'happy',
      { session: owner, params: { id: values.workspace } },
      200,
    );
    await signedOut(context, 'getAlertSettings', { params: { id: values.workspace } });
    // A new workspace's first read creates its settings and their signing secret.
    const user = await signedInUser();
    const created = await context.call(
      'createWorkspace',
      'setup',
      { session: user, body: { name: 'Rehearsal settings' } },
      201,
    );
    const { id } = created.json as { id: string };
    await context.call('getAlertSettings', 'happy', { session: user, params: { id } }, 200);
  },
  async putAlertSettings(context) {
    const { owner, viewer, values } = await world();
    const request = {
      params: { id: values.workspace },
      body: { email_alerts_enabled: true, webhook_urls: [] },
    };
    await context.call('putAlertSettings', 'happy', { session: owner, ...request }, 200);
    await context.call('putAlertSettings', 'refusal', { session: viewer, ...request }, 403);
  },
  async removeBouncedAddress(context) {
    const { owner, viewer, values } = await world();
    const { putEmailSuppression } = await import('@expiry-radar/functions/data/email-suppressions');
    await putEmailSuppression({
      address: owner.email,
      reason: 'bounce',
      detail: 'smtp; 550 5.1.1 user unknown',
      reportedAt: new Date().toISOString(),
    });
    const request = { params: { id: values.workspace }, body: { address: owner.email } };
    await context.call('removeBouncedAddress', 'refusal', { session: viewer, ...request }, 403);
    await context.call('removeBouncedAddress', 'happy', { session: owner, ...request }, 200);
  },
  async testWebhook(context) {
    const { owner, viewer, values } = await world();
    const body = {
      url: 'https://receiver.invalid/hook',
      kind: 'generic',
      workspace_id: values.workspace,
    };
    await context.call('testWebhook', 'refusal', { session: viewer, body }, 403);
    // The rehearsal has no network: the route reads and counts, then reports the receiver unreachable.
    await context.call('testWebhook', 'external', { session: owner, body }, 400);
  },

  // One-click unsubscribe: a mail client's POST from the List-Unsubscribe header (a form, no
  // cookies, no CSRF header) with a link signed under the deployment's alert link key.
  async unsubscribeAlertEmails(context) {
    const { owner, values } = await world();
    const { signUnsubscribeToken } =
      await import('@expiry-radar/functions/domain/unsubscribe-token');
    const subject = { address: owner.email, workspaceIds: [values.workspace] };
    const oneClick = (token: string) => ({
      query: { token },
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      withoutCsrf: true,
    });
    const forged = signUnsubscribeToken(subject, `not-the-key-${randomUUID()}`);
    await context.call('unsubscribeAlertEmails', 'refusal', oneClick(forged), 400);
    const token = signUnsubscribeToken(subject, context.deployment.alertLinkKey);
    await context.call('unsubscribeAlertEmails', 'happy', oneClick(token), 200);
    // The undo link of the confirmation page resumes them.
    await context.call(
      'unsubscribeAlertEmails',
      'happy',
      { ...oneClick(token), query: { token, resume: 'true' } },
      200,
    );
  },

  // An alert's action links (acknowledge, snooze, renewed): signed under a key derived from the
  // deployment's alert link key; the confirmation page asks (GET), its button acts (POST, once).
  async getAlertActionLink(context) {
    const { owner, viewer, values } = await world();
    const token = await alertActionLinkOf(context, owner, values.workspace, values.token, 'snooze');
    await context.call('getAlertActionLink', 'happy', { query: { token } }, 200);
    const forged = { query: { token: `a1.${randomUUID()}.forged` } };
    await context.call('getAlertActionLink', 'refusal', forged, 400);
    // A link acts with its recipient's rights now: a viewer may not renew.
    const renew = await alertActionLinkOf(
      context,
      viewer,
      values.workspace,
      values.token,
      'renewed',
    );
    await context.call('getAlertActionLink', 'refusal', { query: { token: renew } }, 403);
  },
  async takeAlertAction(context) {
    const { owner, values } = await world();
    const snooze = await alertActionLinkOf(
      context,
      owner,
      values.workspace,
      values.token,
      'snooze',
    );
    await context.call('takeAlertAction', 'happy', { query: { token: snooze }, body: {} }, 200);
    // Used once: refused, and the refusal audited.
    await context.call('takeAlertAction', 'refusal', { query: { token: snooze }, body: {} }, 400);
    const renewed = await alertActionLinkOf(
      context,
      owner,
      values.workspace,
      values.token,
      'renewed',
    );
    // A date in the past is refused after the link was claimed: the link is given back.
    const past = {
      query: { token: renewed },
      body: { expires_at: addCalendarDays(new Date(), -1) },
    };
    await context.call('takeAlertAction', 'refusal', past, 400);
    // The renewal is a token write: after many others it folds the search index's changes.
    await searchIndexWithWaitingChanges(context, owner, values.workspace);
    const body = { expires_at: addCalendarDays(new Date(), 400) };
    const renewal = { query: { token: renewed }, body };
    await context.call('takeAlertAction', 'happy', renewal, 200, FOLDING_WRITE);
    // A monitored certificate's renewal sends its endpoint checks instead.
    const created = await context.call(
      'createToken',
      'setup',
      {
        session: owner,
        body: {
          name: 'shop.rehearsal-actions.com',
          category: 'cert',
          type: 'ssl_cert',
          expiresAt: addCalendarDays(new Date(), 20),
          endpoints: [{ host: 'shop.rehearsal-actions.com' }],
          workspace_id: values.workspace,
        },
      },
      201,
    );
    const { id } = created.json as { id: string };
    const check = await alertActionLinkOf(context, owner, values.workspace, id, 'renewed');
    await context.call('takeAlertAction', 'happy', { query: { token: check }, body: {} }, 200);
  },
  async getTokenAlertAction(context) {
    const { viewer, values } = await world();
    const request = { params: { id: values.token } };
    await context.call('getTokenAlertAction', 'happy', { session: viewer, ...request }, 200);
    await signedOut(context, 'getTokenAlertAction', request);
  },
  async setTokenAlertAction(context) {
    const { owner, viewer, values } = await world();
    const request = { params: { id: values.token }, body: { kind: 'acknowledged' } };
    await context.call('setTokenAlertAction', 'refusal', { session: viewer, ...request }, 403);
    await context.call('setTokenAlertAction', 'happy', { session: owner, ...request }, 200);
    const clear = { ...request, body: { kind: 'none' } };
    await context.call('setTokenAlertAction', 'happy', { session: owner, ...clear }, 200);
  },

  // The Slack app (CDK context slackClientId: the Slack stand-in's client), installed through the
  // stand-in's OAuth; a member's clicks on an alert message's buttons, signed as Slack signs them.
  async getSlackInstallation(context) {
    const { viewer, values } = await world();
    const request = { params: { id: values.workspace } };
    await context.call('getSlackInstallation', 'happy', { session: viewer, ...request }, 200);
    await signedOut(context, 'getSlackInstallation', request);
  },
  async startSlackInstallation(context) {
    const { viewer, values } = await world();
    const request = { params: { id: values.workspace } };
    await context.call('startSlackInstallation', 'refusal', { session: viewer, ...request }, 403);
    await slackInstalled(context, 'happy');
  },
  async deleteSlackInstallation(context) {
    const { owner, viewer, request } = await slackInstalled(context, 'setup');
    await context.call('deleteSlackInstallation', 'refusal', { session: viewer, ...request }, 403);
    await context.call('deleteSlackInstallation', 'happy', { session: owner, ...request }, 200);
  },
  async slackOAuthCallback(context) {
    await slackInstalled(context, 'happy');
    // A state no "Add to Slack" made goes back to the Alerts page, which says it expired.
    const query = { code: 'code', state: `rehearsal-${randomUUID()}` };
    await context.call('slackOAuthCallback', 'refusal', { query }, 302);
    await context.call('slackOAuthCallback', 'refusal', { query, withoutOriginSecret: true }, 403);
  },
  async slackInteractions(context) {
    const { owner, values } = await slackInstalled(context, 'setup');
    const { SLACK_ACTION_IDS } = await import('@expiry-radar/functions/domain/slack-alert-message');
    const click = (tokenId: string, actionId: string, selectedDate?: string) =>
      slackClick(context, {
        workspaceId: values.workspace,
        tokenId,
        actionId,
        email: owner.email,
        ...(selectedDate ? { selectedDate } : {}),
      });
    const acknowledge = await click(values.token, SLACK_ACTION_IDS.acknowledge);
    await context.call('slackInteractions', 'happy', acknowledge, 200);
    // Slack's request is taken once: the same request again is refused.
    await context.call('slackInteractions', 'refusal', acknowledge, 400);
    const forged = {
      ...acknowledge,
      headers: { ...acknowledge.headers, 'x-slack-signature': 'v0=00' },
    };
    await context.call('slackInteractions', 'refusal', forged, 400);
    await context.call(
      'slackInteractions',
      'refusal',
      { ...forged, withoutOriginSecret: true },
      403,
    );
    // "Renewed" is a token write: after many others it folds the search index's changes.
    await searchIndexWithWaitingChanges(context, owner, values.workspace);
    const renewedOn = addCalendarDays(new Date(), 400);
    const renewed = await click(values.token, SLACK_ACTION_IDS.renewed, renewedOn);
    await context.call('slackInteractions', 'happy', renewed, 200, FOLDING_WRITE);
    // A monitored certificate's "Check endpoint now" sends its endpoint checks.
    const certificate = {
      name: 'slack.rehearsal-actions.com',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: addCalendarDays(new Date(), 20),
      endpoints: [{ host: 'slack.rehearsal-actions.com' }],
      workspace_id: values.workspace,
    };
    const created = await context.call(
      'createToken',
      'setup',
      { session: owner, body: certificate },
      201,
    );
    const { id } = created.json as { id: string };
    const check = await click(id, SLACK_ACTION_IDS.checkEndpoint);
    await context.call('slackInteractions', 'happy', check, 200);
  },

  // PagerDuty's back-channel: a workspace of its own with a PagerDuty webhook; its first read
  // creates the alert settings, its secret is stored sealed (KMS), PagerDuty's events are signed
  // with it.
  async getPagerDutyBackChannel(context) {
    const { user, id } = await pagerDutyWorkspace(context, { withWebhook: false });
    await context.call('getPagerDutyBackChannel', 'happy', { session: user, params: { id } }, 200);
    await signedOut(context, 'getPagerDutyBackChannel', { params: { id } });
  },
  async putPagerDutyBackChannel(context) {
    const { user, id } = await pagerDutyWorkspace(context, { withWebhook: true });
    const request = { session: user, params: { id } };
    const store = { ...request, body: { webhook_name: 'On-call', secret: PAGERDUTY_SECRET } };
    await context.call('putPagerDutyBackChannel', 'happy', store, 200);
    const notPagerDuty = { ...request, body: { webhook_name: 'Chat', secret: PAGERDUTY_SECRET } };
    await context.call('putPagerDutyBackChannel', 'refusal', notPagerDuty, 400);
    const remove = { ...request, body: { webhook_name: 'On-call', secret: null } };
    await context.call('putPagerDutyBackChannel', 'happy', remove, 200);
  },
  async receivePagerDutyWebhook(context) {
    const { user, id } = await pagerDutyWorkspace(context, { withWebhook: true });
    const store = { webhook_name: 'On-call', secret: PAGERDUTY_SECRET };
    await context.call(
      'putPagerDutyBackChannel',
      'setup',
      { session: user, params: { id }, body: store },
      200,
    );
    const { alertIdOf } = await import('@expiry-radar/functions/domain/alert-schedule');
    const { pagerDutyIncidentEvent, pagerDutySignature } =
      await import('@expiry-radar/functions/domain/pagerduty-webhook');
    const tokenOf = async (body: Record<string, unknown>) => {
      const expiresAt = addCalendarDays(new Date(), 20);
      const created = await context.call(
        'createToken',
        'setup',
        { session: user, body: { expiresAt, workspace_id: id, ...body } },
        201,
      );
      const token = created.json as { id: string; expiresAt: string };
      return alertIdOf(token.id, token.expiresAt, 30);
    };
    const signed = (eventType: string, incidentKey: string, secret = PAGERDUTY_SECRET) => {
      const body = JSON.stringify(pagerDutyIncidentEvent({ eventType, incidentKey }));
      return {
        params: { id },
        body,
        headers: { 'x-pagerduty-signature': pagerDutySignature(secret, body) },
      };
    };
    const licence = await tokenOf({
      name: 'Rehearsal licence',
      category: 'license',
      type: 'software_license',
    });
    await context.call(
      'receivePagerDutyWebhook',
      'refusal',
      signed('incident.acknowledged', licence, 'not-the-subscription-secret'),
      403,
    );
    await context.call(
      'receivePagerDutyWebhook',
      'happy',
      signed('incident.acknowledged', licence),
      202,
    );
    // A resolved monitored certificate has its endpoints checked at once.
    const certificate = await tokenOf({
      name: 'pd.rehearsal-actions.com',
      category: 'cert',
      type: 'ssl_cert',
      endpoints: [{ host: 'pd.rehearsal-actions.com' }],
    });
    await context.call(
      'receivePagerDutyWebhook',
      'happy',
      signed('incident.resolved', certificate),
      202,
    );
  },

  // The calendar feed: a calendar app's GET with the owner's key derived from the deployment's
  // alert link key (no cookies); a wrong key is refused like an unknown workspace.
  async getCalendarFeed(context) {
    const { values } = await world();
    const { calendarFeedKey } = await import('@expiry-radar/functions/domain/calendar-feed-key');
    const key = calendarFeedKey(values.workspace, values.owner, 0, context.deployment.alertLinkKey);
    const params = { id: values.workspace };
    await context.call('getCalendarFeed', 'happy', { params, query: { key } }, 200);
    const forged = calendarFeedKey(
      values.workspace,
      values.owner,
      0,
      `not-the-key-${randomUUID()}`,
    );
    await context.call('getCalendarFeed', 'refusal', { params, query: { key: forged } }, 404);
  },
  async getCalendarFeedLink(context) {
    const { owner, values } = await world();
    const params = { id: values.workspace };
    await context.call('getCalendarFeedLink', 'happy', { session: owner, params }, 200);
    await signedOut(context, 'getCalendarFeedLink', { params });
  },
  async rotateCalendarFeed(context) {
    const { owner, viewer, values } = await world();
    const params = { id: values.workspace };
    await context.call('rotateCalendarFeed', 'happy', { session: owner, params }, 200);
    await context.call('rotateCalendarFeed', 'refusal', { session: viewer, params }, 403);
  },

  // Alert queue, statistics and usage
  async listAlertQueue(context) {
    const { owner, values } = await world();
    await context.call(
      'listAlertQueue',
      'happy',
      { session: owner, query: { workspace_id: values.workspace } },
      200,
    );
    // Every workspace of the caller: their memberships.
    await context.call('listAlertQueue', 'happy', { session: owner }, 200);
    await signedOut(context, 'listAlertQueue');
  },
  async requeueAlerts(context) {
    const { owner, viewer, values } = await world();
    // A message about the workspace's alert waits in the dead-letter queue: it moves back.
    const { SQSClient, SendMessageCommand } = await import('@aws-sdk/client-sqs');
    const sqs = new SQSClient({
      endpoint: context.deployment.sqsEndpoint,
      region: context.deployment.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const deadLetter = {
      alertId: values.alert,
      workspaceId: values.workspace,
      tokenId: values.token,
      expiresAt: addCalendarDays(new Date(), 7),
      threshold: 7,
    };
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: context.deployment.deadLetterQueueUrl,
        MessageBody: JSON.stringify(deadLetter),
      }),
    );
    sqs.destroy();
    await context.call(
      'requeueAlerts',
      'happy',
      { session: owner, body: { workspace_id: values.workspace } },
      200,
    );
    await context.call(
      'requeueAlerts',
      'refusal',
      { session: viewer, body: { workspace_id: values.workspace } },
      403,
    );
  },
  async retryAlert(context) {
    const { owner, viewer, values } = await world();
    const request = { params: { id: values.alert }, body: { channel: 'email' } };
    await context.call('retryAlert', 'refusal', { session: viewer, ...request }, 403);
    await context.call('retryAlert', 'happy', { session: owner, ...request }, 200);
  },
  async getAlertStats(context) {
    const { owner, values } = await world();
    await context.call(
      'getAlertStats',
      'happy',
      { session: owner, query: { workspace_id: values.workspace } },
      200,
    );
    await context.call('getAlertStats', 'happy', { session: owner }, 200);
    await signedOut(context, 'getAlertStats');
  },
  async getOrganizationUsage(context) {
    const { owner } = await world();
    await context.call('getOrganizationUsage', 'happy', { session: owner }, 200);
    await signedOut(context, 'getOrganizationUsage');
  },
  async getOrganizationSignIn(context) {
    const { owner } = await world();
    await context.call('getOrganizationSignIn', 'happy', { session: owner }, 200);
    await signedOut(context, 'getOrganizationSignIn');
  },
  async addOrganizationDomain(context) {
    const { owner } = await world();
    const body = { domain: `rehearsal-${randomUUID().slice(0, 8)}.example` };
    await context.call('addOrganizationDomain', 'happy', { session: owner, body }, 201);
    await signedOut(context, 'addOrganizationDomain', { body });
  },
  async verifyOrganizationDomain(context) {
    const { owner } = await world();
    const params = { domain: `rehearsal-${randomUUID().slice(0, 8)}.example` };
    // A domain the organization never added: nothing to verify.
    await context.call('verifyOrganizationDomain', 'refusal', { session: owner, params }, 404);
    // Verifying reads the domain's DNS, outside the deployment (here: no record, refused).
    const body = { domain: params.domain };
    await context.call('addOrganizationDomain', 'setup', { session: owner, body }, 201);
    await context.call('verifyOrganizationDomain', 'external', { session: owner, params }, 400);
  },
  async removeOrganizationDomain(context) {
    const { owner } = await world();
    const domain = `rehearsal-${randomUUID().slice(0, 8)}.example`;
    await context.call('addOrganizationDomain', 'setup', { session: owner, body: { domain } }, 201);
    const request = { session: owner, params: { domain } };
    await context.call('removeOrganizationDomain', 'happy', request, 200);
    await signedOut(context, 'removeOrganizationDomain', { params: { domain } });
  },
  async saveSsoConnection(context) {
    const { owner, values } = await world();
    const body = {
      issuer: 'https://idp.example.com',
      client_id: 'expiry-radar',
      client_secret: 'secret',
      default_workspace_id: randomUUID(),
    };
    // Refused before the issuer is read: the workspace is not the owner's.
    await context.call('saveSsoConnection', 'refusal', { session: owner, body }, 400);
    // Saving reads the issuer's discovery document: one that cannot be reached is refused.
    const owned = { ...body, default_workspace_id: values.workspace };
    await context.call('saveSsoConnection', 'refusal', { session: owner, body: owned }, 400);
    // The emulated deployment's provider; saved again without the secret, which is kept, and
    // now required of the organization's addresses (it has a verified domain).
    const oidc = await oidcOrganization(context, 'happy');
    const { client_secret: _kept, ...withoutSecret } = oidc.connection;
    const again = { session: oidc.owner, body: { ...withoutSecret, require_sso: true } };
    await context.call('saveSsoConnection', 'happy', again, 200);
  },

  // SCIM provisioning: the organization page's part, then the identity provider's routes.
  async getScimSettings(context) {
    const { owner } = await scimOrganization(context);
    await context.call('getScimSettings', 'happy', { session: owner }, 200);
    await signedOut(context, 'getScimSettings');
  },
  async createScimToken(context) {
    // The happy path: every organization of the SCIM scenarios makes its token.
    await scimOrganization(context);
    const owner = await signedInUser();
    await context.call('createScimToken', 'refusal', { session: owner }, 400);
  },
  async revokeScimToken(context) {
    const { owner } = await scimOrganization(context);
    await context.call('revokeScimToken', 'happy', { session: owner }, 200);
    await signedOut(context, 'revokeScimToken');
  },
  async mapScimGroup(context) {
    const { owner, workspace, leaver, group } = await scimOrganization(context);
    const id = await group([await leaver()]);
    const viewer = { workspace_id: workspace, role: 'viewer' };
    const request = (body: object) => ({ session: owner, params: { id }, body });
    await context.call('mapScimGroup', 'happy', request(viewer), 200);
    // Unmapped: the person leaves the workspace, and the edit handing their token on folds the
    // search index's waiting changes.
    await searchIndexWithWaitingChanges(context, owner, workspace);
    await context.call(
      'mapScimGroup',
      'happy',
      request({ workspace_id: null, role: null }),
      200,
      FOLDING_WRITE,
    );
    await context.call(
      'mapScimGroup',
      'refusal',
      { session: owner, params: { id: randomUUID() }, body: viewer },
      404,
    );
  },
  async scimServiceProviderConfig(context) {
    const { headers, wrong } = await scimOrganization(context);
    await context.call('scimServiceProviderConfig', 'happy', { headers }, 200);
    await context.call('scimServiceProviderConfig', 'refusal', { headers: wrong }, 401);
  },
  async scimResourceTypes(context) {
    const { headers, wrong } = await scimOrganization(context);
    await context.call('scimResourceTypes', 'happy', { headers }, 200);
    await context.call('scimResourceTypes', 'refusal', { headers: wrong }, 401);
  },
  async scimSchemas(context) {
    const { headers, wrong } = await scimOrganization(context);
    await context.call('scimSchemas', 'happy', { headers }, 200);
    await context.call('scimSchemas', 'refusal', { headers: wrong }, 401);
  },
  async scimListUsers(context) {
    const { headers, wrong, domain, user } = await scimOrganization(context);
    await user();
    await context.call('scimListUsers', 'happy', { headers }, 200);
    const filter = `userName eq "nobody@${domain}"`;
    await context.call('scimListUsers', 'happy', { headers, query: { filter } }, 200);
    const malformed = { filter: 'userName co "a"' };
    await context.call('scimListUsers', 'refusal', { headers, query: malformed }, 400);
    await context.call('scimListUsers', 'refusal', { headers: wrong }, 401);
  },
  async scimCreateUser(context) {
    const { headers, domain } = await scimOrganization(context);
    const body = { userName: `new-${randomUUID().slice(0, 8)}@${domain}`, active: true };
    await context.call('scimCreateUser', 'happy', { headers, body }, 201);
    // An account registered with the address and never verified is replaced.
    const email = `registered-${randomUUID().slice(0, 8)}@${domain}`;
    await context.call(
      'register',
      'setup',
      { body: { email, password: PASSWORD, name: 'Unverified' } },
      202,
    );
    await context.call('scimCreateUser', 'happy', { headers, body: { userName: email } }, 201);
    // One whose workspace has a member: the workspace is handed on to them, who are told.
    const owning = await unverifiedOwnerWithMember(`owning-${randomUUID().slice(0, 8)}@${domain}`);
    const replaced = { userName: owning.email };
    await context.call('scimCreateUser', 'happy', { headers, body: replaced }, 201);
    const outside = { userName: 'someone@outside.example', active: true };
    await context.call('scimCreateUser', 'refusal', { headers, body: outside }, 400);
  },
  async scimGetUser(context) {
    const { headers, wrong, user } = await scimOrganization(context);
    const id = await user();
    await context.call('scimGetUser', 'happy', { headers, params: { id } }, 200);
    await context.call('scimGetUser', 'refusal', { headers, params: { id: randomUUID() } }, 404);
    await context.call('scimGetUser', 'refusal', { headers: wrong, params: { id } }, 401);
  },
  async scimReplaceUser(context) {
    const { headers, wrong, domain, leaver } = await scimOrganization(context);
    const id = await leaver();
    const body = {
      userName: `renamed-${randomUUID().slice(0, 8)}@${domain}`,
      displayName: 'Renamed',
      active: false,
    };
    await context.call('scimReplaceUser', 'happy', { headers, params: { id }, body }, 200);
    await context.call('scimReplaceUser', 'refusal', { headers: wrong, params: { id }, body }, 401);
  },
  async scimPatchUser(context) {
    const { headers, leaver } = await scimOrganization(context);
    const id = await leaver();
    const patch = (body: object) => ({ headers, params: { id }, body });
    await context.call('scimPatchUser', 'happy', patch(patchActive('False')), 200);
    // Reactivated: the default workspace and the mapped group's give the access back.
    await context.call('scimPatchUser', 'happy', patch(patchActive('True')), 200);
    await context.call('scimPatchUser', 'refusal', patch({ Operations: [] }), 400);
  },
  async scimDeleteUser(context) {
    const { headers, leaver } = await scimOrganization(context);
    const id = await leaver();
    await context.call('scimDeleteUser', 'happy', { headers, params: { id } }, 204);
    await context.call('scimDeleteUser', 'refusal', { headers, params: { id } }, 404);
  },
  async scimListGroups(context) {
    const { headers, wrong, group } = await scimOrganization(context);
    await group();
    const query = { filter: 'displayName eq "Nobody"', excludedAttributes: 'members' };
    await context.call('scimListGroups', 'happy', { headers, query }, 200);
    await context.call('scimListGroups', 'happy', { headers }, 200);
    const malformed = { filter: 'displayName sw "a"' };
    await context.call('scimListGroups', 'refusal', { headers, query: malformed }, 400);
    await context.call('scimListGroups', 'refusal', { headers: wrong }, 401);
  },
  async scimCreateGroup(context) {
    const { headers, wrong, user } = await scimOrganization(context);
    const body = { displayName: 'Created', members: [{ value: await user() }] };
    await context.call('scimCreateGroup', 'happy', { headers, body }, 201);
    await context.call('scimCreateGroup', 'refusal', { headers, body }, 409);
    await context.call('scimCreateGroup', 'refusal', { headers: wrong, body }, 401);
  },
  async scimGetGroup(context) {
    const { headers, wrong, group } = await scimOrganization(context);
    const id = await group();
    await context.call('scimGetGroup', 'happy', { headers, params: { id } }, 200);
    await context.call('scimGetGroup', 'refusal', { headers, params: { id: randomUUID() } }, 404);
    await context.call('scimGetGroup', 'refusal', { headers: wrong, params: { id } }, 401);
  },
  async scimReplaceGroup(context) {
    const { headers, owner, workspace, group, user, leaver } = await scimOrganization(context);
    const id = await group([await leaver()]);
    const mapping = { workspace_id: workspace, role: 'viewer' };
    await context.call(
      'mapScimGroup',
      'setup',
      { session: owner, params: { id }, body: mapping },
      200,
    );
    // The leaver is replaced by another person: one joins the workspace, the other leaves it.
    const body = { displayName: 'Replaced', members: [{ value: await user() }] };
    await context.call('scimReplaceGroup', 'happy', { headers, params: { id }, body }, 200);
    await context.call('scimReplaceGroup', 'refusal', { headers, params: { id }, body: {} }, 400);
  },
  async scimPatchGroup(context) {
    const { headers, group, user, leaver, workspace, owner } = await scimOrganization(context);
    const id = await group();
    const mapping = { workspace_id: workspace, role: 'workspace_manager' };
    await context.call(
      'mapScimGroup',
      'setup',
      { session: owner, params: { id }, body: mapping },
      200,
    );
    const members = [{ value: await user() }, { value: await leaver() }];
    const operations = (op: string) => ({ Operations: [{ op, path: 'members', value: members }] });
    const patch = (op: string) => ({ headers, params: { id }, body: operations(op) });
    await context.call('scimPatchGroup', 'happy', patch('Add'), 200);
    await context.call('scimPatchGroup', 'happy', patch('Remove'), 200);
    await context.call('scimPatchGroup', 'refusal', patch('move'), 400);
  },
  async scimDeleteGroup(context) {
    const { headers, group, leaver, owner, workspace } = await scimOrganization(context);
    const person = await leaver();
    const id = await group([person, await leaver()]);
    const other = await group([person]);
    const map = (groupId: string, role: string) =>
      context.call(
        'mapScimGroup',
        'setup',
        { session: owner, params: { id: groupId }, body: { workspace_id: workspace, role } },
        200,
      );
    await map(id, 'workspace_manager');
    await map(other, 'viewer');
    // One person keeps the workspace through the other group, with its lower role; the other
    // leaves it, their token handed on.
    await context.call('scimDeleteGroup', 'happy', { headers, params: { id } }, 204);
    await context.call('scimDeleteGroup', 'refusal', { headers, params: { id } }, 404);
  },
  async scimBasePath(context) {
    // /scim/ on its own: SCIM's 404, whoever asks, reading nothing.
    await context.call('scimBasePath', 'happy', {}, 404);
    await context.call('scimBasePath', 'refusal', { withoutOriginSecret: true }, 403);
  },
  async scimUnknownPath(context) {
    // A path under /scim/ that no SCIM route takes: SCIM's 404, whoever asks, reading nothing.
    const params = { proxy: 'v2/Unknown' };
    await context.call('scimUnknownPath', 'happy', { params }, 404);
    await context.call('scimUnknownPath', 'refusal', { params, withoutOriginSecret: true }, 403);
  },

  // Audit
  async listAuditEvents(context) {
    const { owner } = await world();
    await context.call(
      'listAuditEvents',
      'happy',
      { session: owner, query: { scope: 'organization' } },
      200,
    );
    await context.call(
      'listAuditEvents',
      'refusal',
      { session: owner, query: { scope: 'everything' } },
      400,
    );
  },
  async listWorkspaceAuditEvents(context) {
    const { owner, viewer, values } = await world();
    await context.call(
      'listWorkspaceAuditEvents',
      'happy',
      { session: owner, params: { id: values.workspace } },
      200,
    );
    await context.call(
      'listWorkspaceAuditEvents',
      'refusal',
      { session: viewer, params: { id: values.workspace } },
      403,
    );
  },
  async exportAudit(context) {
    const { owner, values } = await world();
    await context.call('exportAudit', 'happy', { session: owner, query: { format: 'csv' } }, 200);
    await context.call(
      'exportAudit',
      'happy',
      { session: owner, query: { format: 'json', workspace_id: values.workspace } },
      200,
    );
    await context.call('exportAudit', 'refusal', { session: owner, query: { format: 'xml' } }, 400);
  },

  // Plan and billing (Stripe is configured by CDK context: planPrices with Stripe price ids)
  async getPlan(context) {
    // An owner: the usage counts the members of each workspace they own.
    const { owner: user } = await world();
    await context.call('getPlan', 'happy', { session: user }, 200);
    await signedOut(context, 'getPlan');
  },
  // API keys
  async listApiKeys(context) {
    const user = await signedInUser();
    await context.call('listApiKeys', 'happy', { session: user }, 200);
    await signedOut(context, 'listApiKeys');
  },
  async createApiKey(context) {
    const { owner, values } = await world();
    const body = {
      name: 'Rehearsal key',
      workspace_id: values.workspace,
      access: 'read',
      expires_at: addCalendarDays(new Date(), 90),
    };
    const created = await context.call('createApiKey', 'happy', { session: owner, body }, 201);
    await context.call(
      'createApiKey',
      'refusal',
      { session: owner, body: { ...body, expires_at: addCalendarDays(new Date(), 400) } },
      400,
    );
    // The key works on a route that takes keys, whose function writes its rate limit and last use.
    const { secret } = created.json as { secret: string };
    await context.call(
      'listWorkspaces',
      'setup',
      { headers: { authorization: `Bearer ${secret}` }, withoutCsrf: true },
      200,
    );
    // At the plan's limit with a key that expired: that key is revoked to make room.
    const atLimit = await signedInUser({ plan: 'free' });
    const workspaceId = await (
      await workspaceFixtures()
    ).givenWorkspace({ ownerId: atLimit.userId, plan: 'free' });
    await (
      await import('../../functions/test-support/api-key-fixtures')
    ).givenApiKeys({ userId: atLimit.userId, workspaceId }, [
      { expiresOn: addCalendarDays(new Date(), -1), createdAt: new Date(Date.now() - 86_400_000) },
      { expiresOn: addCalendarDays(new Date(), 30), createdAt: new Date() },
    ]);
    await context.call(
      'createApiKey',
      'happy',
      { session: atLimit, body: { ...body, workspace_id: workspaceId } },
      201,
    );
  },
  async revokeApiKey(context) {
    const { owner, values } = await world();
    const created = await context.call(
      'createApiKey',
      'setup',
      {
        session: owner,
        body: {
          name: 'Rehearsal key',
          workspace_id: values.workspace,
          access: 'read',
          expires_at: addCalendarDays(new Date(), 30),
        },
      },
      201,
    );
    const { key } = created.json as { key: { id: string } };
    const request = { session: owner, params: { keyId: key.id } };
    await context.call('revokeApiKey', 'happy', request, 200);
    await context.call('revokeApiKey', 'refusal', request, 404);
  },
  async getWeeklySummary(context) {
    const user = await signedInUser();
    await context.call('getWeeklySummary', 'happy', { session: user }, 200);
    await signedOut(context, 'getWeeklySummary');
  },
  async updateWeeklySummary(context) {
    const user = await signedInUser();
    await context.call(
      'updateWeeklySummary',
      'happy',
      { session: user, body: { enabled: true, time_zone: 'Europe/Berlin' } },
      200,
    );
    await context.call(
      'updateWeeklySummary',
      'refusal',
      { session: user, body: { enabled: true, time_zone: 'Mars/Olympus_Mons' } },
      400,
    );
  },
  async getPlanPrices(context) {
    await context.call('getPlanPrices', 'happy', {}, 200);
    await context.call('getPlanPrices', 'refusal', { withoutOriginSecret: true }, 403);
  },
  async upgradePlan(context) {
    await paidWithStripe(context, { upgrade: 'happy' });
    await signedOut(context, 'upgradePlan', { body: { plan: 'pro' } });
  },
  async confirmBilling(context) {
    await paidWithStripe(context, { confirm: 'happy' });
    await signedOut(context, 'confirmBilling', { body: { session_id: 'cs_test_rehearsal' } });
  },
  async openBillingPortal(context) {
    const { user } = await paidWithStripe(context, {});
    await context.call('openBillingPortal', 'happy', { session: user }, 200);
    await signedOut(context, 'openBillingPortal');
  },
  async stripeWebhook(context) {
    // The subscription ended (cancelled in the portal): its customer's user goes back to free.
    // Of their two workspaces the older one keeps going (its alerts re-armed: its alert settings
    // made on their first read), the newer one is frozen.
    const { user, customer, subscription } = await paidWithStripe(context, {});
    await (
      await workspaceFixtures()
    ).givenWorkspace({
      ownerId: user.userId,
      plan: 'pro',
      name: 'Older',
      now: new Date(Date.now() - 30 * 86_400_000),
    });
    const { body, signature } = context.deployment.stripe.signedWebhook({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: subscription, object: 'subscription', status: 'canceled', customer },
      },
    });
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
    await context.call('stripeWebhook', 'happy', { body, headers }, 200);
    const forged = { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' };
    await context.call('stripeWebhook', 'refusal', { body, headers: forged }, 400);
    await context.call('stripeWebhook', 'refusal', { withoutOriginSecret: true, body: '{}' }, 403);
  },

  // Workspaces and members
  async listWorkspaces(context) {
    const { owner, viewer } = await world();
    await context.call('listWorkspaces', 'happy', { session: owner }, 200);
    // A member of someone else's workspace: its owner's name is read (BatchGetItem of users).
    await context.call('listWorkspaces', 'happy', { session: viewer }, 200);
    await signedOut(context, 'listWorkspaces');
  },
  async createWorkspace(context) {
    const user = await signedInUser();
    await context.call(
      'createWorkspace',
      'happy',
      { session: user, body: { name: 'Rehearsal' } },
      201,
    );
    await context.call('createWorkspace', 'refusal', { session: user, body: { name: '' } }, 400);
    // An owner of workspaces may have an API key: the request is sent with it.
    const { owner } = await world();
    await context.call(
      'createWorkspace',
      'happy',
      { session: owner, body: { name: 'Rehearsal by key' } },
      201,
    );
  },
  async getWorkspace(context) {
    const { owner, values } = await world();
    const outsider = await signedInUser();
    await context.call(
      'getWorkspace',
      'happy',
      { session: owner, params: { id: values.workspace } },
      200,
    );
    await context.call(
      'getWorkspace',
      'refusal',
      { session: outsider, params: { id: values.workspace } },
      404,
    );
  },
  async renameWorkspace(context) {
    const { owner, viewer, values } = await world();
    const request = { params: { id: values.workspace }, body: { name: 'Renamed' } };
    await context.call('renameWorkspace', 'happy', { session: owner, ...request }, 200);
    // A second rename frees the name the first one reserved.
    const again = { params: { id: values.workspace }, body: { name: 'Renamed again' } };
    await context.call('renameWorkspace', 'happy', { session: owner, ...again }, 200);
    await context.call('renameWorkspace', 'refusal', { session: viewer, ...request }, 403);
  },
  async deleteWorkspace(context) {
    const { owner, viewer, values } = await world();
    await context.call(
      'deleteWorkspace',
      'refusal',
      { session: viewer, params: { id: values.workspace } },
      403,
    );
    await context.call(
      'deleteWorkspace',
      'happy',
      { session: owner, params: { id: values.otherWorkspace } },
      200,
    );
    // A free owner with a workspace frozen beyond the plan's one: deleting the other unfreezes
    // it, and its alerts are armed again (its alert settings made on that first read).
    const { givenWorkspace } = await workspaceFixtures();
    const downgraded = await signedInUser({ plan: 'free' });
    const kept = await givenWorkspace({ ownerId: downgraded.userId, plan: 'free', name: 'Kept' });
    await givenWorkspace({
      ownerId: downgraded.userId,
      plan: 'free',
      name: 'Frozen',
      frozen: true,
      now: new Date(Date.now() + 1000),
    });
    await context.call(
      'deleteWorkspace',
      'happy',
      { session: downgraded, params: { id: kept } },
      200,
    );
  },
  async transferWorkspaceOwnership(context) {
    // A team owner hands a workspace to its workspace manager (team too): names, plans settled,
    // the new owner emailed; the former owner, a manager now, may not hand it back (403).
    const owner = await signedInUser();
    const manager = await signedInUser();
    const workspaceId = await (
      await workspaceFixtures()
    ).givenWorkspace({
      ownerId: owner.userId,
      plan: 'team',
      name: 'Handed over',
      members: [{ userId: manager.userId, role: 'workspace_manager' }],
    });
    const request = { params: { id: workspaceId }, body: { user_id: manager.userId } };
    await context.call('transferWorkspaceOwnership', 'happy', { session: owner, ...request }, 200);
    await context.call(
      'transferWorkspaceOwnership',
      'refusal',
      { session: owner, ...request },
      403,
    );
  },
  async listMembers(context) {
    const { owner, values } = await world();
    await context.call(
      'listMembers',
      'happy',
      { session: owner, params: { id: values.workspace } },
      200,
    );
    await signedOut(context, 'listMembers', { params: { id: values.workspace } });
  },
  async addMember(context) {
    const { owner, viewer, values } = await world();
    const request = {
      params: { id: values.workspace },
      body: { email: `invitee-${randomUUID()}@example.com`, role: 'viewer' },
    };
    await context.call('addMember', 'happy', { session: owner, ...request }, 201);
    await context.call('addMember', 'refusal', { session: viewer, ...request }, 403);
  },
  async updateMember(context) {
    const { owner, viewer, values } = await world();
    const params = { id: values.workspace, userId: values.viewer };
    await context.call(
      'updateMember',
      'happy',
      { session: owner, params, body: { role: 'workspace_manager' } },
      200,
    );
    // A pending invitation's role: the workspace's invitations are read.
    await context.call(
      'updateMember',
      'happy',
      {
        session: owner,
        params: { id: values.workspace, userId: values.invitation },
        body: { role: 'workspace_manager' },
      },
      200,
    );
    await context.call(
      'updateMember',
      'refusal',
      {
        session: viewer,
        params: { id: values.workspace, userId: values.owner },
        body: { role: 'viewer' },
      },
      403,
    );
  },
  async removeMember(context) {
    const { owner, viewer, values } = await world();
    await context.call(
      'removeMember',
      'refusal',
      { session: viewer, params: { id: values.workspace, userId: values.owner } },
      403,
    );
    // The viewer owns a token: removing them hands it to the owner (a token write).
    await context.call(
      'updateToken',
      'setup',
      { session: owner, params: { id: values.token }, body: { owner_id: values.viewer } },
      200,
    );
    await context.call(
      'removeMember',
      'happy',
      {
        session: owner,
        params: { id: values.workspace, userId: values.viewer },
        query: { successor_id: values.owner },
      },
      200,
    );
    // A pending invitation, by its id: the workspace's invitations are read.
    await context.call(
      'removeMember',
      'happy',
      { session: owner, params: { id: values.workspace, userId: values.invitation } },
      200,
    );
  },
  async setWorkspaceTwoFactorRequirement(context) {
    const { owner, viewer, values } = await world();
    const params = { id: values.workspace };
    await context.call(
      'setWorkspaceTwoFactorRequirement',
      'happy',
      { session: owner, params, body: { required: false } },
      200,
    );
    await context.call(
      'setWorkspaceTwoFactorRequirement',
      'refusal',
      { session: viewer, params, body: { required: true } },
      403,
    );
  },

  // Invitations: the invitee's side
  async getInvitationPreview(context) {
    const { values } = await world();
    const query = { email: values.invitedEmail, invitation: values.invitation };
    await context.call('getInvitationPreview', 'happy', { query }, 200);
    await context.call(
      'getInvitationPreview',
      'refusal',
      { query: { ...query, invitation: randomUUID() } },
      404,
    );
  },
  async listInvitations(context) {
    const invitee = await invitedUser();
    await context.call('listInvitations', 'happy', { session: invitee.user }, 200);
    await signedOut(context, 'listInvitations');
  },
  async acceptInvitation(context) {
    const invitee = await invitedUser();
    const stranger = await signedInUser();
    const params = { id: invitee.invitationId };
    await context.call('acceptInvitation', 'refusal', { session: stranger, params }, 404);
    await context.call('acceptInvitation', 'happy', { session: invitee.user, params }, 200);
  },
  async declineInvitation(context) {
    const invitee = await invitedUser();
    const stranger = await signedInUser();
    const params = { id: invitee.invitationId };
    await context.call('declineInvitation', 'refusal', { session: stranger, params }, 404);
    await context.call('declineInvitation', 'happy', { session: invitee.user, params }, 200);
  },

  // Discovery integrations: admins and workspace managers; credentials sealed under the KMS key.
  async listIntegrations(context) {
    const { owner, viewer, values } = await world();
    const params = { id: values.workspace };
    await context.call('listIntegrations', 'happy', { session: owner, params }, 200);
    await context.call('listIntegrations', 'refusal', { session: viewer, params }, 403);
  },
  async createIntegration(context) {
    const { owner, viewer, values } = await world();
    const request = { params: { id: values.workspace }, body: gitlabIntegrationBody };
    await context.call('createIntegration', 'refusal', { session: viewer, ...request }, 403);
    await context.call('createIntegration', 'happy', { session: owner, ...request }, 201);
  },
  async updateIntegration(context) {
    const { owner, viewer, values } = await world();
    const iid = await integrationOf(context, owner, values.workspace);
    const params = { id: values.workspace, iid };
    const body = { name: 'GitLab (renamed)', credentials: { token: 'glpat-rotated' } };
    await context.call('updateIntegration', 'refusal', { session: viewer, params, body }, 403);
    await context.call('updateIntegration', 'happy', { session: owner, params, body }, 200);
  },
  async deleteIntegration(context) {
    const { owner, viewer, values } = await world();
    const iid = await integrationOf(context, owner, values.workspace);
    const params = { id: values.workspace, iid };
    await context.call('deleteIntegration', 'refusal', { session: viewer, params }, 403);
    await context.call('deleteIntegration', 'happy', { session: owner, params }, 200);
  },
  // The rehearsal has no network: the sync opens the credentials, cannot reach GitLab and
  // answers its report with the error (200).
  async syncIntegration(context) {
    const { owner, viewer, values } = await world();
    const iid = await integrationOf(context, owner, values.workspace);
    const params = { id: values.workspace, iid };
    await context.call('syncIntegration', 'refusal', { session: viewer, params }, 403);
    await context.call('syncIntegration', 'external', { session: owner, params }, 200);
  },
  async previewIntegrationSync(context) {
    const { owner, viewer, values } = await world();
    const iid = await integrationOf(context, owner, values.workspace);
    const params = { id: values.workspace, iid };
    await context.call('previewIntegrationSync', 'refusal', { session: viewer, params }, 403);
    await context.call('previewIntegrationSync', 'external', { session: owner, params }, 200);
  },
  async linkIntegrationToken(context) {
    const { owner, viewer, values } = await world();
    const iid = await integrationOf(context, owner, values.workspace);
    const params = { id: values.workspace, iid };
    const body = { token_id: values.token, external_id: 'pat:1' };
    await context.call('linkIntegrationToken', 'refusal', { session: viewer, params, body }, 403);
    await context.call('linkIntegrationToken', 'happy', { session: owner, params, body }, 200);
    // A token already linked is refused with its reason.
    await context.call('linkIntegrationToken', 'refusal', { session: owner, params, body }, 400);
  },
};

/**
 * A new team workspace of the user whose alert settings nothing has read yet (the inventory token
 * of a scenario's API key goes to the user's first workspace by name, and makes that one's).
 */
/** A signed action link of an alert about the token's current expiry, sent to the owner. */
async function alertActionLinkOf(
  context: ScenarioContext,
  recipient: { readonly email: string },
  workspaceId: string,
  tokenId: string,
  action: 'snooze' | 'renewed',
): Promise<string> {
  const { newLinkClaims, signAlertActionLink } =
    await import('@expiry-radar/functions/domain/alert-action-link');
  const { findToken } = await import('@expiry-radar/functions/data/token-records');
  const token = await findToken(workspaceId, tokenId);
  if (!token) throw new Error(`No token ${tokenId}`);
  const claims = newLinkClaims(
    {
      recipient: recipient.email,
      workspaceId,
      tokenId,
      expiresAt: token.expiresAt,
      action,
      snoozeDays: action === 'snooze' ? 1 : null,
    },
    new Date(),
  );
  return signAlertActionLink(claims, context.deployment.alertLinkKey);
}

async function freshWorkspaceOf(user: { userId: string }): Promise<string> {
  return (await workspaceFixtures()).givenWorkspace({
    ownerId: user.userId,
    plan: 'team',
    name: `Zulu ${randomUUID().slice(0, 8)}`,
  });
}

/** A certificate authority of its own, made at rehearsal time. */
async function certificateAuthority() {
  return (await certificates()).makeCertificateAuthority({
    commonName: 'Rehearsal Internal CA',
    key: 'ec:P-256',
  });
}

/** A certificate authority the workspace trusts, added through the add function; its id. */
async function trustedCaOf(
  context: ScenarioContext,
  session: ApiSession,
  workspaceId: string,
): Promise<string> {
  const { pem } = await certificateAuthority();
  const answer = await context.call(
    'addTrustedCertificateAuthority',
    'setup',
    { session, params: { id: workspaceId }, body: { pem } },
    201,
  );
  return (answer.json as { id: string }).id;
}

/** A watched domain of the workspace, added through its route; its A-label. */
async function watchedDomainOf(
  context: ScenarioContext,
  session: ApiSession,
  workspaceId: string,
): Promise<string> {
  const domain = `rehearsal-${randomUUID().slice(0, 8)}.com`;
  await context.call(
    'addWatchedDomain',
    'setup',
    { session, params: { id: workspaceId }, body: { domain } },
    201,
  );
  return domain;
}

const gitlabIntegrationBody = {
  kind: 'gitlab',
  name: 'GitLab',
  settings: { base_url: 'https://gitlab.example.com' },
  credentials: { token: 'glpat-rehearsal' },
};

/** A GitLab integration made through the create function; its id. */
async function integrationOf(
  context: ScenarioContext,
  session: ApiSession,
  workspaceId: string,
): Promise<string> {
  const answer = await context.call(
    'createIntegration',
    'setup',
    { session, params: { id: workspaceId }, body: gitlabIntegrationBody },
    201,
  );
  return (answer.json as { id: string }).id;
}

/** A signed-in user with a pending invitation to a workspace of a seeded world. */
async function invitedUser() {
  const { owner, values } = await world();
  const user = await signedInUser();
  const { createInvitation } = await import('@expiry-radar/functions/data/member-records');
  const invitation = await createInvitation({
    workspaceId: values.workspace,
    email: user.email,
    role: 'viewer',
    invitedBy: owner.userId,
    now: new Date(),
    workspaceName: 'Ops',
    inviterName: 'Owner',
  });
  if (!invitation) throw new Error('The invitation was not created');
  return { user, invitationId: invitation.invitationId };
}
