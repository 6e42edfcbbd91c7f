/** Single sign-on through an organization's identity provider: this area's routes of the route table (route-table.ts), keyed by id. */
import { FORM_MEDIA_TYPE, type RouteDefinition } from '../route-definition';
import {
  ssoCallbackQuery,
  ssoLookupBody,
  ssoLookupResponse,
  ssoSignInQuery,
  samlAcsBody,
  samlMetadataResponse,
} from '../organization-sign-in-api-schemas';
import { redirectResponse } from '../common-schemas';

export const ssoRoutes = {
  ssoLookup: {
    id: 'ssoLookup',
    method: 'POST',
    path: '/auth/sso/lookup',
    auth: 'public',
    summary:
      'Whether an address belongs to a verified domain with an SSO connection, whether SSO is required for it, and where to sign in.',
    request: { body: ssoLookupBody },
    response: ssoLookupResponse,
  },
  ssoSignIn: {
    id: 'ssoSignIn',
    method: 'GET',
    path: '/auth/sso',
    auth: 'public',
    summary:
      "Redirects an address of a verified domain to its organization's identity provider (authorization code with PKCE, state and nonce).",
    request: { query: ssoSignInQuery },
    response: redirectResponse,
  },
  ssoCallback: {
    id: 'ssoCallback',
    method: 'GET',
    path: '/auth/sso/callback',
    auth: 'public',
    summary:
      'The identity provider returns here; checks state, issuer and the ID token (nonce), signs in or creates the account, then redirects to the app.',
    request: { query: ssoCallbackQuery },
    response: redirectResponse,
  },
  samlMetadata: {
    id: 'samlMetadata',
    method: 'GET',
    path: '/auth/saml/metadata',
    auth: 'public',
    summary:
      "Expiry Radar's SAML 2.0 service provider metadata (its entity id is this URL; the assertion consumer service; signed assertions wanted), as an XML file.",
    response: samlMetadataResponse,
  },
  samlAcs: {
    id: 'samlAcs',
    method: 'POST',
    path: '/auth/saml/acs',
    auth: 'public',
    summary:
      "The SAML assertion consumer service (HTTP-POST binding, a form body, no CSRF): checks the response's signed assertion, issuer, audience, recipient, time window, InResponseTo and replay, then signs in or creates the account and redirects to the app.",
    request: { body: samlAcsBody },
    requestMediaType: FORM_MEDIA_TYPE,
    response: redirectResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
