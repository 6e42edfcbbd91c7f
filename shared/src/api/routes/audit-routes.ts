/** Audit: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  exportAuditQuery,
  exportAuditResponse,
  listAuditEventsQuery,
  listAuditEventsResponse,
  listWorkspaceAuditEventsQuery,
} from '../audit-api-schemas';
import { idParams } from '../common-schemas';

export const auditRoutes = {
  listAuditEvents: {
    id: 'listAuditEvents',
    method: 'GET',
    path: '/api/audit-events',
    auth: 'verifiedSession',
    summary: "Audit events: the user's own, or with scope=organization all they manage.",
    request: { query: listAuditEventsQuery },
    response: listAuditEventsResponse,
  },
  listWorkspaceAuditEvents: {
    id: 'listWorkspaceAuditEvents',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/audit-events',
    auth: 'verifiedSession',
    summary: "A workspace's audit events, newest first.",
    request: { params: idParams, query: listWorkspaceAuditEventsQuery },
    response: listAuditEventsResponse,
    apiKey: 'workspace',
  },
  exportAudit: {
    id: 'exportAudit',
    method: 'GET',
    path: '/api/account/export-audit',
    auth: 'verifiedSession',
    summary: 'Audit events as a JSON or CSV file download.',
    request: { query: exportAuditQuery },
    response: exportAuditResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
