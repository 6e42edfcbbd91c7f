/**
 * Expiry Radar as a SAML 2.0 service provider, through @node-saml/node-saml (every XML parse,
 * signature check and condition check happens inside it): the IdP's metadata read
 * (uploaded, or fetched through the SSRF guard of outbound requests), the AuthnRequest sent with
 * the HTTP-Redirect binding, and the HTTP-POST response checked.
 *
 * A response is accepted only when its assertion is signed by one of the IdP's certificates
 * (a signed response must still hold a signed assertion), comes from the IdP's entity id, names
 * our entity id as its audience and our ACS URL as its recipient (and destination, when it names
 * one), is within its time window (one minute of clock skew), and answers the request we sent:
 * InResponseTo on the response and in the signed subject confirmation. Replays are the caller's
 * check (the assertion id and its expiry are returned).
 */
import { samlServiceProviderUrls } from '@expiry-radar/shared/domain/organization-sign-in';
import { resolveAppOrigin } from './app-origin';
import { guardedRequest } from './guarded-http';
import {
  parseXml2JsFromString,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
} from './saml-xml-libraries';

const CLOCK_SKEW_MS = 60_000;
/** An assertion issued longer ago than this is refused whatever its NotOnOrAfter says. */
const MAX_ASSERTION_AGE_MS = 10 * 60_000;
const HTTP_REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const TRANSIENT_NAME_ID = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = [
  'name',
  'displayName',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
];

export interface SamlServiceProvider {
  /** Our entity id, also the URL of our metadata. */
  readonly entityId: string;
  /** Where the IdP posts its response (HTTP-POST binding). */
  readonly acsUrl: string;
}

export async function samlServiceProvider(): Promise<SamlServiceProvider> {
  return samlServiceProviderUrls(await resolveAppOrigin());
}

export interface IdentityProvider {
  readonly entityId: string;
  readonly ssoUrl: string;
  /** Base64 DER signing certificates. */
  readonly certificates: string[];
}

/** The IdP metadata could not be used; the message says why, for the person setting it up. */
export class SamlMetadataError extends Error {
  override readonly name = 'SamlMetadataError';
}

type XmlNode = Record<string, unknown> & { $?: Record<string, string>; _?: string };

function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

/** Reads an IdP's entity id, its HTTP-Redirect sign-in URL and its signing certificates. */
export async function readIdentityProviderMetadata(xml: string): Promise<IdentityProvider> {
  let document: Record<string, unknown>;
  try {
    document = await parseXml2JsFromString(xml);
  } catch {
    throw new SamlMetadataError('The IdP metadata is not valid XML.');
  }
  // The root element is an object; the elements under it are arrays.
  const single = document.EntityDescriptor as XmlNode | undefined;
  const list = document.EntitiesDescriptor as XmlNode | undefined;
  const entities = [...(single ? [single] : []), ...children(list, 'EntityDescriptor')];
  const entity = entities.find((candidate) => children(candidate, 'IDPSSODescriptor').length > 0);
  const idp = children(entity, 'IDPSSODescriptor')[0];
  const entityId = entity?.$?.entityID?.trim();
  if (!entity || !idp || !entityId) {
    throw new SamlMetadataError(
      'The metadata holds no identity provider (an EntityDescriptor with an IDPSSODescriptor).',
    );
  }
  const ssoUrl = children(idp, 'SingleSignOnService')
    .find((service) => service.$?.Binding === HTTP_REDIRECT_BINDING)
    ?.$?.Location?.trim();
  if (!ssoUrl || !/^https?:\/\//i.test(ssoUrl)) {
    throw new SamlMetadataError(
      'The IdP metadata names no sign-in URL for the HTTP-Redirect binding (SingleSignOnService).',
    );
  }
  const certificates = children(idp, 'KeyDescriptor')
    .filter((key) => !key.$?.use || key.$.use === 'signing')
    .flatMap((key) => children(key, 'KeyInfo'))
    .flatMap((info) => children(info, 'X509Data'))
    .flatMap((data) => children(data, 'X509Certificate'))
    .map((certificate) => (certificate._ ?? '').replace(/\s+/g, ''))
    .filter((certificate) => certificate !== '');
  if (certificates.length === 0) {
    throw new SamlMetadataError('The IdP metadata holds no signing certificate (KeyDescriptor).');
  }
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

/** Fetches the IdP metadata from its URL through the SSRF guard, then reads it. */
export async function fetchIdentityProviderMetadata(url: string): Promise<IdentityProvider> {
  let answer: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    answer = await guardedRequest('GET', url, { accept: 'application/samlmetadata+xml, */*' });
  } catch {
    throw new SamlMetadataError(`The IdP metadata URL could not be reached (${url}).`);
  }
  if (answer.status !== 200) {
    throw new SamlMetadataError(
      `The IdP metadata URL answered HTTP ${String(answer.status)} (${url}).`,
    );
  }
  return readIdentityProviderMetadata(answer.text);
}

