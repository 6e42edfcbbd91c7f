/**
 * The small HTTP pieces the local stand-ins share (Azure, GCP, GitHub, Slack, the SAML identity
 * provider, certificate transparency search, RDAP, the DNS stand-in's control port, and the tests'
 * Vault and GitLab stand-ins in test-support/): reading a request's body, answering JSON in a
 * provider's content type, listening on the loopback address, stopping at once, and the failures
 * a test injects per path.
 */
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The request's body as UTF-8 text ('' when it has none). */
export async function readBodyText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON body; an empty body reads as `{}`, one that is not JSON throws. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const text = await readBodyText(request);
  return text === '' ? {} : (JSON.parse(text) as unknown);
}

export type JsonAnswer = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers?: OutgoingHttpHeaders,
) => void;

/**
 * Answers JSON with a provider's content type and the headers every answer of it carries. A
 * string body is sent as it is: a malformed answer a stand-in makes on purpose.
 */
export function jsonAnswer(
  contentType = JSON_CONTENT_TYPE,
  everyAnswer: OutgoingHttpHeaders = {},
): JsonAnswer {
  return (response, status, body, headers = {}) => {
    response.writeHead(status, { 'content-type': contentType, ...everyAnswer, ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** Listens on 127.0.0.1 (port 0: one the system picks) and answers the port it listens on. */
export async function listenOnLoopback(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Stops the server at once: its open (kept-alive) connections are closed too. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A failure a test sets on a stand-in: the next `times` (default 1) requests to `path` fail. */
export interface InjectedFailure {
  readonly path: string;
  readonly times?: number;
}

/** The failures set on a stand-in (`PUT /stand-in/failures` or its `fail`), per path. */
export class InjectedFailures<Failure extends InjectedFailure> {
  private readonly byPath = new Map<string, { failure: Failure; left: number }>();

  add(failure: Failure): void {
    this.byPath.set(failure.path, { failure, left: failure.times ?? 1 });
  }

  /** The failure a request to this path answers with, counted as used; undefined when none. */
  take(path: string): Failure | undefined {
    const set = this.byPath.get(path);
    if (!set || set.left <= 0) return undefined;
    set.left -= 1;
    return set.failure;
  }
}
