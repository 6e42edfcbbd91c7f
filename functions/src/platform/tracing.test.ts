import { createSocket, type Socket } from 'node:dgram';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { ListQueuesCommand } from '@aws-sdk/client-sqs';
import { getConfig } from './config';
import { getDynamoDbClient, getSqsClient } from './aws-clients';
import { invocationTrace, outcomeOf, traceOutgoingRequests } from './tracing';
import { daemonAddressOf } from './xray-daemon';

const TRACE_ID = '1-6752f0a1-5e0a9c4b8d7f6a5b4c3d2e1f';
const PARENT_ID = '53995c3f42cd8ad8';

interface SegmentDocument {
  type: string;
  id: string;
  trace_id: string;
  parent_id: string;
  name: string;
  namespace: string;
  start_time: number;
  end_time: number;
  error?: boolean;
  fault?: boolean;
  throttle?: boolean;
  aws?: Record<string, unknown>;
  http?: { request?: { method: string; url: string }; response?: { status?: number } };
  cause?: { exceptions: { type: string; message: string }[] };
}

/** A UDP socket in the X-Ray daemon's place: each datagram's header checked, its document kept. */
class DaemonStandIn {
  readonly documents: SegmentDocument[] = [];
  private waiting: (() => void)[] = [];
  private constructor(readonly socket: Socket) {
    socket.on('message', (datagram) => {
      const [header, body] = datagram.toString('utf8').split('\n');
      expect(JSON.parse(header ?? '')).toEqual({ format: 'json', version: 1 });
      this.documents.push(JSON.parse(body ?? '') as SegmentDocument);
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  static async start(): Promise<DaemonStandIn> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new DaemonStandIn(socket);
  }

  get address(): string {
    return `127.0.0.1:${this.socket.address().port}`;
  }

  /** The next `count` documents (waiting for them), taken from the list. */
  async take(count: number): Promise<SegmentDocument[]> {
    while (this.documents.length < count) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    return this.documents.splice(0, count);
  }
}

let daemon: DaemonStandIn;
let server: Server;
let serverOrigin: string;
const savedEnvironment = { ...process.env };

beforeAll(async () => {
  daemon = await DaemonStandIn.start();
  server = createServer((request, response) => {
    response.statusCode = request.url?.startsWith('/busy') ? 429 : 200;
    response.end('answer');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  traceOutgoingRequests();
});

beforeEach(() => {
  process.env.AWS_XRAY_DAEMON_ADDRESS = daemon.address;
  process.env._X_AMZN_TRACE_ID = `Root=${TRACE_ID};Parent=${PARENT_ID};Sampled=1`;
});

afterEach(() => {
  process.env = { ...savedEnvironment };
});

afterAll(async () => {
  daemon.socket.close();
  await new Promise((resolve) => server.close(resolve));
});

const sampledOut = () => {
  process.env._X_AMZN_TRACE_ID = `Root=${TRACE_ID};Parent=${PARENT_ID};Sampled=0`;
};
const sampledIn = () => {
  process.env._X_AMZN_TRACE_ID = `Root=${TRACE_ID};Parent=${PARENT_ID};Sampled=1`;
};

function httpGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe('the invocation trace', () => {
  it("is the header's root and parent when sampled and a daemon is named", () => {
    expect(invocationTrace()).toEqual({
      traceId: TRACE_ID,
      parentId: PARENT_ID,
      daemon: { host: '127.0.0.1', port: daemon.socket.address().port },
    });
  });

  it('is none when not sampled, without a header, or without a daemon', () => {
    const header = `Root=${TRACE_ID};Parent=${PARENT_ID}`;
    const address = '127.0.0.1:2000';
    for (const environment of [
      { _X_AMZN_TRACE_ID: `${header};Sampled=0`, AWS_XRAY_DAEMON_ADDRESS: address },
      { _X_AMZN_TRACE_ID: header, AWS_XRAY_DAEMON_ADDRESS: address },
      { AWS_XRAY_DAEMON_ADDRESS: address },
      { _X_AMZN_TRACE_ID: `${header};Sampled=1` },
    ]) {
      expect(invocationTrace(environment)).toBeUndefined();
    }
  });

  it("reads the daemon's address in both of Lambda's forms", () => {
    expect(daemonAddressOf('169.254.79.129:2000')).toEqual({ host: '169.254.79.129', port: 2000 });
    expect(daemonAddressOf('tcp:10.0.0.1:2000 udp:10.0.0.2:2001')).toEqual({
      host: '10.0.0.2',
      port: 2001,
    });
    expect(daemonAddressOf('nonsense')).toBeUndefined();
    expect(daemonAddressOf('host:99999')).toBeUndefined();
  });
});

describe('AWS SDK calls', () => {
  it('become one AWS subsegment each, with the operation, table, region and request id', async () => {
    const { tableName, region } = getConfig();
    await getDynamoDbClient().send(
      new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'none' }, sk: { S: 'none' } } }),
    );
    const [document] = await daemon.take(1);
    expect(document).toMatchObject({
      type: 'subsegment',
      trace_id: TRACE_ID,
      parent_id: PARENT_ID,
      name: 'DynamoDB',
      namespace: 'aws',
      aws: { operation: 'GetItem', table_name: tableName, region, retries: 0 },
      http: { response: { status: 200 } },
    });
    expect(document?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(document?.aws?.request_id).toEqual(expect.any(String));
    expect(document?.end_time).toBeGreaterThanOrEqual(document?.start_time ?? Infinity);
    expect(document?.error ?? document?.fault).toBeUndefined();
  });

  it("mark a refused call as an error with the service's exception", async () => {
    await expect(
      getDynamoDbClient().send(
        new GetItemCommand({ TableName: 'no-such-table', Key: { pk: { S: 'x' } } }),
      ),
    ).rejects.toThrow();
    const [document] = await daemon.take(1);
    expect(document).toMatchObject({ error: true, aws: { table_name: 'no-such-table' } });
    expect(document?.http?.response?.status).toBe(400);
    expect(document?.cause?.exceptions[0]?.type).toBe('ResourceNotFoundException');
  });

  it('record nothing in an invocation X-Ray did not sample', async () => {
    sampledOut();
    await getSqsClient().send(new ListQueuesCommand({}));
    sampledIn();
    await getSqsClient().send(new ListQueuesCommand({}));
    const [document] = await daemon.take(1);
    expect(document).toMatchObject({ name: 'SQS', aws: { operation: 'ListQueues' } });
    expect(daemon.documents).toEqual([]);
  });
});

describe('outgoing HTTP requests', () => {
  it('become remote subsegments (node:http), the query left out of the URL', async () => {
    await httpGet(`${serverOrigin}/status?token=secret`);
    const [document] = await daemon.take(1);
    expect(document).toMatchObject({
      namespace: 'remote',
      name: '127.0.0.1',
      parent_id: PARENT_ID,
      http: {
        request: { method: 'GET', url: `${serverOrigin}/status` },
        response: { status: 200 },
      },
    });
  });

  it('become remote subsegments (fetch), a 429 marked throttled', async () => {
    await (await fetch(`${serverOrigin}/busy`, { method: 'POST', body: 'x' })).text();
    const [document] = await daemon.take(1);
    expect(document).toMatchObject({
      namespace: 'remote',
      http: { request: { method: 'POST', url: `${serverOrigin}/busy` }, response: { status: 429 } },
      error: true,
      throttle: true,
    });
  });

  it('mark a request that fails to connect as a fault', async () => {
    await expect(httpGet('http://127.0.0.1:1/')).rejects.toThrow();
    const [document] = await daemon.take(1);
    expect(document).toMatchObject({ namespace: 'remote', fault: true });
    expect(document?.cause?.exceptions[0]?.message).toMatch(/ECONNREFUSED/);
  });

  it("leave the AWS SDK's own requests to its subsegments", async () => {
    await getSqsClient().send(new ListQueuesCommand({}));
    await httpGet(`${serverOrigin}/after`);
    const documents = await daemon.take(2);
    expect(documents.map((document) => document.namespace)).toEqual(['aws', 'remote']);
  });
});

describe("X-Ray's flags", () => {
  it('follow the answer: error for 4xx, throttle too for 429 or throttling, fault for 5xx', () => {
    expect(outcomeOf(200)).toEqual({});
    expect(outcomeOf(404)).toEqual({ error: true });
    expect(outcomeOf(429)).toEqual({ error: true, throttle: true });
    expect(outcomeOf(400, 'ProvisionedThroughputExceededException')).toEqual({
      error: true,
      throttle: true,
    });
    expect(outcomeOf(503)).toEqual({ fault: true });
    expect(outcomeOf(undefined, 'Error')).toEqual({ fault: true });
  });
});
