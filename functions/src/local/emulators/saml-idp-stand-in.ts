/**
 * A SAML 2.0 identity provider standing in for Entra ID, Okta or Keycloak locally (`npm start`)
 * and in tests, on 127.0.0.1. At start it makes a signing key and a self-signed certificate with
 * `openssl`, and serves:
 *
 * - `GET /metadata`: its IdP metadata (entity id `<url>/metadata`, the certificate, the
 *   HTTP-Redirect SingleSignOnService `<url>/sso`), what a connection is set up with;
 * - `GET /sso?SAMLRequest=…&RelayState=…`: the AuthnRequest (deflated, HTTP-Redirect binding)
 *   read, and a page where a person picks the user to sign in as (the users it holds, or any
 *   address typed);
 * - `POST /sso`: the chosen user's Response, its assertion signed (RSA-SHA256, exclusive c14n),
 *   posted to the request's AssertionConsumerServiceURL by a self-submitting form (HTTP-POST).
 *
 * `PUT /stand-in/users` with `{"users": [{"email", "name"?, "nameId"?}]}` sets the users the page
 * offers. Tests build responses directly with `signedResponse`, also wrong ones (unsigned, signed
 * by another key, expired, for another audience or recipient).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { parseXml2JsFromString, signXml } from '@node-saml/node-saml/lib/xml';
import { makeSelfSignedCertificate } from './self-signed-certificate';
import { closeServer, jsonAnswer, listenOnLoopback, readBodyText } from './stand-in-http';

export interface SamlIdpUser {
  readonly email: string;
  readonly name?: string;
  /** The persistent NameID; the address when absent. */
  readonly nameId?: string;
}

export interface SamlResponseOptions {
  readonly user: SamlIdpUser;
  /** The AuthnRequest's ID; none for an unsolicited response. */
  readonly inResponseTo?: string;
  /** The SP's ACS URL: the Response's Destination and the confirmation's Recipient. */
  readonly acsUrl: string;
  readonly audience: string;
  readonly recipient?: string;
  readonly destination?: string;
  /** Instant of issue; now by default. */
  readonly issuedAt?: Date;
  /** How long the assertion is valid from its issue; 5 minutes by default. */
  readonly validForMs?: number;
  /** What is signed: the assertion (default), the response as well, or nothing. */
  readonly sign?: 'assertion' | 'response-and-assertion' | 'response-only' | 'none';
  /** Signs with a key the IdP's metadata does not hold. */
  readonly foreignKey?: boolean;
  readonly nameIdFormat?: string;
  readonly assertionId?: string;
}

export interface SamlIdpStandIn {
  readonly url: string;
  readonly entityId: string;
  readonly metadataUrl: string;
  readonly metadataXml: string;
  setUsers(users: readonly SamlIdpUser[]): void;
  /** A base64 SAMLResponse as the IdP would post it. */
  signedResponse(options: SamlResponseOptions): string;
  stop(): Promise<void>;
}

const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

const DEFAULT_USERS: SamlIdpUser[] = [
  { email: 'ada@saml.example', name: 'Ada Lovelace', nameId: 'ada' },
  { email: 'alan@saml.example', name: 'Alan Turing', nameId: 'alan' },
];

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

function metadataOf(entityId: string, ssoUrl: string, certificate: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>${PERSISTENT}</md:NameIDFormat>
    <md:SingleSignOnService Binding="${REDIRECT_BINDING}" Location="${escapeXml(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}

function attribute(name: string, value: string): string {
  return `<saml:Attribute Name="${escapeXml(name)}"><saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
}

function responseXml(entityId: string, options: SamlResponseOptions, now: Date): string {
  const issuedAt = options.issuedAt ?? now;
  const until = new Date(issuedAt.getTime() + (options.validForMs ?? 5 * 60_000));
  const instant = issuedAt.toISOString();
  const inResponseTo =
    options.inResponseTo === undefined ? '' : ` InResponseTo="${escapeXml(options.inResponseTo)}"`;
  const destination = escapeXml(options.destination ?? options.acsUrl);
  const recipient = escapeXml(options.recipient ?? options.acsUrl);
  const issuer = `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>`;
  const { user } = options;
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${instant}" Destination="${destination}"${inResponseTo}>` +
    issuer +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${escapeXml(options.assertionId ?? `_${randomUUID()}`)}" Version="2.0" IssueInstant="${instant}">` +
    issuer +
    `<saml:Subject><saml:NameID Format="${escapeXml(options.nameIdFormat ?? PERSISTENT)}">${escapeXml(user.nameId ?? user.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until.toISOString()}" Recipient="${recipient}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant}" NotOnOrAfter="${until.toISOString()}"><saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attribute('email', user.email)}${user.name ? attribute('name', user.name) : ''}</saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`
  );
}

const sendJson = jsonAnswer('application/json');

const ASSERTION = "//*[local-name(.)='Assertion']";
const RESPONSE = "/*[local-name(.)='Response']";

