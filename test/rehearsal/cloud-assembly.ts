/**
 * The synthesized app as CloudFormation sees it: the stacks of a cloud assembly (`cdk.out`, or any
 * `cdk synth --output` directory) with their templates, and the Lambda functions in them with what
 * the rehearsal needs of each (asset, handler, environment, role, timeout, triggers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type CfnValue = unknown;

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, CfnValue>;
  readonly DependsOn?: string | string[];
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly Metadata?: Record<string, CfnValue>;
}

export interface CfnTemplate {
  readonly Resources: Record<string, CfnResource>;
  readonly Outputs?: Record<string, { Value: CfnValue; Export?: { Name: CfnValue } }>;
  readonly Parameters?: Record<string, { Type: string; Default?: string }>;
}

export interface AssemblyStack {
  readonly name: string;
  readonly template: CfnTemplate;
}

export interface CloudAssembly {
  readonly directory: string;
  readonly stacks: readonly AssemblyStack[];
}

interface Manifest {
  readonly artifacts?: Record<
    string,
    { type: string; displayName?: string; properties?: { templateFile?: string } }
  >;
}

export function readCloudAssembly(directory: string): CloudAssembly {
  const manifestFile = join(directory, 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`No cloud assembly in ${directory}: run \`npm run synth\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const stacks = Object.entries(manifest.artifacts ?? {})
    .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack')
    .map(([id, artifact]) => {
      const templateFile = artifact.properties?.templateFile;
      if (!templateFile) throw new Error(`Stack ${id} names no template file`);
      const template = JSON.parse(
        readFileSync(join(directory, templateFile), 'utf8'),
      ) as CfnTemplate;
      for (const [logicalId, resource] of Object.entries(template.Resources)) {
        if (resource.Type === 'AWS::CloudFormation::Stack') {
          throw new Error(
            `${id}/${logicalId} is a nested stack; the rehearsal reads sibling stacks only.`,
          );
        }
      }
      return { name: artifact.displayName ?? id, template };
    });
  return { directory, stacks };
}

/** A template value that should be a string or number, as text (anything else as JSON). */
export function textOf(value: CfnValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined ? '' : JSON.stringify(value);
}

/** A resource of the app: its stack, logical id and definition. */
export interface ResourceRef {
  readonly stack: string;
  readonly logicalId: string;
  readonly resource: CfnResource;
}

export function resourcesOfType(assembly: CloudAssembly, type: string): ResourceRef[] {
  return assembly.stacks.flatMap((stack) =>
    Object.entries(stack.template.Resources)
      .filter(([, resource]) => resource.Type === type)
      .map(([logicalId, resource]) => ({ stack: stack.name, logicalId, resource })),
  );
}

export function findResource(
  assembly: CloudAssembly,
  stack: string,
  logicalId: string,
): CfnResource {
  const resource = assembly.stacks.find((candidate) => candidate.name === stack)?.template
    .Resources[logicalId];
  if (!resource) throw new Error(`No resource ${stack}/${logicalId}`);
  return resource;
}

/** `{ Ref: X }` or `{ 'Fn::GetAtt': [X, attr] }`: the logical id X, else undefined. */
export function referencedLogicalId(value: CfnValue): string | undefined {
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (typeof object.Ref === 'string') return object.Ref;
    const getAtt = object['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
    if (typeof getAtt === 'string') return getAtt.split('.')[0];
  }
  return undefined;
}

/** What invokes a function in the deployment. */
export type FunctionTrigger =
  | { readonly kind: 'http'; readonly routeKeys: readonly string[] }
  | { readonly kind: 'schedule'; readonly rule: string; readonly expression: string }
  | { readonly kind: 'sqs'; readonly mapping: string; readonly queueArn: CfnValue }
  /** The provider of a custom resource: CloudFormation invokes it during a deployment. */
  | { readonly kind: 'custom-resource'; readonly resourceType: string }
  | { readonly kind: 'none' };

export interface LambdaFunction {
  readonly stack: string;
  readonly logicalId: string;
  /** The construct path without `/Resource`, e.g. `ExpiryRadarApiTokens/Routes/ListTokens/Function`. */
  readonly path: string;
  readonly runtime: string;
  readonly handler: string;
  /** Absolute path of the asset directory, when the code is a file asset of the assembly. */
  readonly assetDirectory: string | undefined;
  readonly environment: Record<string, CfnValue>;
  readonly roleLogicalId: string | undefined;
  readonly timeoutSeconds: number;
  readonly memorySize: number;
  readonly tracingActive: boolean;
  readonly logGroup: CfnValue;
  readonly triggers: readonly FunctionTrigger[];
}

