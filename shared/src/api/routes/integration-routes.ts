/** Discovery integrations: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import { idParams, okResponse } from '../common-schemas';
import {
  createIntegrationBody,
  integrationParams,
  integrationSchema,
  linkIntegrationTokenBody,
  listIntegrationsResponse,
  syncNowResponse,
  syncReportSchema,
  updateIntegrationBody,
} from '../integration-api-schemas';
import { tokenResponse } from '../token-api-schemas';

export const integrationRoutes = {
  listIntegrations: {
    id: 'listIntegrations',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/integrations',
    auth: 'verifiedSession',
    summary:
      "A workspace's discovery integrations without their credentials, the plan's limit and the workspace's AWS external id (admin or workspace manager).",
    request: { params: idParams },
    response: listIntegrationsResponse,
  },
  createIntegration: {
    id: 'createIntegration',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations',
    auth: 'verifiedSession',
    summary:
      'Adds an AWS, GitLab or Vault integration within the plan limit (admin or workspace manager); its credentials are stored encrypted and never returned.',
    request: { params: idParams, body: createIntegrationBody },
    response: integrationSchema,
  },
  updateIntegration: {
    id: 'updateIntegration',
    method: 'PATCH',
    path: '/api/v1/workspaces/{id}/integrations/{iid}',
    auth: 'verifiedSession',
    summary:
      "Changes an integration's name, schedule, enabled state, settings or credentials (admin or workspace manager).",
    request: { params: integrationParams, body: updateIntegrationBody },
    response: integrationSchema,
  },
  deleteIntegration: {
    id: 'deleteIntegration',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/integrations/{iid}',
    auth: 'verifiedSession',
    summary:
      'Removes an integration and its credentials; the tokens it found stay (admin or workspace manager).',
    request: { params: integrationParams },
    response: okResponse,
  },
  syncIntegration: {
    id: 'syncIntegration',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations/{iid}/sync',
    auth: 'verifiedSession',
    summary:
      'Syncs an integration now (admin or workspace manager): creates, updates and marks removed at source the tokens it finds; answers the counts, changes, link candidates and errors (200, state done). A source too large to read within the request answers 202 (state running) with what was written so far, and the sync goes on in the background until the integration has no syncing_since.',
    request: { params: integrationParams },
    response: syncNowResponse,
    acceptedStatus: 202,
  },
  previewIntegrationSync: {
    id: 'previewIntegrationSync',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations/{iid}/preview',
    auth: 'verifiedSession',
    summary:
      'What a sync of the integration would do, without writing anything (admin or workspace manager).',
    request: { params: integrationParams },
    response: syncReportSchema,
  },
  linkIntegrationToken: {
    id: 'linkIntegrationToken',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/integrations/{iid}/links',
    auth: 'verifiedSession',
    summary:
      "Links a token typed in by hand to a token the integration found with the same name and type (a sync's link candidate), so later syncs update it instead of offering it again (admin or workspace manager).",
    request: { params: integrationParams, body: linkIntegrationTokenBody },
    response: tokenResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
