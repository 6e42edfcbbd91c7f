/**
 * A local stand-in for the secret stores the functions use: Secrets Manager (`GetSecretValue`,
 * by ARN or name, stages AWSCURRENT and AWSPREVIOUS), SSM Parameter Store (`GetParameter`) and
 * KMS's envelope operations (`GenerateDataKey`, `Decrypt`: the data key is wrapped under a key of
 * this run bound to the key id and encryption context, so a Decrypt with another context fails
 * as KMS's does), speaking their AWS JSON 1.1 protocol, so the SDK clients of a bundle reach it
 * through `AWS_ENDPOINT_URL_SECRETS_MANAGER`, `AWS_ENDPOINT_URL_SSM` and `AWS_ENDPOINT_URL_KMS`.
 * Unknown names answer the services' own not-found errors.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredSecret {
  readonly arn: string;
  readonly name: string;
  readonly current: string;
  readonly previous?: string;
}

export interface RunningSecretsStandIn {
  readonly endpoint: string;
  putSecret(secret: StoredSecret): void;
  putParameter(name: string, value: string): void;
  /** The full ARN of a secret by its ARN or name (as IAM sees the resource). */
  secretArn(secretId: string): string | undefined;
  /** The current value of a secret by its ARN or name. */
  secretValue(secretId: string): string | undefined;
  parameter(name: string): string | undefined;
  stop(): Promise<void>;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startSecretsStandIn(options: {
  region: string;
  accountId: string;
}): Promise<RunningSecretsStandIn> {
  const secrets = new Map<string, StoredSecret>();
  const parameters = new Map<string, string>();
  const kmsMasterKey = randomBytes(32);
  const kmsBinding = (input: Record<string, unknown>) =>
    Buffer.from(JSON.stringify([String(input.KeyId), input.EncryptionContext ?? {}]), 'utf8');

  const findSecret = (secretId: string): StoredSecret | undefined =>
    secrets.get(secretId) ??
    [...secrets.values()].find(
      (secret) => secret.name === secretId || secret.arn.startsWith(`${secretId}-`),
    );

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    'secretsmanager.GetSecretValue': (input) => {
      const secretId = String(input.SecretId);
      const secret = findSecret(secretId);
      const stage = typeof input.VersionStage === 'string' ? input.VersionStage : 'AWSCURRENT';
      const value = secret && (stage === 'AWSCURRENT' ? secret.current : secret.previous);
      if (!secret || value === undefined) {
        throw new ServiceError(
          'ResourceNotFoundException',
          `Secrets Manager can't find the specified secret value for staging label: ${stage}`,
        );
      }
      return {
        ARN: secret.arn,
        Name: secret.name,
        SecretString: value,
        VersionId: `${stage.toLowerCase()}-version`,
        VersionStages: [stage],
        CreatedDate: Math.floor(Date.now() / 1000),
      };
    },
    'TrentService.GenerateDataKey': (input) => {
      const dataKey = randomBytes(32);
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', kmsMasterKey, nonce);
      cipher.setAAD(kmsBinding(input));
      const wrapped = Buffer.concat([cipher.update(dataKey), cipher.final()]);
      return {
        KeyId: String(input.KeyId),
        Plaintext: dataKey.toString('base64'),
        CiphertextBlob: Buffer.concat([nonce, wrapped, cipher.getAuthTag()]).toString('base64'),
      };
    },
    'TrentService.Decrypt': (input) => {
      const blob = Buffer.from(String(input.CiphertextBlob), 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', kmsMasterKey, blob.subarray(0, 12));
        decipher.setAAD(kmsBinding(input));
        decipher.setAuthTag(blob.subarray(blob.length - 16));
        const dataKey = Buffer.concat([
          decipher.update(blob.subarray(12, blob.length - 16)),
          decipher.final(),
        ]);
        return { KeyId: String(input.KeyId), Plaintext: dataKey.toString('base64') };
      } catch {
        throw new ServiceError('InvalidCiphertextException', 'The ciphertext is invalid');
      }
    },
    'AmazonSSM.GetParameter': (input) => {
      const name = String(input.Name);
      const value = parameters.get(name);
      if (value === undefined) throw new ServiceError('ParameterNotFound', `${name} not found`);
      return {
        Parameter: {
          Name: name,
          Type: 'SecureString',
          Value: value,
          Version: 1,
          ARN: `arn:aws:ssm:${options.region}:${options.accountId}:parameter/${name.replace(/^\//, '')}`,
        },
      };
    },
  };

  const answer = (response: ServerResponse, status: number, body: unknown, errorType?: string) => {
    response.writeHead(status, {
      'content-type': 'application/x-amz-json-1.1',
      ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
    });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    readBody(request)
      .then((input) => {
        const operation = operations[target];
        if (!operation)
          throw new ServiceError('UnknownOperationException', `${target} is not emulated`);
        answer(response, 200, operation(input));
      })
      .catch((error: unknown) => {
        const type = error instanceof ServiceError ? error.type : 'InternalFailure';
        answer(
          response,
          error instanceof ServiceError ? 400 : 500,
          {
            __type: type,
            message: (error as Error).message,
          },
          type,
        );
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    putSecret: (secret) => secrets.set(secret.arn, secret),
    putParameter: (name, value) => parameters.set(name, value),
    secretArn: (secretId) => findSecret(secretId)?.arn,
    secretValue: (secretId) => findSecret(secretId)?.current,
    parameter: (name) => parameters.get(name),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