function triggersOf(stack: AssemblyStack, logicalId: string): FunctionTrigger[] {
  const triggers: FunctionTrigger[] = [];
  const resources = stack.template.Resources;
  const isThisFunction = (value: CfnValue) => referencedLogicalId(value) === logicalId;

  // HTTP API routes: route -> integration -> the function's ARN.
  const routeKeys: string[] = [];
  for (const route of Object.values(resources)) {
    if (route.Type !== 'AWS::ApiGatewayV2::Route') continue;
    const target = JSON.stringify(route.Properties?.Target ?? '');
    const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1];
    const integration = integrationId ? resources[integrationId] : undefined;
    if (isThisFunction(integration?.Properties?.IntegrationUri)) {
      routeKeys.push(String(route.Properties?.RouteKey));
    }
  }
  if (routeKeys.length > 0) triggers.push({ kind: 'http', routeKeys });

  for (const [ruleId, rule] of Object.entries(resources)) {
    if (rule.Type !== 'AWS::Events::Rule') continue;
    const targets = (rule.Properties?.Targets ?? []) as Array<{ Arn: CfnValue }>;
    if (targets.some((target) => isThisFunction(target.Arn))) {
      triggers.push({
        kind: 'schedule',
        rule: ruleId,
        expression: String(rule.Properties?.ScheduleExpression),
      });
    }
  }
  for (const [mappingId, mapping] of Object.entries(resources)) {
    if (mapping.Type !== 'AWS::Lambda::EventSourceMapping') continue;
    if (isThisFunction(mapping.Properties?.FunctionName)) {
      triggers.push({
        kind: 'sqs',
        mapping: mappingId,
        queueArn: mapping.Properties?.EventSourceArn,
      });
    }
  }
  for (const custom of Object.values(resources)) {
    const isCustom =
      custom.Type.startsWith('Custom::') || custom.Type === 'AWS::CloudFormation::CustomResource';
    if (isCustom && isThisFunction(custom.Properties?.ServiceToken)) {
      triggers.push({ kind: 'custom-resource', resourceType: custom.Type });
    }
  }
  return triggers.length > 0 ? triggers : [{ kind: 'none' } as const];
}

/**
 * The directory of a function's code in the assembly: the `aws:asset:path` metadata the CDK CLI
 * asks for, else the staged asset named by the S3 key's hash (`<hash>.zip` -> `asset.<hash>`).
 */
function assetDirectoryOf(
  assembly: CloudAssembly,
  assetPath: CfnValue,
  code: CfnValue,
): string | undefined {
  if (typeof assetPath === 'string') return join(assembly.directory, assetPath);
  const key = (code as { S3Key?: unknown } | undefined)?.S3Key;
  const hash = typeof key === 'string' ? /^([0-9a-f]{64})\.zip$/.exec(key)?.[1] : undefined;
  const directory = hash ? join(assembly.directory, `asset.${hash}`) : undefined;
  return directory && existsSync(directory) ? directory : undefined;
}

export function lambdaFunctions(assembly: CloudAssembly): LambdaFunction[] {
  return assembly.stacks.flatMap((stack) =>
    Object.entries(stack.template.Resources)
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      .map(([logicalId, resource]) => {
        const properties = resource.Properties ?? {};
        const metadata = resource.Metadata ?? {};
        const assetPath = metadata['aws:asset:path'];
        const path = textOf(metadata['aws:cdk:path'] ?? `${stack.name}/${logicalId}`).replace(
          /\/Resource$/,
          '',
        );
        const environment = (properties.Environment as { Variables?: Record<string, CfnValue> })
          ?.Variables;
        const logging = properties.LoggingConfig as { LogGroup?: CfnValue } | undefined;
        return {
          stack: stack.name,
          logicalId,
          path,
          runtime: textOf(properties.Runtime),
          handler: textOf(properties.Handler),
          assetDirectory: assetDirectoryOf(assembly, assetPath, properties.Code),
          environment: { ...environment },
          roleLogicalId: referencedLogicalId(properties.Role),
          timeoutSeconds: Number(properties.Timeout ?? 3),
          memorySize: Number(properties.MemorySize ?? 128),
          tracingActive: (properties.TracingConfig as { Mode?: string })?.Mode === 'Active',
          logGroup: logging?.LogGroup,
          triggers: triggersOf(stack, logicalId),
        };
      }),
  );
}
