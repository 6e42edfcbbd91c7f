/**
 * Every Lambda function of the app (route handlers and jobs): Node.js 22 on arm64, bundled by the
 * local esbuild in one run for all functions (function-bundles.ts: minified, with source maps), JSON logs into its own log group with a retention
 * period, and an explicit role that can write only to that log group plus its permissions.
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Permission } from '../config/permissions';
import { bundledFunctionCode } from './function-bundles';
import { grantPermissions, type AppResources, type PermissionTargets } from './permission-grants';

/** The repository root (this file is infra/constructs/app-function.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;
export const FUNCTION_LOG_RETENTION = RetentionDays.ONE_MONTH;

export interface AppFunctionProps {
  /** Absolute path of the handler module; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly resources: AppResources;
  readonly permissions: readonly Permission[];
  readonly environment: Readonly<Record<string, string>>;
  /** What the permissions that name no data stack resource apply to (secrets, email sender). */
  readonly permissionTargets?: PermissionTargets;
  /** @default 512 (scrypt password hashing is CPU-bound; CPU scales with memory) */
  readonly memorySize?: number;
  /** @default 10 seconds (API Gateway HTTP APIs give up after 30) */
  readonly timeout?: Duration;
}

export class AppFunction extends Construct {
  readonly function: LambdaFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'LogGroup', {
      retention: FUNCTION_LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // An explicit role instead of AWSLambdaBasicExecutionRole: logs go to this log group only.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.description}`,
    });
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    grantPermissions(this.role, props.permissions, props.resources, props.permissionTargets);

    this.function = new LambdaFunction(this, 'Function', {
      code: bundledFunctionCode(this, props.entry),
      handler: 'index.handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      // X-Ray: the function records its AWS SDK and HTTP calls (functions/src/platform/tracing.ts).
      tracing: Tracing.ACTIVE,
      // Stack traces in the logs point into the TypeScript sources.
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing grants xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions; nothing else is granted on *.',
    });
    // The role's policy must exist before the function can run with it.
    this.function.node.addDependency(this.role);
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x (LTS, supported by Lambda) so the runtime matches the esbuild target and the Node.js line the handlers are tested on; moving to a newer runtime is a deliberate upgrade.',
    });
  }
}
