/**
 * The deployment rehearsal: runs every Lambda function of a synthesized cloud assembly from its
 * built asset, in a fresh process with the environment its template gives it, against the
 * templates' stateful resources created on the local emulators; invokes each with recorded events
 * (per HTTP route a happy path and a refusal, the scheduled scan, an SQS batch for the worker);
 * records every AWS SDK call and checks it against the function's role. See docs/architecture.md
 * ("Deployment rehearsal").
 */
import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findRoute, routeTable, type RouteId } from '@expiry-radar/shared/api/route-table';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import {
  apiAnswerOf,
  apiGatewayEvent,
  type ApiRequest,
  type ApiTarget,
} from './api-gateway-request';
import {
  lambdaFunctions,
  readCloudAssembly,
  resourcesOfType,
  type CloudAssembly,
  type LambdaFunction,
} from './cloud-assembly';
import { startEmulatedDeployment, type EmulatedDeployment } from './emulated-deployment';
import {
  environmentProblems,
  nodeMajorOf,
  processEnvironment,
  resolveFunction,
  type ResolvedFunction,
} from './function-environment';
import { FunctionPool, keyOf, type FunctionRecord } from './function-pool';
import type { InvocationOptions } from './lambda-process';
import { rolePolicyStatements } from './iam-policy';
import { jobOf, jobScenarios } from './job-scenarios';
import { judgeUnusedGrants } from './unused-grants';
import { checkPermissions, type PermissionReport } from './permission-check';
import { routeScenarios } from './route-scenarios';
import type { EventPurpose, ScenarioContext, SentEmail } from './scenario-context';

export interface RehearsalOptions {
  /** The cloud assembly: `cdk.out`, or any `cdk synth --output` directory. */
  readonly assemblyDirectory: string;
  /**
   * Run only the scenarios of the functions this accepts (tests, `--only`); the other functions
   * are reported when a scenario invoked them first, else listed as skipped.
   */
  readonly only?: (fn: LambdaFunction) => boolean;
  /** Scenarios run at once. @default 2 */
  readonly concurrency?: number;
  /** Function processes alive at once. @default 4 */
  readonly maxProcesses?: number;
  readonly log?: (line: string) => void;
}

export interface FunctionReport {
  readonly label: string;
  readonly path: string;
  readonly trigger: string;
  readonly events: Readonly<Record<EventPurpose, number>>;
  readonly coldStarts: number;
  readonly sdkCalls: number;
  readonly sdkActions: readonly string[];
  readonly permissions: PermissionReport | undefined;
  /** Unused grants that do not fail the rehearsal, each with why (unused-grants.ts). */
  readonly excusedGrants?: readonly string[];
  readonly failures: readonly string[];
  /** Why the function was not rehearsed (a provider of CDK's own, or left out by `only`). */
  readonly skipped?: string;
}

export interface RehearsalReport {
  readonly functions: readonly FunctionReport[];
  /** Failures of no single function (an unresolvable template, a route without a function). */
  readonly failures: readonly string[];
  readonly durationMs: number;
  readonly ok: boolean;
  /** The Lambda runtimes of the rehearsed functions, as the templates name them. */
  readonly runtimes: readonly string[];
  /** Physical names of the emulated resources by their construct path, for the report. */
  readonly resourceNames: Readonly<Record<string, string>>;
}

const ROUTE_ID_BY_KEY = new Map(
  routeTable.map((route) => [`${route.method} ${route.path}`, route.id]),
);

/** `ExpiryRadarApiTokens/Routes/ListTokens/Function` -> `ApiTokens/ListTokens`. */
function labelOf(fn: LambdaFunction): string {
  const [stack = '', ...rest] = fn.path.split('/');
  const parts = rest
    .filter((part) => !['Routes', 'Function', 'Job', 'Consumer'].includes(part))
    .map((part) => part.replace(/[0-9A-F]{32}.*$/, ''));
  return [stack.replace(/^ExpiryRadar/, ''), ...parts].join('/') || fn.logicalId;
}

