/** Enterprise sign-in: the organization's verified domains and its SSO connection (its owner): this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  addOrganizationDomainBody,
  organizationDomainParams,
  organizationDomainResponse,
  organizationSignInResponse,
  saveSsoConnectionBody,
  ssoConnectionResponse,
} from '../organization-sign-in-api-schemas';
import { okResponse } from '../common-schemas';

export const organizationSignInRoutes = {
  getOrganizationSignIn: {
    id: 'getOrganizationSignIn',
    method: 'GET',
    path: '/api/organization/sign-in',
    auth: 'verifiedSession',
    summary:
      "The caller's organization: its email domains (each with the DNS TXT record that verifies it) and its SSO connection (never the client secret).",
    response: organizationSignInResponse,
  },
  addOrganizationDomain: {
    id: 'addOrganizationDomain',
    method: 'POST',
    path: '/api/organization/domains',
    auth: 'verifiedSession',
    summary:
      'Adds an email domain to verify (Team and Enterprise owners); answers the TXT record to publish.',
    request: { body: addOrganizationDomainBody },
    response: organizationDomainResponse,
  },
  verifyOrganizationDomain: {
    id: 'verifyOrganizationDomain',
    method: 'POST',
    path: '/api/organization/domains/{domain}/verify',
    auth: 'verifiedSession',
    summary:
      "Reads the domain's TXT records and verifies it when the token is there; a domain another organization verified is refused.",
    request: { params: organizationDomainParams },
    response: organizationDomainResponse,
  },
  removeOrganizationDomain: {
    id: 'removeOrganizationDomain',
    method: 'DELETE',
    path: '/api/organization/domains/{domain}',
    auth: 'verifiedSession',
    summary: 'Removes an email domain (and its verification) from the organization.',
    request: { params: organizationDomainParams },
    response: okResponse,
  },
  saveSsoConnection: {
    id: 'saveSsoConnection',
    method: 'PUT',
    path: '/api/organization/sso',
    auth: 'verifiedSession',
    summary:
      "Creates or changes the organization's OpenID Connect connection (issuer discovered and checked first), its default workspace and role, and Require SSO.",
    request: { body: saveSsoConnectionBody },
    response: ssoConnectionResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