function sign(xml: string, target: string, privateKey: string): string {
  return signXml(
    xml,
    target,
    { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' },
    { privateKey, signatureAlgorithm: 'sha256', digestAlgorithm: 'sha256' },
  );
}

function page(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SAML stand-in</title></head><body>${html}</body></html>`,
  );
}

interface AuthnRequest {
  readonly id: string;
  readonly acsUrl: string;
  readonly spEntityId: string;
}

async function readAuthnRequest(encoded: string): Promise<AuthnRequest | undefined> {
  try {
    const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const document = await parseXml2JsFromString(xml);
    const request = document.AuthnRequest as
      { $?: Record<string, string>; Issuer?: Array<{ _?: string }> } | undefined;
    const id = request?.$?.ID;
    const acsUrl = request?.$?.AssertionConsumerServiceURL;
    const spEntityId = request?.Issuer?.[0]?._;
    if (!id || !acsUrl || !spEntityId) return undefined;
    return { id, acsUrl, spEntityId };
  } catch {
    return undefined;
  }
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeXml(name)}" value="${escapeXml(value)}">`;
}

function pickerPage(request: AuthnRequest, relayState: string, users: readonly SamlIdpUser[]) {
  const fields =
    hidden('request_id', request.id) +
    hidden('acs_url', request.acsUrl) +
    hidden('sp_entity_id', request.spEntityId) +
    hidden('relay_state', relayState);
  const buttons = users
    .map(
      (user) =>
        `<li><form method="post" action="/sso">${fields}${hidden('email', user.email)}<button type="submit">${escapeXml(user.email)}</button> ${escapeXml(user.name ?? '')}</form></li>`,
    )
    .join('');
  return (
    `<main><h1>SAML stand-in: sign in to ${escapeXml(request.spEntityId)}</h1>` +
    `<p>Choose the user to sign in as.</p><ul>${buttons}</ul>` +
    `<form method="post" action="/sso">${fields}<label>Another address <input name="email" type="email" required></label> <button type="submit">Sign in as this address</button></form></main>`
  );
}

function postingPage(acsUrl: string, samlResponse: string, relayState: string): string {
  return (
    `<form id="saml" method="post" action="${escapeXml(acsUrl)}">${hidden('SAMLResponse', samlResponse)}${hidden('RelayState', relayState)}` +
    `<noscript><button type="submit">Continue</button></noscript></form>` +
    `<script>document.getElementById('saml').submit()</script>`
  );
}

export async function startSamlIdpStandIn(
  options: { port?: number } = {},
): Promise<SamlIdpStandIn> {
  const signing = makeSelfSignedCertificate({
    commonName: 'expiry-radar-saml-stand-in',
    days: 30,
  });
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  let users: SamlIdpUser[] = [...DEFAULT_USERS];
  let url = '';
  let entityId = '';
  let metadataXml = '';

  const signedResponse = (response: SamlResponseOptions): string => {
    const key = response.foreignKey ? foreignKey : signing.key;
    let xml = responseXml(entityId, response, new Date());
    const mode = response.sign ?? 'assertion';
    if (mode === 'assertion' || mode === 'response-and-assertion') xml = sign(xml, ASSERTION, key);
    if (mode === 'response-and-assertion' || mode === 'response-only') {
      xml = sign(xml, RESPONSE, key);
    }
    return Buffer.from(xml, 'utf8').toString('base64');
  };

  const server = createServer((request, response) => {
    void (async () => {
      const requestUrl = new URL(request.url ?? '/', url);
      if (request.method === 'GET' && requestUrl.pathname === '/metadata') {
        response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
        response.end(metadataXml);
        return;
      }
      if (request.method === 'GET' && requestUrl.pathname === '/sso') {
        const authnRequest = await readAuthnRequest(
          requestUrl.searchParams.get('SAMLRequest') ?? '',
        );
        if (!authnRequest) {
          page(response, 400, '<p>The SAMLRequest is missing or cannot be read.</p>');
          return;
        }
        const relayState = requestUrl.searchParams.get('RelayState') ?? '';
        page(response, 200, pickerPage(authnRequest, relayState, users));
        return;
      }
      if (request.method === 'POST' && requestUrl.pathname === '/sso') {
        const form = new URLSearchParams(await readBodyText(request));
        const email = form.get('email')?.trim().toLowerCase() ?? '';
        const acsUrl = form.get('acs_url') ?? '';
        const user = users.find((known) => known.email === email) ?? { email };
        const samlResponse = signedResponse({
          user,
          inResponseTo: form.get('request_id') ?? '',
          acsUrl,
          audience: form.get('sp_entity_id') ?? '',
        });
        page(response, 200, postingPage(acsUrl, samlResponse, form.get('relay_state') ?? ''));
        return;
      }
      if (request.method === 'PUT' && requestUrl.pathname === '/stand-in/users') {
        const body = JSON.parse(await readBodyText(request)) as { users?: SamlIdpUser[] };
        users = (body.users ?? []).map((user) => ({ ...user, email: user.email.toLowerCase() }));
        sendJson(response, 200, { users });
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
    })().catch((error: unknown) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end((error as Error).message);
    });
  });
  url = `http://127.0.0.1:${String(await listenOnLoopback(server, options.port))}`;
  entityId = `${url}/metadata`;
  metadataXml = metadataOf(entityId, `${url}/sso`, signing.certificate);

  return {
    url,
    entityId,
    metadataUrl: entityId,
    metadataXml,
    setUsers: (next) => {
      users = next.map((user) => ({ ...user, email: user.email.toLowerCase() }));
    },
    signedResponse,
    stop: () => closeServer(server),
  };
}
