/**
 * A local-only control endpoint on 127.0.0.1 (its own port, never the app's): `POST /alerts/scan`
 * runs one expiry scan now and answers its counts. `npm run alerts:scan` and the tests call it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalControlServer {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startLocalControlServer(options: {
  port: number;
  runScan: () => Promise<unknown>;
}): Promise<LocalControlServer> {
  const server: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/alerts/scan') {
      reply(404, { error: 'Not found' });
      return;
    }
    options.runScan().then(
      (result) => reply(200, result),
      (error: unknown) =>
        reply(500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
