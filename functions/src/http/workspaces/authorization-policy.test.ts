import { uniqueEmail } from '../../../test-support/auth-requests';
import {
  anyVerifiedUser,
  describePolicyTable,
  type PolicyCase,
  type PolicyWorld,
} from '../../../test-support/authorization-policy';
import { routeEvent } from '../../../test-support/workspace-fixtures';
import { handler as getPlan } from '../account/get-plan';
import { handler as exportAudit } from '../audit/export-audit';
import { handler as listAuditEvents } from '../audit/list-audit-events';
import { handler as listWorkspaceAuditEvents } from '../audit/list-workspace-audit-events';
import { handler as addMember } from './add-member';
import { handler as createWorkspace } from './create-workspace';
import { handler as deleteWorkspace } from './delete-workspace';
import { handler as getWorkspace } from './get-workspace';
import { handler as listMembers } from './list-members';
import { handler as listWorkspaces } from './list-workspaces';
import { handler as removeMember } from './remove-member';
import { handler as renameWorkspace } from './rename-workspace';
import { handler as updateMember } from './update-member';

const onWorkspace = (
  world: PolicyWorld,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  suffix = '',
  extra: { body?: unknown; query?: string } = {},
) =>
  routeEvent({
    method,
    path: `/api/v1/workspaces/${world.workspaceId}${suffix}`,
    routePath: `/api/v1/workspaces/{id}${suffix}`,
    pathParameters: { id: world.workspaceId },
    cookie: world.cookie,
    ...extra,
  });

const onMember = (world: PolicyWorld, method: 'PATCH' | 'DELETE', body?: unknown) =>
  routeEvent({
    method,
    path: `/api/v1/workspaces/${world.workspaceId}/members/${world.otherMember.userId}`,
    routePath: '/api/v1/workspaces/{id}/members/{userId}',
    pathParameters: { id: world.workspaceId, userId: world.otherMember.userId },
    cookie: world.cookie,
    body,
  });

/** Members read; admins and workspace managers write; nothing changes a frozen workspace. */
const memberRead = { nonMember: 404, viewer: 200, workspaceManager: 200, admin: 200, frozen: 200 };
const editorRead = { nonMember: 404, viewer: 403, workspaceManager: 200, admin: 200, frozen: 200 };
const signedOut = { anonymous: 401, unverified: 403 };

export const workspacePolicyCases: readonly PolicyCase[] = [
  {
    route: 'GET /api/v1/workspaces',
    handler: listWorkspaces,
    request: (world) =>
      routeEvent({ method: 'GET', path: '/api/v1/workspaces', cookie: world.cookie }),
    expected: anyVerifiedUser(200),
  },
  {
    route: 'POST /api/v1/workspaces',
    handler: createWorkspace,
    request: (world) =>
      routeEvent({
        method: 'POST',
        path: '/api/v1/workspaces',
        body: { name: 'Another' },
        cookie: world.cookie,
      }),
    expected: anyVerifiedUser(201),
  },
  {
    route: 'GET /api/v1/workspaces/{id}',
    handler: getWorkspace,
    request: (world) => onWorkspace(world, 'GET'),
    expected: { ...signedOut, ...memberRead },
  },
  {
    route: 'PATCH /api/v1/workspaces/{id}',
    handler: renameWorkspace,
    request: (world) => onWorkspace(world, 'PATCH', '', { body: { name: 'Renamed' } }),
    expected: {
      ...signedOut,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 403,
      admin: 200,
      frozen: 403,
    },
  },
  {
    route: 'DELETE /api/v1/workspaces/{id}',
    handler: deleteWorkspace,
    request: (world) => onWorkspace(world, 'DELETE'),
    expected: {
      ...signedOut,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 403,
      admin: 200,
      frozen: 200,
    },
  },
  {
    route: 'GET /api/v1/workspaces/{id}/members',
    handler: listMembers,
    request: (world) => onWorkspace(world, 'GET', '/members'),
    expected: { ...signedOut, ...memberRead },
  },
  {
    route: 'POST /api/v1/workspaces/{id}/members',
    handler: addMember,
    request: (world) =>
      onWorkspace(world, 'POST', '/members', {
        body: { email: uniqueEmail('invitee'), role: 'viewer' },
      }),
    expected: {
      ...signedOut,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 201,
      admin: 201,
      frozen: 403,
    },
  },
  {
    route: 'PATCH /api/v1/workspaces/{id}/members/{userId}',
    handler: updateMember,
    request: (world) => onMember(world, 'PATCH', { role: 'workspace_manager' }),
    expected: {
      ...signedOut,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 200,
      admin: 200,
      frozen: 403,
    },
  },
  {
    route: 'DELETE /api/v1/workspaces/{id}/members/{userId}',
    handler: removeMember,
    request: (world) => onMember(world, 'DELETE'),
    expected: {
      ...signedOut,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 200,
      admin: 200,
      frozen: 403,
    },
  },
  {
    route: 'GET /api/account/plan',
    handler: getPlan,
    request: (world) =>
      routeEvent({ method: 'GET', path: '/api/account/plan', cookie: world.cookie }),
    // A session is enough: the plan shows before the address is verified.
    expected: { ...anyVerifiedUser(200), unverified: 200 },
  },
  {
    route: 'GET /api/audit-events',
    handler: listAuditEvents,
    request: (world) =>
      routeEvent({
        method: 'GET',
        path: '/api/audit-events',
        query: 'scope=organization',
        cookie: world.cookie,
      }),
    expected: anyVerifiedUser(200),
  },
  {
    route: 'GET /api/v1/workspaces/{id}/audit-events',
    handler: listWorkspaceAuditEvents,
    request: (world) => onWorkspace(world, 'GET', '/audit-events'),
    expected: { ...signedOut, ...editorRead },
  },
  {
    route: 'GET /api/account/export-audit?workspace_id',
    handler: exportAudit,
    request: (world) =>
      routeEvent({
        method: 'GET',
        path: '/api/account/export-audit',
        query: `workspace_id=${world.workspaceId}&format=csv`,
        cookie: world.cookie,
      }),
    expected: { ...signedOut, ...editorRead },
  },
];

describePolicyTable(
  'authorization policy: workspaces, members, plan and audit',
  workspacePolicyCases,
);
