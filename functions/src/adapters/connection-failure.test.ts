/**
 * Endpoint probes, webhooks and integrations' requests answer one message whatever kept them from
 * a port: closed, open but silent, open but speaking another protocol (plain text where TLS was
 * expected, or garbage where HTTP was). The detail is logged, never answered.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { logger } from '../platform/logger';
import { guardedRequest } from './guarded-http';
import { createTlsEndpointChecker } from './tls-endpoint-checker';
import { postWebhook } from './webhook-sender';

const policy = { httpsOnly: false, allowLoopback: true };
const servers: { close: (done: () => void) => void }[] = [];
const sockets = new Set<Socket>();

function listening<T extends Server>(server: T): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A port nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ports: Record<'closed' | 'silent' | 'garbage' | 'http', number> = {
  closed: 0,
  silent: 0,
  garbage: 0,
  http: 0,
};

beforeAll(async () => {
  ports.silent = await listening(createServer(() => undefined));
  ports.garbage = await listening(
    createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6 not what you asked for\r\n')),
  );
  ports.http = await listening(
    createHttpServer((_request, response) => response.writeHead(404).end('not found')),
  );
  // Last: a port just closed may be the next one the system hands out, to a server above.
  ports.closed = await closedPort();
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise<void>((done) => server.close(done))));
});

let warned: unknown[][];
beforeEach(() => {
  warned = [];
  jest.spyOn(logger, 'warn').mockImplementation((...args: unknown[]) => void warned.push(args));
});
afterEach(() => jest.restoreAllMocks());

/** The message with the port taken out (it names the address it was given). */
const withoutPort = (message: string, port: number) => message.replace(`:${port}`, ':PORT');

describe('one message for "could not connect"', () => {
  it('endpoint probes: closed, silent, not TLS and plain HTTP ports read the same', async () => {
    const check = createTlsEndpointChecker({ policy, timeoutMs: 1_000 });
    const messages = await Promise.all(
      Object.values(ports).map(async (port) => {
        const probe = await check({ host: '127.0.0.1', port, sni: null });
        return probe.ok ? 'connected' : withoutPort(probe.message, port);
      }),
    );
    expect(messages).toEqual(Array(4).fill('Could not connect to 127.0.0.1:PORT'));
    expect(JSON.stringify(warned)).toContain('ECONNREFUSED');
  });

  it('webhooks: closed, silent and not-HTTP ports read the same', async () => {
    const messages = await Promise.all(
      [ports.closed, ports.silent, ports.garbage].map(async (port) => {
        const sent = postWebhook(
          { url: `http://127.0.0.1:${port}/hook`, headers: {}, body: '{}' },
          { policy, timeoutMs: 1_000 },
        );
        return sent.then(
          () => 'delivered',
          (error: Error) => withoutPort(error.message, port),
        );
      }),
    );
    expect(messages).toEqual(Array(3).fill('Could not connect to 127.0.0.1:PORT'));
  });

  it('integrations: closed, silent and not-HTTP ports read the same', async () => {
    const messages = await Promise.all(
      [ports.closed, ports.silent, ports.garbage].map(async (port) =>
        guardedRequest('GET', `http://127.0.0.1:${port}/api/v4/projects`, {}, undefined, {
          policy,
          timeoutMs: 1_000,
        }).then(
          () => 'answered',
          (error: Error) => withoutPort(error.message, port),
        ),
      ),
    );
    expect(messages).toEqual(Array(3).fill('Could not connect to 127.0.0.1:PORT'));
  });
});
