import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  anyVerifiedUser,
  callerRequest,
  describePolicyTable,
  SIGNED_OUT,
  workspaceRequest,
  type PolicyCase,
  type PolicyWorld,
} from '../../../test-support/authorization-policy';
import { resetConfigForTests } from '../../platform/config';
import { handler as getAlertSettings } from './get-alert-settings';
import { handler as putAlertSettings } from './put-alert-settings';
import { handler as testWebhook } from './test-webhook';

let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const onSettings = (world: PolicyWorld, method: 'GET' | 'PUT', body?: unknown) =>
  workspaceRequest(world, method, '/alert-settings', { body });

/** Members read; admins and workspace managers write and test for a workspace; frozen is read-only. */
const alertPolicyCases: readonly PolicyCase[] = [
  {
    route: 'GET /api/v1/workspaces/{id}/alert-settings',
    handler: getAlertSettings,
    request: (world) => onSettings(world, 'GET'),
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 200,
      workspaceManager: 200,
      admin: 200,
      frozen: 200,
    },
  },
  {
    route: 'PUT /api/v1/workspaces/{id}/alert-settings',
    handler: putAlertSettings,
    request: (world) =>
      onSettings(world, 'PUT', { email_alerts_enabled: true, webhook_urls: [], thresholds: [7] }),
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
    route: 'POST /api/test-webhook',
    handler: testWebhook,
    request: (world) =>
      callerRequest(world, 'POST', '/api/test-webhook', { body: { url: receiverUrl } }),
    expected: anyVerifiedUser(200),
  },
  {
    route: 'POST /api/test-webhook (workspace_id)',
    handler: testWebhook,
    request: (world) =>
      callerRequest(world, 'POST', '/api/test-webhook', {
        body: { url: receiverUrl, workspace_id: world.workspaceId },
      }),
    expected: {
      ...SIGNED_OUT,
      nonMember: 404,
      viewer: 403,
      workspaceManager: 200,
      admin: 200,
      // A test changes nothing in the workspace.
      frozen: 200,
    },
  },
];

describePolicyTable('authorization policy: alert settings and the webhook test', alertPolicyCases);
