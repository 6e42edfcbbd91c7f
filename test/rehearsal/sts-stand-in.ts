/**
 * A local stand-in for STS, speaking its AWS Query protocol, that the functions' SDK clients reach
 * through `AWS_ENDPOINT_URL_STS`. Every `AssumeRole` is refused with `AccessDenied`, as STS answers
 * when the role's trust policy does not trust the caller: an AWS integration's sync then records
 * that it could not assume the customer's role. What the function's own role must allow (the
 * call, checked with its external id and session name) is made all the same; what the customer's
 * role would allow after it is the customer's, outside the deployment.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningStsStandIn {
  readonly endpoint: string;
  stop(): Promise<void>;
}

function errorResponse(code: string, message: string): string {
  return [
    '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">',
    `<Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error>`,
    `<RequestId>${randomUUID()}</RequestId>`,
    '</ErrorResponse>',
  ].join('');
}

export async function startStsStandIn(): Promise<RunningStsStandIn> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const action = form.get('Action');
      const [status, body] =
        action === 'AssumeRole'
          ? [
              403,
              errorResponse(
                'AccessDenied',
                `Not authorized to perform sts:AssumeRole on ${form.get('RoleArn') ?? 'the role'}`,
              ),
            ]
          : [400, errorResponse('InvalidAction', `${action ?? 'No action'} is not emulated`)];
      response.writeHead(status, { 'content-type': 'text/xml' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
