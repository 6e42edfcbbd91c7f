/**
 * One Lambda function serving one route of the route table: Node.js 22 on arm64, bundled by the
 * local esbuild (minified, with source maps), JSON logs into its own log group with a retention
 * period, and an explicit role that can write only to that log group plus the route's permissions.
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SECRET_PARAMETER_PREFIX, type Permission } from '../config/route-permissions';

/** The repository root (this file is infra/constructs/http-function.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;
export const FUNCTION_LOG_RETENTION = RetentionDays.ONE_MONTH;

/** The stateful resources of the data stack that route functions may be granted access to. */
export interface AppResources {
  readonly table: ITable;
  /** Names of the table's global secondary indexes (from tableDefinition). */
  readonly tableIndexNames: readonly string[];
  readonly alertQueue: IQueue;
  readonly deadLetterQueue: IQueue;
}

export interface HttpFunctionProps {
  /** Absolute path of the handler module; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly resources: AppResources;
  readonly permissions: readonly Permission[];
  readonly environment: Readonly<Record<string, string>>;
  /** Names of the SSM parameters `billingSecretParameterRead` may read (the Stripe secrets). */
  readonly billingSecretParameters?: readonly string[];
  /** @default 512 (scrypt password hashing is CPU-bound; CPU scales with memory) */
  readonly memorySize?: number;
  /** @default 10 seconds (API Gateway HTTP APIs give up after 30) */
  readonly timeout?: Duration;
}

export class HttpFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: HttpFunctionProps) {
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
    grantPermissions(this.role, props.permissions, props.resources, {
      billingSecretParameters: props.billingSecretParameters,
    });

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      // X-Ray: Powertools Tracer records the AWS SDK and HTTPS calls (functions/src/platform).
      tracing: Tracing.ACTIVE,
      // Stack traces in the logs point into the TypeScript sources.
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        minify: true,
        sourceMap: true,
        target: 'node22',
        format: OutputFormat.CJS,
        tsconfig: path.join(REPO_ROOT, 'tsconfig.base.json'),
        // The runtime provides AWS SDK v3; each bundle holds only its route's code.
        externalModules: ['@aws-sdk/*'],
        forceDockerBundling: false,
      },
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

const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** Turns the route's permission names into IAM statements on exactly the resources involved. */
export function grantPermissions(
  role: Role,
  permissions: readonly Permission[],
  resources: AppResources,
  secrets: { readonly billingSecretParameters?: readonly string[] } = {},
): void {
  const { table, alertQueue, deadLetterQueue } = resources;
  const stack = Stack.of(role);
  const indexArns = resources.tableIndexNames.map(
    (indexName) => `${table.tableArn}/index/${indexName}`,
  );
  const statement = (actions: string[], arns: string[]): void => {
    role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: arns }));
  };

  for (const permission of new Set(permissions)) {
    switch (permission) {
      case 'tableRead':
        statement(TABLE_READ_ACTIONS, [table.tableArn, ...indexArns]);
        break;
      case 'tableWrite':
        statement(TABLE_WRITE_ACTIONS, [table.tableArn]);
        break;
      case 'tableDescribe':
        statement(['dynamodb:DescribeTable'], [table.tableArn]);
        break;
      case 'alertQueueSend':
        statement(['sqs:SendMessage', 'sqs:GetQueueAttributes'], [alertQueue.queueArn]);
        break;
      case 'queuesGetAttributes':
        statement(['sqs:GetQueueAttributes'], [alertQueue.queueArn, deadLetterQueue.queueArn]);
        break;
      case 'deadLetterQueueRedrive':
        statement(
          [
            'sqs:ReceiveMessage',
            'sqs:DeleteMessage',
            'sqs:ChangeMessageVisibility',
            'sqs:GetQueueAttributes',
          ],
          [deadLetterQueue.queueArn],
        );
        statement(['sqs:SendMessage'], [alertQueue.queueArn]);
        break;
      case 'emailSend':
        statement(
          ['ses:SendEmail'],
          [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        );
        Validations.of(role).acknowledge({
          id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
          reason:
            'SES checks SendEmail against the sender identity and, in the SES sandbox, each recipient identity; recipients are any user address, so the identity part is a wildcard limited to ses:SendEmail in this account and region.',
        });
        break;
      case 'secretParameterRead':
        statement(
          ['ssm:GetParameter'],
          [
            stack.formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: `${SECRET_PARAMETER_PREFIX.replace(/^\//, '')}*`,
            }),
          ],
        );
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ssm:<AWS::Region>:<AWS::AccountId>:parameter${SECRET_PARAMETER_PREFIX}*]`,
          reason: `Reads only the product's secret parameters under ${SECRET_PARAMETER_PREFIX} (SecureString, named at deploy time).`,
        });
        break;
      case 'billingSecretParameterRead': {
        const names = secrets.billingSecretParameters ?? [];
        if (names.length === 0) {
          throw new Error('billingSecretParameterRead needs the Stripe parameter names');
        }
        statement(
          ['ssm:GetParameter'],
          names.map((name) =>
            stack.formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: name.replace(/^\//, ''),
            }),
          ),
        );
        break;
      }
    }
  }
}
