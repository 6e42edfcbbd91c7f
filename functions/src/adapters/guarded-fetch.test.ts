import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetConfigForTests } from '../platform/config';
import { guardedFetch } from './guarded-fetch';

let server: Server;
let baseUrl: string;
const received: { method?: string; body: string; contentType?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method, body, contentType: request.headers['content-type'] });
      response.writeHead(201, { 'content-type': 'application/json', 'x-answer': 'yes' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetConfigForTests();
});

describe('guardedFetch', () => {
  it('refuses an address of this machine, as every outbound request does', async () => {
    resetConfigForTests();
    await expect(
      guardedFetch(`${baseUrl}/token`, { method: 'GET', headers: {}, body: undefined }),
    ).rejects.toThrow(/private, local or reserved/);
    expect(received).toEqual([]);
  });

  it('answers as fetch would where the guard lets the request through (loopback allowed locally)', async () => {
    process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
    resetConfigForTests();
    const answer = await guardedFetch(`${baseUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-answer')).toBe('yes');
    expect(await answer.json()).toEqual({ ok: true });
    expect(received).toEqual([
      {
        method: 'POST',
        body: 'grant_type=authorization_code&code=abc',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });
});
