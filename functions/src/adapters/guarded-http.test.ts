import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInOrigins } from '../platform/stand-in-origins';
import { guardedRequest, outboundPolicyFor } from './guarded-http';

const production = { policy: { httpsOnly: true, allowLoopback: false } };

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((_request, response) => response.end('{"ok":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.DISCOVERY_STAND_IN_ORIGINS;
  await new Promise((resolve) => server.close(resolve));
});

describe("the discovery requests' stand-in origins", () => {
  it('refuses a loopback http source under the production guard unless its exact origin is listed', async () => {
    await expect(guardedRequest('GET', `${origin}/v1`, {}, undefined, production)).rejects.toThrow(
      'The address must use https',
    );
    process.env.DISCOVERY_STAND_IN_ORIGINS = `http://127.0.0.1:1, ${origin}`;
    await expect(
      guardedRequest('GET', `${origin}/v1`, {}, undefined, production),
    ).resolves.toMatchObject({ status: 200, text: '{"ok":true}' });
  });

  it('gives a URL checked before it is read (an SSO issuer) the same policy', () => {
    process.env.DISCOVERY_STAND_IN_ORIGINS = origin;
    const open = { httpsOnly: false, allowLoopback: true };
    expect(
      outboundPolicyFor(`${origin}/.well-known/openid-configuration`, production.policy),
    ).toEqual(open);
    expect(outboundPolicyFor('http://127.0.0.1:2/', production.policy)).toEqual(production.policy);
    expect(outboundPolicyFor('not a url', production.policy)).toEqual(production.policy);
  });

  it('lists loopback origins only', () => {
    expect([
      ...standInOrigins(
        'http://10.0.0.1:80,https://127.0.0.1:443,http://localhost:8080,http://127.0.0.1:8200/v1,http://[::1]:9000,http://127.0.0.1:8200',
      ),
    ]).toEqual(['http://[::1]:9000', 'http://127.0.0.1:8200']);
  });
});
