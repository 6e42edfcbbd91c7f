/**
 * X-Ray tracing in Lambda: each AWS SDK call of the clients in aws-clients.ts and each outgoing
 * HTTP request (node:http, node:https and fetch) becomes a subsegment of the invocation's segment,
 * sent to the X-Ray daemon (xray-daemon.ts) as it ends. The CDK functions turn active tracing on;
 * Lambda then names each invocation's trace in `_X_AMZN_TRACE_ID`, `Sampled=1` when X-Ray keeps
 * it. Without that header (tests, the local runtime, benchmarks, an unsampled invocation) nothing
 * is recorded.
 *
 * Why not the X-Ray SDK (Powertools' tracer loads it): a Lambda process runs one invocation at a
 * time, so a call belongs to the trace named in the header when it starts. The X-Ray SDK instead
 * follows every promise of the process with an async hook (its automatic mode) to find a call's
 * trace, a cost on every await of every request, and loading it took about 25 ms of a function's
 * cold start (`npm run bench -- cold-starts`).
 */
import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { daemonAddressOf, sendSegmentDocument, type DaemonAddress } from './xray-daemon';

/** What an AWS SDK request carries and no other request does. */
const SDK_INVOCATION_HEADER = 'amz-sdk-invocation-id';

export interface InvocationTrace {
  readonly traceId: string;
  /** The invocation's segment: Lambda's, the parent of every subsegment sent. */
  readonly parentId: string;
  readonly daemon: DaemonAddress;
}

/** The trace the current invocation records into, or undefined when it records none. */
export function invocationTrace(
  environment: NodeJS.ProcessEnv = process.env,
): InvocationTrace | undefined {
  const header = environment._X_AMZN_TRACE_ID;
  const daemon = daemonAddressOf(environment.AWS_XRAY_DAEMON_ADDRESS);
  if (!header || !daemon) return undefined;
  const fields = new Map(
    header.split(';').map((field) => {
      const at = field.indexOf('=');
      return [field.slice(0, at).trim(), field.slice(at + 1).trim()] as const;
    }),
  );
  const traceId = fields.get('Root');
  const parentId = fields.get('Parent');
  if (fields.get('Sampled') !== '1' || !traceId || !parentId) return undefined;
  return { traceId, parentId, daemon };
}

/** Seconds since the epoch, with the microseconds X-Ray keeps. */
const epochSeconds = () => (performance.timeOrigin + performance.now()) / 1000;

/** X-Ray's flags for an answer: error for 4xx, throttle also for 429, fault for 5xx or none. */
export function outcomeOf(status: number | undefined, errorName?: string) {
  const throttled =
    status === 429 || /Throttl|ProvisionedThroughputExceeded|TooManyRequests/.test(errorName ?? '');
  if (throttled) return { error: true, throttle: true };
  if (status !== undefined && status >= 400 && status < 500) return { error: true };
  if ((status !== undefined && status >= 500) || errorName !== undefined) return { fault: true };
  return {};
}

interface SubsegmentFields {
  readonly name: string;
  readonly namespace: 'aws' | 'remote';
  readonly startTime: number;
  readonly http?: object;
  readonly aws?: object;
  readonly status?: number;
  readonly error?: { name: string; message: string };
}

function sendSubsegment(trace: InvocationTrace, fields: SubsegmentFields): void {
  const { name, namespace, startTime, http, aws, status, error } = fields;
  sendSegmentDocument(trace.daemon, {
    type: 'subsegment',
    id: randomBytes(8).toString('hex'),
    trace_id: trace.traceId,
    parent_id: trace.parentId,
    name: name.slice(0, 200),
    namespace,
    start_time: startTime,
    end_time: epochSeconds(),
    ...(http ? { http } : {}),
    ...(aws ? { aws } : {}),
    ...outcomeOf(status, error?.name),
    ...(error
      ? {
          cause: {
            exceptions: [
              {
                id: randomBytes(8).toString('hex'),
                type: error.name,
                message: error.message.slice(0, 500),
                remote: true,
              },
            ],
          },
        }
      : {}),
  });
}

interface ResponseMetadata {
  readonly httpStatusCode?: number;
  readonly requestId?: string;
  readonly attempts?: number;
}

type SdkNext = (args: { input: object }) => Promise<{ output: { $metadata?: ResponseMetadata } }>;

