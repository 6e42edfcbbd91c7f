/** Tokens: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import { createTokenBodySchema } from '../../domain/create-token-schema';
import { updateTokenBodySchema } from '../../domain/update-token-schema';
import { startUpRoutes } from '../start-up-routes';
import { idParams, okResponse } from '../common-schemas';
import { parseCertificateBody, parseCertificateResponse } from '../certificate-api-schemas';
import { endpointProbeBody, endpointProbeResponse } from '../endpoint-api-schemas';
import {
  domainRegistrationsBody,
  domainRegistrationsResponse,
} from '../domain-registration-api-schemas';
import {
  addTrustedCaBody,
  listTrustedCasResponse,
  trustedCaParams,
  trustedCaSchema,
} from '../trusted-ca-api-schemas';
import {
  addWatchedDomainBody,
  certificateTransparencyKeyBody,
  certificateTransparencyKeyResponse,
  ctFindingParams,
  listWatchedDomainsResponse,
  updateWatchedDomainBody,
  watchedDomainParams,
  watchedDomainSchema,
} from '../watched-domain-api-schemas';
import {
  deleteTokenResponse,
  listTokensQuery,
  listTokensResponse,
  tokenResponse,
} from '../token-api-schemas';

export const tokenRoutes = {
  listTokens: {
    ...startUpRoutes.listTokens,
    auth: 'verifiedSession',
    summary: "A page of a workspace's tokens with facets per category and section.",
    request: { query: listTokensQuery },
    response: listTokensResponse,
    apiKey: 'workspace',
  },
  createToken: {
    id: 'createToken',
    method: 'POST',
    path: '/api/tokens',
    auth: 'verifiedSession',
    summary: 'Creates a token in a workspace (admin or workspace manager).',
    request: { body: createTokenBodySchema },
    response: tokenResponse,
    apiKey: 'workspace',
    successStatus: 201,
  },
  createDomainRegistrations: {
    id: 'createDomainRegistrations',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/domain-registrations',
    auth: 'verifiedSession',
    summary:
      "Adds domains to follow in bulk (at most 100): one Domain Registration token per registered domain, keeping the given expiry until its registry's RDAP answers; domains already followed and entries that are not registered domains are answered, not added (admin or workspace manager).",
    request: { params: idParams, body: domainRegistrationsBody },
    response: domainRegistrationsResponse,
    apiKey: 'workspace',
    successStatus: 201,
  },
  updateToken: {
    id: 'updateToken',
    method: 'PUT',
    path: '/api/tokens/{id}',
    auth: 'verifiedSession',
    summary: 'Edits or renews a token; type and category cannot change.',
    request: { params: idParams, body: updateTokenBodySchema },
    response: tokenResponse,
    apiKey: 'workspace',
    ifMatch: "the token's `updated_at` in double quotes",
  },
  deleteToken: {
    id: 'deleteToken',
    method: 'DELETE',
    path: '/api/tokens/{id}',
    auth: 'verifiedSession',
    summary: 'Deletes a token permanently.',
    request: { params: idParams },
    response: deleteTokenResponse,
    apiKey: 'workspace',
  },
  parseCertificate: {
    id: 'parseCertificate',
    method: 'POST',
    path: '/api/certificates/parse',
    auth: 'verifiedSession',
    summary:
      'Reads PEM certificates (a chain fills from its leaf; several leaves answer one each) into token fields; private keys are refused unread.',
    request: { body: parseCertificateBody },
    response: parseCertificateResponse,
    apiKey: 'workspace',
  },
  probeEndpoint: {
    id: 'probeEndpoint',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/endpoint-probes',
    auth: 'verifiedSession',
    summary:
      "Check now: connects to a TLS endpoint (host, port, SNI name; through the webhooks SSRF guard, 10 s) and answers the served leaf certificate in the token form's fields, with what a scheduled check would say of it. Rate limited; admins and workspace managers.",
    request: { params: idParams, body: endpointProbeBody },
    response: endpointProbeResponse,
  },
  listTrustedCertificateAuthorities: {
    id: 'listTrustedCertificateAuthorities',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/trusted-certificate-authorities',
    auth: 'verifiedSession',
    summary:
      "The workspace's trusted certificate authorities, oldest first: the CA certificates its endpoint checks and Check now trust beside the public roots (members).",
    request: { params: idParams },
    response: listTrustedCasResponse,
    apiKey: 'workspace',
  },
  addTrustedCertificateAuthority: {
    id: 'addTrustedCertificateAuthority',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/trusted-certificate-authorities',
    auth: 'verifiedSession',
    summary:
      'Trusts one CA certificate (PEM, basicConstraints CA:TRUE, not expired, at most 16,384 characters) for the endpoint checks of the workspace, at most 20 per workspace; the same certificate twice answers 409 (admins).',
    request: { params: idParams, body: addTrustedCaBody },
    response: trustedCaSchema,
    apiKey: 'workspace',
    successStatus: 201,
  },
  removeTrustedCertificateAuthority: {
    id: 'removeTrustedCertificateAuthority',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/trusted-certificate-authorities/{caId}',
    auth: 'verifiedSession',
    summary:
      'Stops trusting a certificate authority: the next check of an endpoint it signed finds its chain untrusted (admins).',
    request: { params: trustedCaParams },
    response: okResponse,
    apiKey: 'workspace',
  },
  listWatchedDomains: {
    id: 'listWatchedDomains',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/watched-domains',
    auth: 'verifiedSession',
    summary:
      "The certificate transparency watch of the workspace: its watched domains, the plan's limit, whether a Cert Spotter API key is stored (never the key), and the certificates seen for them, newest first (members).",
    request: { params: idParams },
    response: listWatchedDomainsResponse,
    apiKey: 'workspace',
  },
  addWatchedDomain: {
    id: 'addWatchedDomain',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/watched-domains',
    auth: 'verifiedSession',
    summary:
      "Watches a domain (a registered domain or a name under one; IDNs stored as A-labels) in certificate transparency logs, with or without its subdomains, adding new certificates by themselves or alerting, with an optional issuer allow-list; within the plan's watched domains (0 / 5 / 50 / unlimited); the same domain twice answers 409 (admins).",
    request: { params: idParams, body: addWatchedDomainBody },
    response: watchedDomainSchema,
    apiKey: 'workspace',
    successStatus: 201,
  },
  updateWatchedDomain: {
    id: 'updateWatchedDomain',
    method: 'PATCH',
    path: '/api/v1/workspaces/{id}/watched-domains/{domain}',
    auth: 'verifiedSession',
    summary:
      "Changes a watched domain's subdomains, automatic adding or issuer allow-list (admins).",
    request: { params: watchedDomainParams, body: updateWatchedDomainBody },
    response: watchedDomainSchema,
    apiKey: 'workspace',
  },
  removeWatchedDomain: {
    id: 'removeWatchedDomain',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/watched-domains/{domain}',
    auth: 'verifiedSession',
    summary: 'Stops watching a domain; the certificates seen for it stay listed (admins).',
    request: { params: watchedDomainParams },
    response: okResponse,
    apiKey: 'workspace',
  },
  addCertificateToInventory: {
    id: 'addCertificateToInventory',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/watched-domains/certificates/{certificateId}/inventory',
    auth: 'verifiedSession',
    summary:
      'Add to inventory: makes a certificate seen in certificate transparency logs a monitored certificate token (its names, issuer and expiry; its first name checked on port 443) (admin or workspace manager).',
    request: { params: ctFindingParams },
    response: tokenResponse,
    apiKey: 'workspace',
    successStatus: 201,
  },
  setCertificateTransparencyKey: {
    id: 'setCertificateTransparencyKey',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/certificate-transparency-key',
    auth: 'verifiedSession',
    summary:
      "Stores the workspace's Cert Spotter API key sealed (never answered, logged or audited), or removes it with null; without one the watch reads Cert Spotter at its unauthenticated rate (admins).",
    request: { params: idParams, body: certificateTransparencyKeyBody },
    response: certificateTransparencyKeyResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