function samlOf(idp: IdentityProvider, sp: SamlServiceProvider, requestIds: RequestIdSlot): SAML {
  return new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: idp.ssoUrl,
    idpCert: idp.certificates,
    idpIssuer: idp.entityId,
    audience: sp.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: requestIds,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    // The IdP sends the NameID format it is set up with (the guides ask for persistent).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/**
 * node-saml's cache of request ids, for one request: it learns the id of the AuthnRequest it
 * builds, and knows only the one id the pending sign-in stored when a response is checked.
 */
class RequestIdSlot {
  constructor(public requestId: string | undefined) {}

  saveAsync(key: string, value: string) {
    this.requestId = key;
    return Promise.resolve({ value, createdAt: Date.now() });
  }

  /** node-saml reads the value as the request's time; the pending sign-in's own expiry rules. */
  getAsync(key: string) {
    return Promise.resolve(key === this.requestId ? new Date().toISOString() : null);
  }

  removeAsync(key: string | null) {
    return Promise.resolve(key);
  }
}

export interface SamlAuthorizationRequest {
  readonly url: string;
  readonly requestId: string;
}

export async function startSamlAuthorization(
  idp: IdentityProvider,
  relayState: string,
): Promise<SamlAuthorizationRequest> {
  const slot = new RequestIdSlot(undefined);
  const url = await samlOf(idp, await samlServiceProvider(), slot).getAuthorizeUrlAsync(
    relayState,
    undefined,
    {},
  );
  if (!slot.requestId) throw new Error('node-saml built an AuthnRequest without an id');
  return { url, requestId: slot.requestId };
}

export interface SamlIdentity {
  /** The NameID; undefined when it is transient (it names nobody from one sign-in to the next). */
  readonly subject: string | undefined;
  readonly email: string | undefined;
  readonly name: string | undefined;
  readonly assertionId: string;
  /** The latest instant the assertion could still be accepted: how long to remember its id. */
  readonly acceptableUntil: Date;
}

/** Why a response was refused: a short code for the audit trail, and the library's message. */
export class SamlResponseRefused extends Error {
  override readonly name = 'SamlResponseRefused';
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

function reasonOf(message: string): string {
  if (/signature/i.test(message)) return 'signature_invalid';
  if (/expired|not yet valid|NotBefore|NotOnOrAfter|subject confirmation/i.test(message)) {
    return 'outside_time_window';
  }
  if (/audience/i.test(message)) return 'audience_mismatch';
  if (/InResponseTo/i.test(message)) return 'in_response_to_mismatch';
  if (/issuer/i.test(message)) return 'issuer_mismatch';
  return 'response_invalid';
}

function firstText(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
}

/** The attribute values of the (verified) assertion node-saml parsed. */
type AssertionNode = XmlNode & {
  Subject?: XmlNode[];
  Conditions?: XmlNode[];
};

function confirmationData(assertion: AssertionNode): Array<Record<string, string>> {
  return children(assertion.Subject?.[0], 'SubjectConfirmation')
    .flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'))
    .map((data) => data.$ ?? {});
}

async function checkDestination(responseXml: string | undefined, acsUrl: string) {
  if (!responseXml) return;
  const response = (await parseXml2JsFromString(responseXml)).Response as XmlNode | undefined;
  const destination = response?.$?.Destination;
  if (destination !== undefined && destination !== acsUrl) {
    throw new SamlResponseRefused(
      'destination_mismatch',
      `The response's Destination is ${destination}, not ${acsUrl}`,
    );
  }
}

/**
 * Checks a posted SAMLResponse against the IdP and the request we sent (its id); throws
 * SamlResponseRefused with the reason otherwise.
 */
export async function completeSamlResponse(
  idp: IdentityProvider,
  samlResponse: string,
  expectedRequestId: string,
  now: Date,
): Promise<SamlIdentity> {
  const sp = await samlServiceProvider();
  const saml = samlOf(idp, sp, new RequestIdSlot(expectedRequestId));
  let profile;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    if (error instanceof SamlStatusError) {
      throw new SamlResponseRefused('provider_error', error.message);
    }
    const message = (error as Error).message;
    throw new SamlResponseRefused(reasonOf(message), message);
  }
  if (!profile) throw new SamlResponseRefused('response_invalid', 'The response signs nobody in');

  const assertion = (profile.getAssertion?.() as { Assertion?: AssertionNode } | undefined)
    ?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertion || !assertionId) {
    throw new SamlResponseRefused('response_invalid', 'The assertion has no ID');
  }
  const confirmations = confirmationData(assertion);
  if (!confirmations.some((data) => data.Recipient === sp.acsUrl)) {
    throw new SamlResponseRefused(
      'recipient_mismatch',
      `The assertion's Recipient is ${confirmations.map((data) => data.Recipient ?? 'none').join(', ')}, not ${sp.acsUrl}`,
    );
  }
  // The response's InResponseTo is outside the assertion's signature; the signed one must match.
  if (!confirmations.some((data) => data.InResponseTo === expectedRequestId)) {
    throw new SamlResponseRefused(
      'in_response_to_mismatch',
      'The signed subject confirmation does not answer the request we sent (InResponseTo)',
    );
  }
  await checkDestination(profile.getSamlResponseXml?.(), sp.acsUrl);

  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const nameId = profile.nameID?.trim() || undefined;
  const attributeEmail = EMAIL_ATTRIBUTES.map((name) => firstText(attributes[name])).find(Boolean);
  const email = attributeEmail ?? (nameId?.includes('@') ? nameId : undefined);
  const notOnOrAfter = [
    assertion.Conditions?.[0]?.$?.NotOnOrAfter,
    ...confirmations.map((data) => data.NotOnOrAfter),
  ]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => Date.parse(value))
    .filter((value) => Number.isFinite(value));
  const latest = Math.min(
    now.getTime() + MAX_ASSERTION_AGE_MS,
    ...notOnOrAfter.map((value) => value + CLOCK_SKEW_MS),
  );
  return {
    subject: profile.nameIDFormat === TRANSIENT_NAME_ID ? undefined : nameId,
    email: email?.toLowerCase(),
    name: NAME_ATTRIBUTES.map((name) => firstText(attributes[name])).find(Boolean),
    assertionId,
    acceptableUntil: new Date(latest),
  };
}
