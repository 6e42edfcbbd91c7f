/**
 * The environment a function's process gets: exactly the variables its template gives it, resolved
 * against the emulated deployment, plus what the Lambda runtime itself sets in every execution
 * environment (region, function name, handler, task root, log group, X-Ray daemon, temporary
 * credentials, NODE_PATH to the runtime's AWS SDK), plus the SDK's own endpoint variables
 * (`AWS_ENDPOINT_URL_<SERVICE>`) pointing at the emulators. Nothing of the rehearsal's own process
 * leaks in.
 */
import type { LambdaFunction } from './cloud-assembly';
import type { CfnResolver } from './cfn-resolver';

export interface RuntimeSettings {
  /** The Node.js runtime's node_modules (its AWS SDK v3): NODE_PATH. */
  readonly runtimeNodePath: string;
  /** `host:port` of the UDP sink standing in for the X-Ray daemon. */
  readonly xrayDaemonAddress: string;
  readonly endpointEnvironment: Readonly<Record<string, string>>;
  /** A path that does not exist: the SDK must read no shared config or credentials file. */
  readonly noSharedConfigFile: string;
}

export interface ResolvedFunction {
  readonly name: string;
  readonly arn: string;
  readonly logGroupName: string;
  /** The variables the template gives the function, resolved. */
  readonly templateEnvironment: Readonly<Record<string, string>>;
}

export function resolveFunction(fn: LambdaFunction, resolver: CfnResolver): ResolvedFunction {
  const physical = resolver.physicalResource(fn.stack, fn.logicalId);
  const templateEnvironment: Record<string, string> = {};
  for (const [name, value] of Object.entries(fn.environment)) {
    templateEnvironment[name] = resolver.resolveString(fn.stack, value);
  }
  return {
    name: physical.ref,
    arn: physical.attributes.Arn ?? '',
    logGroupName:
      fn.logGroup === undefined
        ? `/aws/lambda/${physical.ref}`
        : resolver.resolveString(fn.stack, fn.logGroup),
    templateEnvironment,
  };
}

/** The Node.js major version of a Lambda runtime name (`nodejs22.x` -> 22). */
export function nodeMajorOf(runtime: string): number | undefined {
  const match = /^nodejs(\d+)\.x$/.exec(runtime);
  return match ? Number(match[1]) : undefined;
}

export function processEnvironment(
  fn: LambdaFunction,
  resolved: ResolvedFunction,
  resolver: CfnResolver,
  settings: RuntimeSettings,
): Record<string, string> {
  const [host, port] = settings.xrayDaemonAddress.split(':');
  const lambdaRuntime: Record<string, string> = {
    AWS_REGION: resolver.target.region,
    AWS_DEFAULT_REGION: resolver.target.region,
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: resolved.name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: resolved.logGroupName,
    AWS_LAMBDA_LOG_STREAM_NAME: `rehearsal/[$LATEST]${resolved.name.slice(-12)}`,
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    _HANDLER: fn.handler,
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    NODE_PATH: settings.runtimeNodePath,
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    // The execution role's temporary credentials (the emulators accept any).
    AWS_ACCESS_KEY_ID: 'ASIAREHEARSAL',
    AWS_SECRET_ACCESS_KEY: 'rehearsal',
    AWS_SESSION_TOKEN: 'rehearsal',
    ...(fn.tracingActive
      ? {
          AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
          AWS_XRAY_DAEMON_ADDRESS: settings.xrayDaemonAddress,
          _AWS_XRAY_DAEMON_ADDRESS: host ?? '',
          _AWS_XRAY_DAEMON_PORT: port ?? '',
        }
      : {}),
  };
  return {
    ...lambdaRuntime,
    ...resolved.templateEnvironment,
    ...settings.endpointEnvironment,
    AWS_CONFIG_FILE: settings.noSharedConfigFile,
    AWS_SHARED_CREDENTIALS_FILE: settings.noSharedConfigFile,
    // Lambda runs Node 22; the SDK's warning about older Node versions concerns this machine only.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** Variables Lambda sets itself and refuses in a function's configuration. */
const RESERVED_VARIABLES = new Set([
  '_HANDLER',
  '_X_AMZN_TRACE_ID',
  'AWS_DEFAULT_REGION',
  'AWS_REGION',
  'AWS_EXECUTION_ENV',
  'AWS_LAMBDA_FUNCTION_NAME',
  'AWS_LAMBDA_FUNCTION_MEMORY_SIZE',
  'AWS_LAMBDA_FUNCTION_VERSION',
  'AWS_LAMBDA_INITIALIZATION_TYPE',
  'AWS_LAMBDA_LOG_GROUP_NAME',
  'AWS_LAMBDA_LOG_STREAM_NAME',
  'AWS_ACCESS_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_LAMBDA_RUNTIME_API',
  'LAMBDA_TASK_ROOT',
  'LAMBDA_RUNTIME_DIR',
]);

/** Lambda refuses a configuration whose variables exceed 4 KB in all. */
export const ENVIRONMENT_SIZE_LIMIT = 4096;

/** Why Lambda would refuse the function's environment at deploy time; empty when it would not. */
export function environmentProblems(resolved: ResolvedFunction): string[] {
  const variables = Object.entries(resolved.templateEnvironment);
  const problems = variables
    .filter(([name]) => RESERVED_VARIABLES.has(name))
    .map(([name]) => `sets ${name}, which Lambda reserves`);
  const size = variables.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  if (size > ENVIRONMENT_SIZE_LIMIT) {
    problems.push(`its variables take ${size} bytes, over Lambda's ${ENVIRONMENT_SIZE_LIMIT}`);
  }
  return problems;
}
