/** Invitations to the user's own (verified) address: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  alertSettingsBody,
  alertSettingsSchema,
  removeBouncedAddressBody,
} from '../alert-api-schemas';
import { twoFactorRequirementBody } from '../two-factor-api-schemas';
import { idParams, okResponse } from '../common-schemas';
import { reportScanBody, reportScanResponse } from '../scan-api-schemas';
import {
  exportTokensQuery,
  exportTokensResponse,
  importTokensBody,
  importTokensResponse,
  tokenMetricsResponse,
} from '../inventory-api-schemas';
import {
  acceptInvitationResponse,
  invitationPreviewQuery,
  invitationPreviewResponse,
  listInvitationsResponse,
} from '../invitation-api-schemas';
import {
  transferTokensBody,
  transferTokensResponse,
  workspaceSchema,
} from '../workspace-api-schemas';

export const invitationRoutes = {
  getInvitationPreview: {
    id: 'getInvitationPreview',
    method: 'GET',
    path: '/api/invitations/preview',
    auth: 'public',
    summary:
      "An invitation email link's workspace and inviter names, as the email gave them (address and invitation id must match). Rate limited.",
    request: { query: invitationPreviewQuery },
    response: invitationPreviewResponse,
  },
  listInvitations: {
    id: 'listInvitations',
    method: 'GET',
    path: '/api/invitations',
    auth: 'verifiedSession',
    summary: "The pending invitations to the user's current, verified address.",
    response: listInvitationsResponse,
  },
  acceptInvitation: {
    id: 'acceptInvitation',
    method: 'POST',
    path: '/api/invitations/{id}/accept',
    auth: 'verifiedSession',
    summary: 'Joins the workspace with the invited role, within its plan limit.',
    request: { params: idParams },
    response: acceptInvitationResponse,
  },
  declineInvitation: {
    id: 'declineInvitation',
    method: 'POST',
    path: '/api/invitations/{id}/decline',
    auth: 'verifiedSession',
    summary: 'Declines (removes) an invitation.',
    request: { params: idParams },
    response: okResponse,
  },
  getAlertSettings: {
    id: 'getAlertSettings',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/alert-settings',
    auth: 'verifiedSession',
    summary: "A workspace's alert channels, contact groups and thresholds.",
    request: { params: idParams },
    response: alertSettingsSchema,
  },
  putAlertSettings: {
    id: 'putAlertSettings',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/alert-settings',
    auth: 'verifiedSession',
    summary: "Replaces a workspace's alert settings (admin or workspace manager).",
    request: { params: idParams, body: alertSettingsBody },
    response: alertSettingsSchema,
    ifMatch: 'the settings\' `updated_at` in double quotes, `""` while never saved',
  },
  removeBouncedAddress: {
    id: 'removeBouncedAddress',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/bounced-addresses/remove',
    auth: 'verifiedSession',
    summary:
      'Takes a contact address of the workspace off the suppression list once it is fixed (admin or workspace manager).',
    request: { params: idParams, body: removeBouncedAddressBody },
    response: alertSettingsSchema,
  },
  setWorkspaceTwoFactorRequirement: {
    id: 'setWorkspaceTwoFactorRequirement',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/two-factor-requirement',
    auth: 'verifiedSession',
    summary:
      'Requires two-factor authentication of every member, or stops requiring it (admin; team and enterprise plans; the admin must have it on).',
    request: { params: idParams, body: twoFactorRequirementBody },
    response: workspaceSchema,
  },
  exportTokens: {
    id: 'exportTokens',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/tokens/export',
    auth: 'verifiedSession',
    summary:
      'Every token of a workspace as a CSV or JSON file download, in the column order the import reads (members, viewers too).',
    request: { params: idParams, query: exportTokensQuery },
    response: exportTokensResponse,
    apiKey: 'workspace',
  },
  getTokenMetrics: {
    id: 'getTokenMetrics',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/metrics',
    auth: 'verifiedSession',
    summary:
      "The workspace's tokens as Prometheus metrics (OpenMetrics text): each token's expiry timestamp and days left, labelled by category, type, section, name and source, and the count per expiry status (members, viewers too; read-only API keys suffice).",
    request: { params: idParams },
    response: tokenMetricsResponse,
    responseMediaType: 'application/openmetrics-text; version=1.0.0; charset=utf-8',
    apiKey: 'workspace',
  },
  importTokens: {
    id: 'importTokens',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/imports',
    auth: 'verifiedSession',
    summary:
      'Imports up to 5,000 rows of CSV or JSON (admin or workspace manager): creates tokens, updates those of the same name and type, refuses invalid rows, duplicates and rows beyond the plan limit; dryRun answers the same without writing.',
    request: { params: idParams, body: importTokensBody },
    response: importTokensResponse,
    apiKey: 'workspace',
  },
  reportScan: {
    id: 'reportScan',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/scans',
    auth: 'verifiedSession',
    summary:
      'Reports what a scan of the command-line tool found (certificate files, a Kubernetes cluster) (admin or workspace manager): tokens are matched by their id at the source within the scanner and scope, created, updated when changed and marked removed at source when gone under the scanned roots, never duplicated; dry_run answers the same without writing.',
    request: { params: idParams, body: reportScanBody },
    response: reportScanResponse,
    apiKey: 'workspace',
  },
  transferTokens: {
    id: 'transferTokens',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/transfer-tokens',
    auth: 'verifiedSession',
    summary: 'Moves tokens from another workspace (e.g. a frozen one) into this one.',
    request: { params: idParams, body: transferTokensBody },
    response: transferTokensResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
