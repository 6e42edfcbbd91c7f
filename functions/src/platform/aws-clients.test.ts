import {
  getDocumentClient,
  getDynamoDbClient,
  getKmsClient,
  getSecretsManagerClient,
  getSesClient,
  getSqsClient,
  getSsmClient,
  SDK_LOGGER_MIDDLEWARE,
} from './aws-clients';
import { TRACING_MIDDLEWARE } from './tracing';

const middlewareOf = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().join(' ');

/** Every client the module makes for a service (the document client wraps DynamoDB's). */
const serviceClients = () => [
  getDynamoDbClient(),
  getSqsClient(),
  getSesClient(),
  getSsmClient(),
  getSecretsManagerClient(),
  getKmsClient(),
];

describe('AWS clients', () => {
  it('are each traced (tracing.ts records a call only in a sampled Lambda invocation)', () => {
    for (const client of serviceClients()) {
      expect(middlewareOf(client)).toContain(TRACING_MIDDLEWARE);
    }
  });
});

describe("the SDK's logger middleware", () => {
  it('is on a client by default (what the clients here leave out)', async () => {
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    expect(middlewareOf(new DynamoDBClient({ region: 'eu-west-1' }))).toContain(
      SDK_LOGGER_MIDDLEWARE,
    );
  });

  it('is on none of the clients: it filtered every answer for a logger that discards it', () => {
    for (const client of [...serviceClients(), getDocumentClient()]) {
      expect(middlewareOf(client)).not.toContain(SDK_LOGGER_MIDDLEWARE);
    }
  });
});

describe("the clients' SDK packages", () => {
  it('are loaded when a client is first made, not with the module (a cold start loads fewer)', () => {
    const loaded: string[] = [];
    jest.isolateModules(() => {
      for (const sdkPackage of ['@aws-sdk/client-ssm', '@aws-sdk/client-kms']) {
        jest.doMock(sdkPackage, () => {
          loaded.push(sdkPackage);
          return jest.requireActual<object>(sdkPackage);
        });
      }
      const fresh = jest.requireActual<{ getSsmClient: typeof getSsmClient }>('./aws-clients');
      expect(loaded).toEqual([]);
      fresh.getSsmClient();
      fresh.getSsmClient();
      expect(loaded).toEqual(['@aws-sdk/client-ssm']);
    });
  });
});
