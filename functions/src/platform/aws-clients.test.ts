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
import { getTracer } from './tracer';

const XRAY_MIDDLEWARE = 'XRaySDKInstrumentation';

const middlewareOf = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().join(' ');

type Client = { middlewareStack: { identify(): string[] } };

/**
 * The four clients of a fresh copy of the module, created under `environment` as a new process
 * there would (without the X-Ray mode this process chose), and whether the X-Ray SDK it loaded
 * follows the calls' context with its async hook.
 */
async function clientsWith(environment: Record<string, string>) {
  const previous = { ...process.env };
  delete process.env.AWS_XRAY_MANUAL_MODE;
  Object.assign(process.env, environment);
  try {
    let clients: Client[] = [];
    let xrayAutomaticMode = false;
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./aws-clients');
      clients = [
        fresh.getDynamoDbClient(),
        fresh.getSqsClient(),
        fresh.getSesClient(),
        fresh.getSsmClient(),
      ];
      const xray = await import('aws-xray-sdk-core');
      xrayAutomaticMode = xray.isAutomaticMode();
    });
    return { clients, xrayAutomaticMode };
  } finally {
    process.env = previous;
  }
}

// In Lambda; outgoing HTTPS stays unpatched here, so other tests in this worker are untouched.
const IN_LAMBDA = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false',
};

describe('AWS clients and X-Ray tracing', () => {
  it('leaves the clients as they are outside Lambda (tests, local runtime, benchmarks)', () => {
    expect(getTracer().isTracingEnabled()).toBe(false);
    for (const client of [getDynamoDbClient(), getSqsClient(), getSesClient(), getSsmClient()]) {
      expect(middlewareOf(client)).not.toContain(XRAY_MIDDLEWARE);
    }
  });

  it('traces every client inside Lambda, following each call with the async hook', async () => {
    const { clients, xrayAutomaticMode } = await clientsWith(IN_LAMBDA);
    for (const client of clients) expect(middlewareOf(client)).toContain(XRAY_MIDDLEWARE);
    expect(xrayAutomaticMode).toBe(true);
  });

  it('POWERTOOLS_TRACE_ENABLED=false turns tracing and the async hook off inside Lambda too', async () => {
    const { clients, xrayAutomaticMode } = await clientsWith({
      ...IN_LAMBDA,
      POWERTOOLS_TRACE_ENABLED: 'false',
    });
    for (const client of clients) expect(middlewareOf(client)).not.toContain(XRAY_MIDDLEWARE);
    expect(xrayAutomaticMode).toBe(false);
  });

  it('keeps the X-Ray SDK in manual mode outside Lambda: no async hook on every promise', async () => {
    expect((await import('aws-xray-sdk-core')).isAutomaticMode()).toBe(false);
    expect((await clientsWith({})).xrayAutomaticMode).toBe(false);
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
    const clients = [
      getDynamoDbClient(),
      getDocumentClient(),
      getSqsClient(),
      getSesClient(),
      getSsmClient(),
      getSecretsManagerClient(),
      getKmsClient(),
    ];
    for (const client of clients) expect(middlewareOf(client)).not.toContain(SDK_LOGGER_MIDDLEWARE);
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

  it("leave the tracer's X-Ray SDK unloaded until a traced client is made (the origin secret's is not)", () => {
    const loaded: string[] = [];
    jest.isolateModules(() => {
      jest.doMock('@aws-lambda-powertools/tracer', () => {
        loaded.push('tracer');
        return jest.requireActual<object>('@aws-lambda-powertools/tracer');
      });
      const fresh = jest.requireActual<{
        getSecretsManagerClient: typeof getSecretsManagerClient;
        getDynamoDbClient: typeof getDynamoDbClient;
        getSqsClient: typeof getSqsClient;
      }>('./aws-clients');
      fresh.getSecretsManagerClient();
      expect(loaded).toEqual([]);
      fresh.getDynamoDbClient();
      fresh.getSqsClient();
      expect(loaded).toEqual(['tracer']);
    });
  });
});
