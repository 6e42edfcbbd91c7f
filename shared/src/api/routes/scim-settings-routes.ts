/** SCIM provisioning: the organization page's part (its owner): this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  createScimTokenResponse,
  mapScimGroupBody,
  scimGroupParams,
  scimSettingsResponse,
} from '../scim-api-schemas';
import { okResponse } from '../common-schemas';

export const scimSettingsRoutes = {
  getScimSettings: {
    id: 'getScimSettings',
    method: 'GET',
    path: '/api/organization/scim',
    auth: 'verifiedSession',
    summary:
      "The organization's SCIM provisioning: whether a token exists (never the token) and the groups its identity provider pushed, with their workspace and role.",
    response: scimSettingsResponse,
  },
  createScimToken: {
    id: 'createScimToken',
    method: 'POST',
    path: '/api/organization/scim/token',
    auth: 'verifiedSession',
    summary:
      "Makes the organization's SCIM bearer token, replacing the one before (which stops working); answers it once.",
    response: createScimTokenResponse,
    successStatus: 201,
  },
  revokeScimToken: {
    id: 'revokeScimToken',
    method: 'DELETE',
    path: '/api/organization/scim/token',
    auth: 'verifiedSession',
    summary: "Revokes the organization's SCIM token: provisioning stops until a new one is made.",
    response: okResponse,
  },
  mapScimGroup: {
    id: 'mapScimGroup',
    method: 'PUT',
    path: '/api/organization/scim/groups/{id}',
    auth: 'verifiedSession',
    summary:
      "Maps a SCIM group to one of the owner's workspaces and a role (or unmaps it); its members get or lose that access at once.",
    request: { params: scimGroupParams, body: mapScimGroupBody },
    response: scimSettingsResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
