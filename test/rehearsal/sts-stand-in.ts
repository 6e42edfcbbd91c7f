/**
 * A local stand-in for STS, speaking its AWS Query protocol, that the functions' SDK clients reach
 * through `AWS_ENDPOINT_URL_STS`. Every `AssumeRole` of another account's role is refused with
 * `AccessDenied`, as STS answers when the role's trust policy does not trust the caller: an AWS
 * integration's sync then records that it could not assume the customer's role. What the
 * function's own role must allow (the call, checked with its external id and session name) is
 * made all the same; what the customer's role would allow after it is the customer's, outside the
 * deployment. A role of the deployment's own account (the Google Cloud federation role, which
 * trusts the account) is assumed: the answer carries made-up temporary credentials.
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

function assumedRole(roleArn: string, sessionName: string): string {
  const role = roleArn.split('/').at(-1) ?? 'role';
  const account = roleArn.split(':')[4] ?? '';
  return [
    '<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>',
    '<Credentials>',
    `<AccessKeyId>ASIA${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}</AccessKeyId>`,
    `<SecretAccessKey>${randomUUID()}</SecretAccessKey>`,
    `<SessionToken>${randomUUID()}</SessionToken>`,
    `<Expiration>${new Date(Date.now() + 900_000).toISOString()}</Expiration>`,
    '</Credentials>',
    `<AssumedRoleUser><AssumedRoleId>AROAREHEARSAL:${sessionName}</AssumedRoleId>`,
    `<Arn>arn:aws:sts::${account}:assumed-role/${role}/${sessionName}</Arn></AssumedRoleUser>`,
    `</AssumeRoleResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata>`,
    '</AssumeRoleResponse>',
  ].join('');
}

/** `ownAccountId`: the deployment's account, whose roles may be assumed. */
export async function startStsStandIn(ownAccountId?: string): Promise<RunningStsStandIn> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const action = form.get('Action');
      const roleArn = form.get('RoleArn') ?? '';
      const own = ownAccountId !== undefined && roleArn.split(':')[4] === ownAccountId;
      const [status, body] =
        action === 'AssumeRole' && own
          ? [200, assumedRole(roleArn, form.get('RoleSessionName') ?? '')]
          : action === 'AssumeRole'
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