/** The AWS SDK v3 client, as much of it as tracing uses. */
interface TraceableClient {
  readonly config: { readonly serviceId?: string; readonly region?: unknown };
  readonly middlewareStack: {
    add(
      middleware: (next: SdkNext, context: { commandName?: string }) => SdkNext,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

export const TRACING_MIDDLEWARE = 'xrayTracing';

async function regionOf(client: TraceableClient): Promise<string | undefined> {
  const { region } = client.config;
  const value: unknown = typeof region === 'function' ? await (region as () => unknown)() : region;
  return typeof value === 'string' ? value : undefined;
}

/** The resource a call names, as X-Ray's AWS subsegments show it. */
function resourceOf(input: object): object {
  const { TableName, QueueUrl } = input as { TableName?: unknown; QueueUrl?: unknown };
  return {
    ...(typeof TableName === 'string' ? { table_name: TableName } : {}),
    ...(typeof QueueUrl === 'string' ? { queue_url: QueueUrl } : {}),
  };
}

/**
 * Records each call of the client (its retries included) as an AWS subsegment: the service, the
 * operation, the region, the request id, the retries and the table or queue it names.
 */
export function traceAwsClient<Client extends TraceableClient>(client: Client): Client {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const trace = invocationTrace();
      if (!trace) return next(args);
      const startTime = epochSeconds();
      const record = async (metadata: ResponseMetadata | undefined, error?: Error) => {
        sendSubsegment(trace, {
          name: client.config.serviceId ?? 'AWS',
          namespace: 'aws',
          startTime,
          aws: {
            operation: (context.commandName ?? '').replace(/Command$/, ''),
            region: await regionOf(client),
            request_id: metadata?.requestId,
            retries: Math.max(0, (metadata?.attempts ?? 1) - 1),
            ...resourceOf(args.input),
          },
          http: { response: { status: metadata?.httpStatusCode } },
          status: metadata?.httpStatusCode,
          error: error && { name: error.name, message: error.message },
        });
      };
      try {
        const result = await next(args);
        await record(result.output.$metadata);
        return result;
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        await record((error as { $metadata?: ResponseMetadata }).$metadata, failure).catch(
          () => undefined,
        );
        throw error;
      }
    },
    { step: 'initialize', name: TRACING_MIDDLEWARE },
  );
  return client;
}

/** A request the function itself makes (not the SDK's, traced above, nor the runtime's). */
function isTracedRequest(authority: string, fromSdk: boolean): boolean {
  return !fromSdk && authority !== process.env.AWS_LAMBDA_RUNTIME_API;
}

interface OpenRequest {
  readonly trace: InvocationTrace;
  readonly startTime: number;
  /** The host's name, which X-Ray's service map shows (the URL keeps the port). */
  readonly host: string;
  readonly http: { request: { method: string; url: string } };
}

function remoteSubsegment(open: OpenRequest, status?: number, error?: Error): void {
  sendSubsegment(open.trace, {
    name: open.host,
    namespace: 'remote',
    startTime: open.startTime,
    http: { ...open.http, ...(status === undefined ? {} : { response: { status } }) },
    status,
    error: error && { name: error.name, message: error.message },
  });
}

/** The URL without its query: a query may carry a secret (a token, a signature). */
function urlWithoutQuery(origin: string, path: string): string {
  return origin + path.split('?')[0];
}

/** node:http and node:https requests: one subsegment each, sent when the request closes. */
function traceNodeHttpRequests(): void {
  subscribe('http.client.request.start', (message) => {
    const request = (message as { request: ClientRequest }).request;
    const trace = invocationTrace();
    const host = request.host;
    const authority = String(request.getHeader('host') ?? host);
    const fromSdk = request.getHeader(SDK_INVOCATION_HEADER) !== undefined;
    if (!trace || !isTracedRequest(authority, fromSdk)) return;
    const open: OpenRequest = {
      trace,
      startTime: epochSeconds(),
      host,
      http: {
        request: {
          method: request.method,
          url: urlWithoutQuery(`${request.protocol}//${authority}`, request.path),
        },
      },
    };
    let status: number | undefined;
    let failure: Error | undefined;
    request.once('response', (response: IncomingMessage) => (status = response.statusCode));
    request.once('error', (error) => (failure = error));
    request.once('close', () =>
      remoteSubsegment(
        open,
        status,
        failure ?? (status === undefined ? new Error('closed before an answer') : undefined),
      ),
    );
  });
}

interface UndiciRequest {
  readonly origin: string;
  readonly path: string;
  readonly method: string;
  readonly headers: string | readonly string[];
}

function undiciHasSdkHeader(headers: UndiciRequest['headers']): boolean {
  const lines = typeof headers === 'string' ? headers : headers.join('\n');
  return lines.toLowerCase().includes(SDK_INVOCATION_HEADER);
}

/** fetch (undici) requests: one subsegment each, sent when the answer's head or an error comes. */
function traceFetchRequests(): void {
  const open = new WeakMap<object, OpenRequest>();
  subscribe('undici:request:create', (message) => {
    const request = (message as { request: UndiciRequest }).request;
    const trace = invocationTrace();
    const { host: authority, hostname: host } = new URL(request.origin);
    if (!trace || !isTracedRequest(authority, undiciHasSdkHeader(request.headers))) return;
    open.set(request, {
      trace,
      startTime: epochSeconds(),
      host,
      http: {
        request: { method: request.method, url: urlWithoutQuery(request.origin, request.path) },
      },
    });
  });
  const close = (request: object, status?: number, error?: Error) => {
    const started = open.get(request);
    if (!started) return;
    open.delete(request);
    remoteSubsegment(started, status, error);
  };
  subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    close(request, response.statusCode);
  });
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: Error };
    close(request, undefined, error);
  });
}

let outgoingRequestsTraced = false;

/**
 * Traces the process's outgoing HTTP requests from now on, once. A request is recorded only when
 * its invocation is traced, so outside Lambda the subscriptions cost a header check per request.
 */
export function traceOutgoingRequests(): void {
  if (outgoingRequestsTraced) return;
  outgoingRequestsTraced = true;
  traceNodeHttpRequests();
  traceFetchRequests();
}

// In Lambda from the bundle's load on (aws-clients.ts, in every function, imports this module).
if (process.env.AWS_EXECUTION_ENV) traceOutgoingRequests();
