import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { invoke } from '../../../test-support/api-gateway-event';
import { makeCertificateChain } from '../../../test-support/certificates';
import { givenTeam, routeEvent, routeRequest } from '../../../test-support/workspace-fixtures';
import { resetConfigForTests } from '../../platform/config';
import { handler as addTrustedCa } from './add-trusted-certificate-authority';
import { handler as probeEndpoint } from './probe-endpoint';

const chain = makeCertificateChain({
  commonName: 'shop.example.com',
  altNames: 'DNS:shop.example.com,DNS:www.shop.example.com',
  days: 120,
});
let server: tls.Server;
let port: number;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  resetConfigForTests();
  server = tls.createServer(
    { key: chain.leaf.keyPem, cert: chain.leaf.pem + chain.intermediate.pem },
    (socket) => socket.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
  await new Promise((resolve) => server.close(resolve));
});

const probe = (workspaceId: string, cookie: string | undefined, body: unknown) =>
  invoke(
    probeEndpoint,
    routeEvent({
      method: 'POST',
      path: `/api/v1/workspaces/${workspaceId}/endpoint-probes`,
      pathParameters: { id: workspaceId },
      body,
      cookie,
    }),
  );

describe('POST /api/v1/workspaces/{id}/endpoint-probes', () => {
  it('answers the served leaf in the certificate form fields', async () => {
    const team = await givenTeam();
    const response = await probe(team.workspaceId, team.manager.cookie, {
      host: '127.0.0.1',
      port,
      sni: 'shop.example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      certificate: {
        token: {
          name: 'shop.example.com',
          domains: ['shop.example.com', 'www.shop.example.com'],
          issuer: 'Test Trust',
        },
      },
      name_matches: true,
      // The test CA is not among the system's roots.
      chain_trusted: false,
      status: 'problem',
    });
    expect((response.json as { message: string }).message).toContain('chain is not trusted');
  });

  it("judges the chain against the workspace's trusted certificate authorities", async () => {
    const trusting = async (pem: string) => {
      const team = await givenTeam();
      const added = await invoke(
        addTrustedCa,
        routeRequest('POST', '/api/v1/workspaces/{id}/trusted-certificate-authorities', {
          params: { id: team.workspaceId },
          cookie: team.admin.cookie,
          body: { pem },
        }),
      );
      expect(added.statusCode).toBe(201);
      return team;
    };
    const endpoint = { host: '127.0.0.1', port, sni: 'shop.example.com' };

    const root = await trusting(chain.root.pem);
    const byRoot = await probe(root.workspaceId, root.manager.cookie, endpoint);
    expect(byRoot.json).toMatchObject({ chain_trusted: true, name_matches: true, status: 'ok' });
    // An issuing CA that is not a root is enough: the chain may end at what the workspace trusts.
    const issuing = await trusting(chain.intermediate.pem);
    const byIssuer = await probe(issuing.workspaceId, issuing.manager.cookie, endpoint);
    expect(byIssuer.json).toMatchObject({ chain_trusted: true, status: 'ok' });
    // Another workspace's certificate authorities count for nothing here.
    const other = await givenTeam();
    const elsewhere = await probe(other.workspaceId, other.manager.cookie, endpoint);
    expect(elsewhere.json).toMatchObject({ chain_trusted: false, status: 'problem' });
  });

  it('refuses private addresses as webhooks do, viewers, and bad input', async () => {
    const team = await givenTeam();
    const metadata = await probe(team.workspaceId, team.admin.cookie, {
      host: '169.254.169.254',
      port: 443,
    });
    expect(metadata.statusCode).toBe(400);
    expect((metadata.json as { error: string }).error).toContain(
      'private, local or reserved network address',
    );
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'false';
    resetConfigForTests();
    try {
      const loopback = await probe(team.workspaceId, team.admin.cookie, {
        host: 'localhost',
        port,
      });
      expect(loopback.statusCode).toBe(400);
      expect((loopback.json as { error: string }).error).toContain(
        'private, local or reserved network address',
      );
    } finally {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
      resetConfigForTests();
    }
    const viewer = await probe(team.workspaceId, team.viewer.cookie, { host: '127.0.0.1', port });
    expect(viewer.statusCode).toBe(403);
    const outsider = await probe(team.workspaceId, team.outsider.cookie, {
      host: '127.0.0.1',
      port,
    });
    expect(outsider.statusCode).toBe(404);
    const badPort = await probe(team.workspaceId, team.admin.cookie, { host: 'a.test', port: 0 });
    expect(badPort.statusCode).toBe(400);
    const badHost = await probe(team.workspaceId, team.admin.cookie, { host: 'http://x/' });
    expect(badHost.statusCode).toBe(400);
  });
});