function triggerOf(fn: LambdaFunction): string {
  return fn.triggers
    .map((trigger) => {
      switch (trigger.kind) {
        case 'http':
          return trigger.routeKeys.join(', ');
        case 'schedule':
          return trigger.expression;
        case 'sqs':
          return 'SQS';
        case 'custom-resource':
          return trigger.resourceType;
        case 'none':
          return 'none';
      }
    })
    .join('; ');
}

async function runWithConcurrency(
  tasks: ReadonlyArray<() => Promise<void>>,
  concurrency: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await task?.();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/** What the X-Ray daemon stand-in received: how many subsegments, and what was not one. */
export interface XrayReceipts {
  subsegments: number;
  readonly malformed: string[];
}

/** Whether a datagram is the daemon's header and one subsegment of a sampled invocation's trace. */
export function malformedSegment(datagram: string): string | undefined {
  const [header, body = ''] = datagram.split('\n');
  if (header !== '{"format": "json", "version": 1}') return `no daemon header: ${datagram}`;
  try {
    const document = JSON.parse(body) as Record<string, unknown>;
    const wellFormed =
      document.type === 'subsegment' &&
      /^1-[0-9a-f]{8}-[0-9a-f]{24}$/.test(String(document.trace_id)) &&
      /^[0-9a-f]{16}$/.test(String(document.id)) &&
      /^[0-9a-f]{16}$/.test(String(document.parent_id)) &&
      typeof document.name === 'string' &&
      typeof document.start_time === 'number' &&
      typeof document.end_time === 'number' &&
      document.end_time >= document.start_time;
    return wellFormed ? undefined : `not a complete subsegment: ${body}`;
  } catch {
    return `not JSON: ${body}`;
  }
}

/** A UDP socket standing in for the X-Ray daemon: it checks each segment document and drops it. */
export async function startXraySink(): Promise<{
  address: string;
  socket: Socket;
  receipts: XrayReceipts;
}> {
  const socket = createSocket('udp4');
  const receipts: XrayReceipts = { subsegments: 0, malformed: [] };
  socket.on('message', (datagram) => {
    const problem = malformedSegment(datagram.toString('utf8'));
    if (problem) receipts.malformed.push(problem);
    else receipts.subsegments += 1;
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${socket.address().port}`, socket, receipts };
}

/** The runtime's node_modules: the AWS SDK v3 only, as the Lambda Node.js runtime provides it. */
export function runtimeNodeModules(workDirectory: string): string {
  const nodeModules = join(workDirectory, 'runtime', 'node_modules');
  mkdirSync(nodeModules, { recursive: true });
  const sdkPackage = require.resolve('@aws-sdk/client-dynamodb/package.json');
  symlinkSync(dirname(dirname(sdkPackage)), join(nodeModules, '@aws-sdk'), 'dir');
  return nodeModules;
}

interface Prepared {
  readonly fn: LambdaFunction;
  readonly resolved: ResolvedFunction;
}

/** Seeds the table through the functions' own test fixtures, in this process. */
async function useDeploymentForFixtures(
  environment: Readonly<Record<string, string>>,
  ses: string,
) {
  Object.assign(process.env, environment, { SES_VIEWER_URL: `${ses}/` });
  const { resetConfigForTests } = await import('@expiry-radar/functions/platform/config');
  const { resetAwsClientsForTests } = await import('@expiry-radar/functions/platform/aws-clients');
  resetConfigForTests();
  resetAwsClientsForTests();
}

/**
 * A browser keeps its session cookie after the session ended: a public route's happy path is sent
 * with one, so the session lookup it then makes (and answers as to anyone) is part of what the
 * rehearsal sees.
 */
function withEndedSession(
  routeId: RouteId,
  purpose: EventPurpose,
  request: ApiRequest,
): ApiRequest {
  if (purpose !== 'happy' || request.session || findRoute(routeId).auth !== 'public')
    return request;
  // `<user id>.<secret>`, as the app names sessions: the lookup reads the session and its user.
  return { ...request, session: { sessionId: `${randomUUID()}.${randomUUID()}` } };
}

/**
 * A happy request with a session to a route that needs one finds the session last used over an
 * hour ago, so the write of its last use (middleware/session-auth.ts) is part of what the
 * rehearsal sees; a session that no longer exists is left alone.
 */
async function withSessionLastUsedLongAgo(
  routeId: RouteId,
  purpose: EventPurpose,
  request: ApiRequest,
): Promise<void> {
  if (purpose !== 'happy' || !request.session || findRoute(routeId).auth === 'public') return;
  const { givenSessionLastUsedAt } = await import('../../functions/test-support/fixtures');
  const { isConditionalCheckFailure } =
    await import('@expiry-radar/functions/data/table-operations');
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  await givenSessionLastUsedAt(request.session.sessionId, twoHoursAgo).catch((error: unknown) => {
    if (!isConditionalCheckFailure(error)) throw error;
  });
}

export async function rehearse(options: RehearsalOptions): Promise<RehearsalReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const assembly: CloudAssembly = readCloudAssembly(options.assemblyDirectory);
  const failures: string[] = [];
  const all = lambdaFunctions(assembly);
  const workDirectory = mkdtempSync(join(tmpdir(), 'expiry-radar-rehearsal-'));
  let deployment: EmulatedDeployment | undefined;
  let xray: Awaited<ReturnType<typeof startXraySink>> | undefined;
  let pool: FunctionPool | undefined;
  const skipped = new Map<string, string>();
  const reports: FunctionReport[] = [];
  const resourceNames: Record<string, string> = {};
  try {
    log(`Creating the templates' table, queues and secrets on the emulators`);
    deployment = await startEmulatedDeployment(assembly);
    xray = await startXraySink();
    const { resolver } = deployment;
    for (const [key, physical] of deployment.emulated) {
      const [stack = '', logicalId = ''] = key.split('/');
      const path = resolver.resource(stack, logicalId).Metadata?.['aws:cdk:path'];
      const name = (physical.attributes.QueueName ?? physical.ref).split('/').pop() ?? '';
      const construct = typeof path === 'string' ? path.replace(/\/Resource$/, '') : key;
      resourceNames[name] = construct.replace(/^ExpiryRadar/, '');
    }
    const settings = {
      runtimeNodePath: runtimeNodeModules(workDirectory),
      xrayDaemonAddress: xray.address,
      endpointEnvironment: deployment.endpointEnvironment,
      noSharedConfigFile: join(workDirectory, 'no-aws-config'),
    };
    pool = new FunctionPool(join(workDirectory, 'tasks'), options.maxProcesses ?? 4);

    const prepared = new Map<string, Prepared>();
    for (const fn of all) {
      if (nodeMajorOf(fn.runtime) === undefined) {
        const provider = fn.triggers.find((trigger) => trigger.kind === 'custom-resource');
        if (provider?.kind === 'custom-resource') {
          skipped.set(
            keyOf(fn),
            `${fn.runtime} provider of ${provider.resourceType}: CDK's own code, run by CloudFormation during a deploy`,
          );
          continue;
        }
        failures.push(`${fn.path}: runtime ${fn.runtime} cannot be rehearsed`);
        continue;
      }
      if (!fn.assetDirectory) {
        failures.push(`${fn.path}: its code is not a file asset of the cloud assembly`);
        continue;
      }
      try {
        const resolved = resolveFunction(fn, resolver);
        for (const problem of environmentProblems(resolved))
          failures.push(`${fn.path}: ${problem}`);
        pool.add({
          fn,
          label: labelOf(fn),
          environment: processEnvironment(fn, resolved, resolver, settings),
          functionArn: resolved.arn,
        });
        prepared.set(keyOf(fn), { fn, resolved });
      } catch (error) {
        failures.push(`${fn.path}: ${(error as Error).message}`);
      }
    }

    deployment.putOperatorParameters(
      [...prepared.values()].map(({ resolved }) => resolved.templateEnvironment),
    );
    const slackClientId = dataEnvironmentOf(prepared, 'SLACK_CLIENT_ID');
    if (slackClientId !== undefined && slackClientId !== deployment.slack.clientId) {
      failures.push(
        `SLACK_CLIENT_ID is ${slackClientId}, not the Slack stand-in's ${deployment.slack.clientId} (npm run synth's slackClientId)`,
      );
    }

    // The values every function reads, for seeding through the fixtures.
    const dataEnvironment = [...prepared.values()].find(
      ({ resolved }) => resolved.templateEnvironment.TABLE_NAME,
    )?.resolved.templateEnvironment;
    if (!dataEnvironment) {
      throw new Error(['No rehearsed function is given TABLE_NAME', ...failures].join('\n'));
    }
    const tableName = dataEnvironment.TABLE_NAME ?? '';
    const alertQueueUrl = dataEnvironment.ALERT_QUEUE_URL ?? '';
    // Only the endpoint jobs are given the endpoint check queue.
    const endpointCheckQueueUrl =
      [...prepared.values()]
        .map(({ resolved }) => resolved.templateEnvironment.ENDPOINT_CHECK_QUEUE_URL)
        .find((url) => url !== undefined) ?? '';
    const integrationSyncQueueUrl =
      [...prepared.values()]
        .map(({ resolved }) => resolved.templateEnvironment.INTEGRATION_SYNC_QUEUE_URL)
        .find((url) => url !== undefined) ?? '';
    const registrationCheckQueueUrl =
      [...prepared.values()]
        .map(({ resolved }) => resolved.templateEnvironment.REGISTRATION_CHECK_QUEUE_URL)
        .find((url) => url !== undefined) ?? '';
    const ctWatchQueueUrl =
      [...prepared.values()]
        .map(({ resolved }) => resolved.templateEnvironment.CT_WATCH_QUEUE_URL)
        .find((url) => url !== undefined) ?? '';
    await useDeploymentForFixtures(
      {
        AWS_REGION: resolver.target.region,
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        APP_ENV: 'test',
        POWERTOOLS_LOG_LEVEL: 'SILENT',
        POWERTOOLS_METRICS_DISABLED: 'true',
        TABLE_NAME: tableName,
        DYNAMODB_ENDPOINT: deployment.endpoints.dynamoDb,
        SQS_ENDPOINT: deployment.endpoints.sqs,
        ALERT_QUEUE_URL: alertQueueUrl,
        ALERT_DLQ_URL: dataEnvironment.ALERT_DLQ_URL ?? '',
      },
      deployment.endpoints.ses,
    );

    // Routes: the template's route key of each function, and the route table's id of that key.
    const routeFunctions = new Map<RouteId, LambdaFunction>();
    const routeKeys = new Map<RouteId, string>();
    for (const { fn } of prepared.values()) {
      for (const trigger of fn.triggers) {
        if (trigger.kind !== 'http') continue;
        for (const routeKey of trigger.routeKeys) {
          const routeId = ROUTE_ID_BY_KEY.get(routeKey);
          if (!routeId) {
            failures.push(`${fn.path}: route ${routeKey} is in no route of the route table`);
            continue;
          }
          routeFunctions.set(routeId, fn);
          routeKeys.set(routeId, routeKey);
        }
      }
    }
    const apis = resourcesOfType(assembly, 'AWS::ApiGatewayV2::Api');
    const api = apis[0];
    const originSecretArn = dataEnvironmentOf(prepared, 'ORIGIN_VERIFY_SECRET_ARN');
    const alertLinkKeyArn = dataEnvironmentOf(prepared, 'ALERT_LINK_KEY_SECRET_ARN');
    const apiTarget: ApiTarget = {
      apiId: api ? resolver.physicalResource(api.stack, api.logicalId).ref : 'rehearsal',
      region: resolver.target.region,
      accountId: resolver.target.accountId,
      originSecret: originSecretArn ? deployment.secrets.secretValue(originSecretArn) : undefined,
    };

    const events = new Map<string, Record<EventPurpose, number>>();
    const countEvent = (fn: LambdaFunction, purpose: EventPurpose) => {
      const counts = events.get(keyOf(fn)) ?? { happy: 0, refusal: 0, external: 0, setup: 0 };
      counts[purpose] += 1;
      events.set(keyOf(fn), counts);
    };
    const jobFunctions = new Map<string, LambdaFunction>();
    for (const { fn } of prepared.values()) {
      const job = jobOf(fn);
      if (job) jobFunctions.set(job, fn);
    }
    const activePool = pool;
    const sesEndpoint = deployment.endpoints.ses;
    /** Invokes the function of `routeId` with the request (no check of the answer). */
    const send = async (
      routeId: RouteId,
      purpose: EventPurpose,
      request: ApiRequest,
      options: InvocationOptions = {},
    ) => {
      const fn = routeFunctions.get(routeId);
      const routeKey = routeKeys.get(routeId);
      if (!fn || !routeKey) throw new SkippedScenario(routeId);
      countEvent(fn, purpose);
      const result = await activePool.invoke(
        fn,
        apiGatewayEvent(routeKey, request, apiTarget),
        options,
      );
      if (result.error) {
        throw new ScenarioFailure(`${purpose} ${routeKey}: the function failed`);
      }
      return { fn, routeKey, answer: apiAnswerOf(result.result) };
    };
    // A route that takes API keys gets its happy path with a key of the session's user (all
    // workspaces, read and write), made once per user through the createApiKey function: the
    // key's lookup, its rate limit and its last use are then part of what the rehearsal sees. The
    // user then holds more keys than the plan allows (newer ones, as kept over a downgrade), so
    // the lookup of the keys the limit pauses is too. A user who may not have a key (no
    // workspace yet) keeps the session.
    const apiKeys = new Map<string, Promise<string | undefined>>();
    const withApiKey = async (
      routeId: RouteId,
      purpose: EventPurpose,
      request: ApiRequest,
    ): Promise<ApiRequest> => {
      const { session, ...rest } = request;
      if (purpose !== 'happy' || !session || findRoute(routeId).apiKey === undefined)
        return request;
      if (request.headers?.authorization !== undefined) return request;
      let secret = apiKeys.get(session.sessionId);
      if (!secret) {
        const body = {
          name: 'Rehearsal key',
          workspace_id: null,
          access: 'read_write',
          expires_at: addCalendarDays(new Date(), 30),
        };
        secret = send('createApiKey', 'setup', { session, body }).then(async ({ answer }) => {
          if (answer.status !== 201) return undefined;
          const { secret: made, key } = answer.json as {
            secret: string;
            key: { token: { workspace_id: string } };
          };
          const { givenApiKeysBeyondPlanLimit } =
            await import('../../functions/test-support/api-key-fixtures');
          const { claimedUserIdOf } = await import('@expiry-radar/functions/data/session-records');
          await givenApiKeysBeyondPlanLimit({
            userId: claimedUserIdOf(session.sessionId) ?? '',
            workspaceId: key.token.workspace_id,
          });
          return made;
        });
        apiKeys.set(session.sessionId, secret);
      }
      const key = await secret;
      if (key === undefined) return request;
      return {
        ...rest,
        headers: { ...rest.headers, authorization: `Bearer ${key}` },
        withoutCsrf: true,
      };
    };
    const context: ScenarioContext = {
      async call(routeId, purpose, request, expectedStatus, options) {
        const sent = await withApiKey(
          routeId,
          purpose,
          withEndedSession(routeId, purpose, request),
        );
        await withSessionLastUsedLongAgo(routeId, purpose, sent);
        const { fn, routeKey, answer } = await send(routeId, purpose, sent, options);
        if (answer.status !== expectedStatus) {
          const message = `${purpose} ${routeKey}: answered ${answer.status} (expected ${expectedStatus}): ${answer.body.slice(0, 400)}`;
          activePool.record(fn).failures.push(`${message}\n${activePool.logTail(fn)}`);
          throw new ScenarioFailure(message);
        }
        return answer;
      },
      async invokeJob(job, purpose, event) {
        const fn = jobFunctions.get(job);
        if (!fn) throw new SkippedScenario(job);
        countEvent(fn, purpose);
        const result = await activePool.invoke(fn, event);
        if (result.error) throw new ScenarioFailure(`${purpose} ${job}: the function failed`);
        return result;
      },
      fail(routeIdOrJob, message) {
        const fn = routeFunctions.get(routeIdOrJob as RouteId) ?? jobFunctions.get(routeIdOrJob);
        if (fn) activePool.record(fn).failures.push(message);
        else failures.push(`${routeIdOrJob}: ${message}`);
      },
      async emailsTo(address) {
        const response = await fetch(`${sesEndpoint}/store`);
        const { emails } = (await response.json()) as { emails: SentEmail[] };
        return emails.filter((email) =>
          email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
        );
      },
      deployment: {
        tableName,
        alertLinkKey: (alertLinkKeyArn && deployment.secrets.secretValue(alertLinkKeyArn)) ?? '',
        alertQueueUrl,
        alertQueueArn: deployment.queueArn(alertQueueUrl) ?? '',
        deadLetterQueueUrl: dataEnvironment.ALERT_DLQ_URL ?? '',
        endpointCheckQueueUrl,
        endpointCheckQueueArn: deployment.queueArn(endpointCheckQueueUrl) ?? '',
        integrationSyncQueueUrl,
        integrationSyncQueueArn: deployment.queueArn(integrationSyncQueueUrl) ?? '',
        registrationCheckQueueUrl,
        registrationCheckQueueArn: deployment.queueArn(registrationCheckQueueUrl) ?? '',
        ctWatchQueueUrl,
        ctWatchQueueArn: deployment.queueArn(ctWatchQueueUrl) ?? '',
        sqsEndpoint: deployment.endpoints.sqs,
        region: resolver.target.region,
        discovery: deployment.discovery,
        oidcProviderIssuer: deployment.oidcProvider.issuerUrl,
        stripe: deployment.stripe,
        slack: deployment.slack,
      },
    };

    // Every function is ready to run (a scenario may need another route's function first);
    // with `only`, the scenarios of the other functions do not run.
    const selected = (fn: LambdaFunction | undefined) =>
      fn !== undefined && (!options.only || options.only(fn));
    const scenarios = [
      ...Object.entries(routeScenarios)
        .filter(([routeId]) => selected(routeFunctions.get(routeId as RouteId)))
        .map(([routeId, scenario]) => ({ name: routeId, scenario })),
      ...Object.entries(jobScenarios)
        .filter(([, { jobs }]) => jobs.some((job) => selected(jobFunctions.get(job))))
        .map(([name, { run }]) => ({ name, scenario: run })),
    ];
    for (const { fn } of prepared.values()) {
      if (!selected(fn)) skipped.set(keyOf(fn), LEFT_OUT);
    }
    log(`Rehearsing ${prepared.size} functions (${scenarios.length} scenarios)`);
    await runWithConcurrency(
      scenarios.map(({ name, scenario }) => async () => {
        try {
          await scenario(context);
        } catch (error) {
          if (error instanceof SkippedScenario) return;
          if (!(error instanceof ScenarioFailure)) {
            context.fail(name, `the scenario failed: ${(error as Error).stack ?? String(error)}`);
          }
        }
      }),
      options.concurrency ?? 2,
    );
    await pool.stopAll();

    for (const fn of all) {
      const key = keyOf(fn);
      const reason = skipped.get(key);
      const record: FunctionRecord | undefined = pool.records.get(key);
      const item = prepared.get(key);
      // A function left out of the run is reported when a scenario invoked it as a set-up step.
      if (!record || !item || (reason && record.invocations === 0)) {
        reports.push({
          label: labelOf(fn),
          path: fn.path,
          trigger: triggerOf(fn),
          events: { happy: 0, refusal: 0, external: 0, setup: 0 },
          coldStarts: 0,
          sdkCalls: 0,
          sdkActions: [],
          permissions: undefined,
          failures: [],
          skipped: reason ?? 'not prepared',
        });
        continue;
      }
      const counts = events.get(key) ?? { happy: 0, refusal: 0, external: 0, setup: 0 };
      const functionFailures = [...record.failures];
      const needsRefusal =
        !reason && fn.triggers.some((trigger) => trigger.kind === 'http' || trigger.kind === 'sqs');
      if (!reason && counts.happy + counts.external === 0) {
        functionFailures.push('no scenario sent it a happy-path event');
      }
      if (needsRefusal && counts.refusal === 0) {
        functionFailures.push('no scenario sent it an event to refuse');
      }
      let permissions: PermissionReport | undefined;
      let excusedGrants: readonly string[] = [];
      try {
        const statements = fn.roleLogicalId
          ? rolePolicyStatements(resolver, assembly.stacks, fn.stack, fn.roleLogicalId)
          : [];
        permissions = checkPermissions({
          fn,
          statements,
          calls: record.calls,
          logGroupName: item.resolved.logGroupName,
          resolver,
          lookups: {
            queueArn: (url) => deployment?.queueArn(url),
            secretArn: (id) => deployment?.secrets.secretArn(id),
          },
        });
        for (const denied of permissions.denied) {
          // The condition keys the request gave, which the grant's conditions may have refused.
          const context = Object.entries(denied.context ?? {}).map(
            ([key, value]) => `; ${key} ${[value].flat().join(', ')}`,
          );
          functionFailures.push(
            `${record.label} is not allowed ${denied.action} on ${denied.resources.join(' or ')} (${denied.madeBy}${context.join('')})`,
          );
        }
        if (!reason) {
          const verdict = judgeUnusedGrants(record.label, permissions, counts, {
            complete: options.only === undefined,
            resourceNames,
          });
          functionFailures.push(...verdict.failures);
          excusedGrants = verdict.excused;
        }
      } catch (error) {
        functionFailures.push(`its role could not be checked: ${(error as Error).message}`);
      }
      reports.push({
        label: record.label,
        path: fn.path,
        trigger: triggerOf(fn),
        events: counts,
        coldStarts: record.coldStarts,
        sdkCalls: record.calls.length,
        sdkActions: [
          ...new Set(
            (permissions?.requirements ?? [])
              .filter((requirement) => requirement.origin === 'sdk')
              .map((requirement) => requirement.action),
          ),
        ].sort(),
        permissions,
        excusedGrants,
        failures: functionFailures,
      });
    }
    failures.push(...xrayFailures(xray.receipts));
  } finally {
    await pool?.stopAll();
    xray?.socket.close();
    await deployment?.stop();
    rmSync(workDirectory, { recursive: true, force: true });
  }
  const ok = failures.length === 0 && reports.every((report) => report.failures.length === 0);
  const runtimes = [
    ...new Set(all.filter((fn) => nodeMajorOf(fn.runtime) !== undefined).map((fn) => fn.runtime)),
  ];
  return {
    functions: reports,
    failures,
    durationMs: Date.now() - started,
    ok,
    runtimes,
    resourceNames,
  };
}

function dataEnvironmentOf(
  prepared: ReadonlyMap<string, Prepared>,
  name: string,
): string | undefined {
  for (const { resolved } of prepared.values()) {
    const value = resolved.templateEnvironment[name];
    if (value) return value;
  }
  return undefined;
}

/** The functions trace in X-Ray: their calls reached the daemon stand-in, each well formed. */
function xrayFailures(receipts: XrayReceipts): string[] {
  return [
    ...(receipts.subsegments === 0 ? ['No X-Ray subsegment reached the daemon stand-in'] : []),
    ...receipts.malformed.slice(0, 5).map((problem) => `X-Ray daemon stand-in: ${problem}`),
  ];
}

/** Why a function is skipped in a run restricted with `only`. */
export const LEFT_OUT = 'left out of this run';

/** A scenario's expectation failed; the failure is already recorded against its function. */
export class ScenarioFailure extends Error {
  override readonly name = 'ScenarioFailure';
}

/** The scenario's function is not in the templates. */
export class SkippedScenario extends Error {
  override readonly name = 'SkippedScenario';
}
