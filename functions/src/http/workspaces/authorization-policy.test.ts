import { uniqueEmail } from '../../../test-support/auth-requests';
import {
  anyVerifiedUser,
  callerRequest,
  describePolicyTable,
  SIGNED_OUT,
  workspaceRequest,
  type PolicyCase,
  type PolicyWorld,
} from '../../../test-support/authorization-policy';
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

const onMember = (world: PolicyWorld, method: 'PATCH' | 'DELETE', body?: unknown) =>
  workspaceRequest(world, method, '/members/{userId}', {
    params: { userId: world.otherMember.userId },
    body,
  });

/** Members read; admins and workspace managers write; nothing changes a frozen workspace. */
const memberRead = { nonMember: 404, viewer: 200, workspaceManager: 200, admin: 200, frozen: 200 };
const editorRead = { nonMember: 404, viewer: 403, workspaceManager: 200, admin: 200, frozen: 200 };

export const workspacePolicyCases: readonly PolicyCase[] = [
  {
    route: 'GET /api/v1/workspaces',
    handler: listWorkspaces,
    request: (world) => callerRequest(world, 'GET', '/api/v1/workspaces'),
    expected: anyVerifiedUser(200),
  },
  {
    route: 'POST /api/v1/workspaces',
    handler: createWorkspace,
    request: (world) =>
      callerRequest(world, 'POST', '/api/v1/workspaces', { body: { name: 'Another' } }),
    expected: anyVerifiedUser(201),
  },
  {
    route: 'GET /api/v1/workspaces/{id}',
    handler: getWorkspace,
    request: (world) => workspaceRequest(world, 'GET'),
    expected: { ...SIGNED_OUT, ...memberRead },
  },
  {
    route: 'PATCH /api/v1/workspaces/{id}',
    handler: renameWorkspace,
    request: (world) => workspaceRequest(world, 'PATCH', '', { body: { name: 'Renamed' } }),
    expected: {
      ...SIGNED_OUT,
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
    request: (world) => workspaceRequest(world, 'DELETE'),
    expected: {
      ...SIGNED_OUT,
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
    request: (world) => workspaceRequest(world, 'GET', '/members'),
    expected: { ...SIGNED_OUT, ...memberRead },
  },
  {
    route: 'POST /api/v1/workspaces/{id}/members',
    handler: addMember,
    request: (world) =>
      workspaceRequest(world, 'POST', '/members', {
        body: { email: uniqueEmail('invitee'), role: 'viewer' },
      }),
    expected: {
      ...SIGNED_OUT,
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
      ...SIGNED_OUT,
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
      ...SIGNED_OUT,
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
    request: (world) => callerRequest(world, 'GET', '/api/account/plan'),
    // A session is enough: the plan shows before the address is verified.
    expected: { ...anyVerifiedUser(200), unverified: 200 },
  },
  {
    route: 'GET /api/audit-events',
    handler: listAuditEvents,
    request: (world) =>
      callerRequest(world, 'GET', '/api/audit-events', { query: 'scope=organization' }),
    expected: anyVerifiedUser(200),
  },
  {
    route: 'GET /api/v1/workspaces/{id}/audit-events',
    handler: listWorkspaceAuditEvents,
    request: (world) => workspaceRequest(world, 'GET', '/audit-events'),
    expected: { ...SIGNED_OUT, ...editorRead },
  },
  {
    route: 'GET /api/account/export-audit?workspace_id',
    handler: exportAudit,
    request: (world) =>
      callerRequest(world, 'GET', '/api/account/export-audit', {
        query: `workspace_id=${world.workspaceId}&format=csv`,
      }),
    expected: { ...SIGNED_OUT, ...editorRead },
  },
];

describePolicyTable(
  'authorization policy: workspaces, members, plan and audit',
  workspacePolicyCases,
);
