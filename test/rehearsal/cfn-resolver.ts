/**
 * Resolves CloudFormation values of the templates the way a deployment would: `Ref`,
 * `Fn::GetAtt`, `Fn::ImportValue` (another stack's export), `Fn::Join`, `Fn::Sub`, `Fn::Select`,
 * `Fn::Split`, pseudo parameters, template parameters (SSM parameter types read from the stand-in)
 * and `{{resolve:...}}` dynamic references. Every resource gets a physical id: the emulated one
 * when the rehearsal created it on an emulator (table, queues, secrets), otherwise a name and ARN
 * built as CloudFormation builds them (`<stack>-<logicalId>-<suffix>`), deterministic per resource.
 * A construct the rehearsal cannot resolve stops it with its name, never a guess.
 */
import { createHash } from 'node:crypto';
import type { CfnResource, CfnValue, CloudAssembly } from './cloud-assembly';

export interface DeploymentTarget {
  readonly accountId: string;
  readonly region: string;
  readonly partition: string;
  readonly urlSuffix: string;
}

/** What `Ref` answers and the attributes `Fn::GetAtt` can read. */
export interface PhysicalResource {
  readonly ref: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface ResolverSources {
  /** Resources the rehearsal created on the emulators, by `<stack>/<logicalId>`. */
  readonly emulated?: ReadonlyMap<string, PhysicalResource>;
  /** The value of an SSM parameter (parameter types and `{{resolve:ssm:...}}`). */
  readonly ssmParameter?: (name: string) => string | undefined;
}

export class UnresolvableValueError extends Error {
  override readonly name = 'UnresolvableValueError';
}

const NO_VALUE = Symbol('AWS::NoValue');

/** CloudFormation's suffix of generated names: 12 upper-case letters and digits. */
export function generatedSuffix(seed: string): string {
  return createHash('sha256')
    .update(seed)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 12);
}

function generatedName(stack: string, logicalId: string, maxLength: number): string {
  const suffix = generatedSuffix(`${stack}/${logicalId}`);
  const prefix = `${stack}-${logicalId}`.slice(0, maxLength - suffix.length - 1);
  return `${prefix}-${suffix}`;
}

export class CfnResolver {
  private readonly generated = new Map<string, PhysicalResource>();
  private readonly exportsByName = new Map<string, { stack: string; value: CfnValue }>();

  constructor(
    private readonly assembly: CloudAssembly,
    readonly target: DeploymentTarget,
    private readonly sources: ResolverSources = {},
  ) {
    for (const stack of assembly.stacks) {
      for (const output of Object.values(stack.template.Outputs ?? {})) {
        if (output.Export === undefined) continue;
        const name = this.resolveString(stack.name, output.Export.Name);
        this.exportsByName.set(name, { stack: stack.name, value: output.Value });
      }
    }
  }

  arn(service: string, resource: string, options: { region?: string; account?: string } = {}) {
    const { partition, region, accountId } = this.target;
    return `arn:${partition}:${service}:${options.region ?? region}:${options.account ?? accountId}:${resource}`;
  }

  resource(stack: string, logicalId: string): CfnResource {
    const resource = this.assembly.stacks.find((candidate) => candidate.name === stack)?.template
      .Resources[logicalId];
    if (!resource) throw new UnresolvableValueError(`No resource ${stack}/${logicalId}`);
    return resource;
  }

  physicalResource(stack: string, logicalId: string): PhysicalResource {
    const key = `${stack}/${logicalId}`;
    const emulated = this.sources.emulated?.get(key);
    if (emulated) return emulated;
    let physical = this.generated.get(key);
    if (!physical) {
      physical = this.defaultPhysicalResource(stack, logicalId, this.resource(stack, logicalId));
      this.generated.set(key, physical);
    }
    return physical;
  }

  /** The value as a deployment would see it; `AWS::NoValue` removes object keys and list items. */
  resolve(stack: string, value: CfnValue): unknown {
    const resolved = this.resolveValue(stack, value);
    return resolved === NO_VALUE ? undefined : resolved;
  }

  resolveString(stack: string, value: CfnValue): string {
    const resolved = this.resolve(stack, value);
    if (typeof resolved === 'string') return resolved;
    if (typeof resolved === 'number' || typeof resolved === 'boolean') return String(resolved);
    throw new UnresolvableValueError(
      `${stack}: expected a string, got ${JSON.stringify(resolved)} from ${JSON.stringify(value)}`,
    );
  }

  resolveStringList(stack: string, value: CfnValue): string[] {
    const resolved = this.resolve(stack, value);
    const list = Array.isArray(resolved) ? resolved : [resolved];
    return list.map((item) => {
      if (typeof item !== 'string') {
        throw new UnresolvableValueError(`${stack}: expected strings, got ${JSON.stringify(item)}`);
      }
      return item;
    });
  }

  private resolveValue(stack: string, value: CfnValue): unknown {
    if (typeof value === 'string') return this.resolveDynamicReferences(value);
    if (Array.isArray(value)) {
      return value
        .map((item) => this.resolveValue(stack, item))
        .filter((item) => item !== NO_VALUE);
    }
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, CfnValue>;
    const keys = Object.keys(object);
    if (keys.length === 1 && (keys[0] === 'Ref' || keys[0]!.startsWith('Fn::'))) {
      return this.resolveIntrinsic(stack, keys[0]!, object[keys[0]!]);
    }
    const resolved: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(object)) {
      const itemValue = this.resolveValue(stack, item);
      if (itemValue !== NO_VALUE) resolved[key] = itemValue;
    }
    return resolved;
  }

  private resolveIntrinsic(stack: string, name: string, argument: CfnValue): unknown {
    switch (name) {
      case 'Ref':
        return this.ref(stack, String(argument));
      case 'Fn::GetAtt': {
        const [logicalId, attribute] = Array.isArray(argument)
          ? (argument as string[])
          : String(argument).split(/\.(.*)/);
        return this.getAtt(stack, String(logicalId), String(attribute));
      }
      case 'Fn::ImportValue': {
        const exportName = this.resolveString(stack, argument);
        const exported = this.exportsByName.get(exportName);
        if (!exported) throw new UnresolvableValueError(`No stack exports ${exportName}`);
        return this.resolveValue(exported.stack, exported.value);
      }
      case 'Fn::Join': {
        const [delimiter, parts] = argument as [string, CfnValue];
        return this.resolveStringList(stack, parts).join(delimiter);
      }
      case 'Fn::Select': {
        const [index, list] = argument as [CfnValue, CfnValue];
        const items = this.resolveStringList(stack, list);
        const item = items[Number(this.resolve(stack, index))];
        if (item === undefined) throw new UnresolvableValueError(`Fn::Select out of range`);
        return item;
      }
      case 'Fn::Split': {
        const [delimiter, source] = argument as [string, CfnValue];
        return this.resolveString(stack, source).split(delimiter);
      }
      case 'Fn::Sub':
        return this.sub(stack, argument);
      default:
        throw new UnresolvableValueError(`${stack}: ${name} is not supported by the rehearsal`);
    }
  }

  private sub(stack: string, argument: CfnValue): string {
    const [text, variables] = Array.isArray(argument)
      ? (argument as [string, Record<string, CfnValue>])
      : [String(argument), {}];
    return text.replace(/\$\{([^}!]+)\}/g, (_match, expression: string) => {
      if (expression in variables) return this.resolveString(stack, variables[expression]);
      if (expression.startsWith('AWS::')) return String(this.ref(stack, expression));
      const [logicalId, attribute] = expression.split(/\.(.*)/);
      return attribute
        ? this.getAtt(stack, logicalId!, attribute)
        : String(this.ref(stack, logicalId!));
    });
  }

  private resolveDynamicReferences(text: string): string {
    return text.replace(
      /\{\{resolve:(ssm|ssm-secure):([^}]+)\}\}/g,
      (match, _kind, name: string) => {
        const value = this.sources.ssmParameter?.(name);
        if (value === undefined) throw new UnresolvableValueError(`No SSM parameter for ${match}`);
        return value;
      },
    );
  }

  private ref(stack: string, name: string): unknown {
    const { accountId, region, partition, urlSuffix } = this.target;
    switch (name) {
      case 'AWS::AccountId':
        return accountId;
      case 'AWS::Region':
        return region;
      case 'AWS::Partition':
        return partition;
      case 'AWS::URLSuffix':
        return urlSuffix;
      case 'AWS::StackName':
        return stack;
      case 'AWS::StackId':
        return this.arn('cloudformation', `stack/${stack}/${generatedSuffix(stack)}`);
      case 'AWS::NoValue':
        return NO_VALUE;
    }
    const template = this.assembly.stacks.find((candidate) => candidate.name === stack)?.template;
    const parameter = template?.Parameters?.[name];
    if (parameter) return this.parameterValue(stack, name, parameter);
    return this.physicalResource(stack, name).ref;
  }

  private parameterValue(
    stack: string,
    name: string,
    parameter: { Type: string; Default?: string },
  ) {
    if (parameter.Default === undefined) {
      throw new UnresolvableValueError(`${stack}: parameter ${name} has no default`);
    }
    if (!parameter.Type.startsWith('AWS::SSM::Parameter::Value<')) return parameter.Default;
    const value = this.sources.ssmParameter?.(parameter.Default);
    if (value === undefined) {
      throw new UnresolvableValueError(
        `${stack}: parameter ${name} reads SSM parameter ${parameter.Default}, which the rehearsal does not hold`,
      );
    }
    return value;
  }

  private getAtt(stack: string, logicalId: string, attribute: string): string {
    const physical = this.physicalResource(stack, logicalId);
    const value = physical.attributes[attribute];
    if (value === undefined) {
      const type = this.resource(stack, logicalId).Type;
      throw new UnresolvableValueError(
        `${stack}/${logicalId} (${type}): attribute ${attribute} is not supported by the rehearsal`,
      );
    }
    return value;
  }

  private defaultPhysicalResource(
    stack: string,
    logicalId: string,
    resource: CfnResource,
  ): PhysicalResource {
    const properties = resource.Properties ?? {};
    const named = (property: string, maxLength: number) =>
      properties[property] === undefined
        ? generatedName(stack, logicalId, maxLength)
        : this.resolveString(stack, properties[property]);
    const suffix = generatedSuffix(`${stack}/${logicalId}`);
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table': {
        const name = named('TableName', 255);
        const arn = this.arn('dynamodb', `table/${name}`);
        return { ref: name, attributes: { Arn: arn, StreamArn: `${arn}/stream/rehearsal` } };
      }
      case 'AWS::SQS::Queue': {
        const name = named('QueueName', 80);
        const { region, accountId, urlSuffix } = this.target;
        const url = `https://sqs.${region}.${urlSuffix}/${accountId}/${name}`;
        return {
          ref: url,
          attributes: { Arn: this.arn('sqs', name), QueueName: name, QueueUrl: url },
        };
      }
      case 'AWS::SecretsManager::Secret': {
        const name =
          properties.Name === undefined
            ? `${logicalId}-${suffix}`
            : this.resolveString(stack, properties.Name);
        // Secrets Manager appends six random characters to the name in the ARN.
        const arn = this.arn(
          'secretsmanager',
          `secret:${name}-${generatedSuffix(name).slice(0, 6)}`,
        );
        return { ref: arn, attributes: { Id: arn } };
      }
      case 'AWS::Logs::LogGroup': {
        const name = named('LogGroupName', 512);
        return { ref: name, attributes: { Arn: this.arn('logs', `log-group:${name}:*`) } };
      }
      case 'AWS::IAM::Role': {
        const name = named('RoleName', 64);
        return {
          ref: name,
          attributes: {
            Arn: `arn:${this.target.partition}:iam::${this.target.accountId}:role/${name}`,
            RoleId: `AROA${suffix}`,
          },
        };
      }
      case 'AWS::Lambda::Function': {
        const name = named('FunctionName', 64);
        return { ref: name, attributes: { Arn: this.arn('lambda', `function:${name}`) } };
      }
      case 'AWS::SNS::Topic': {
        const name = named('TopicName', 256);
        const arn = this.arn('sns', name);
        return { ref: arn, attributes: { TopicArn: arn, TopicName: name } };
      }
      case 'AWS::KMS::Key': {
        const id = `${suffix.toLowerCase()}-rehearsal`;
        return { ref: id, attributes: { Arn: this.arn('kms', `key/${id}`), KeyId: id } };
      }
      case 'AWS::S3::Bucket': {
        const name = named('BucketName', 63).toLowerCase();
        return {
          ref: name,
          attributes: {
            Arn: `arn:${this.target.partition}:s3:::${name}`,
            DomainName: `${name}.s3.${this.target.urlSuffix}`,
            RegionalDomainName: `${name}.s3.${this.target.region}.${this.target.urlSuffix}`,
          },
        };
      }
      case 'AWS::CloudFront::Distribution': {
        // CloudFront itself is not in the path; its address is what the web stack's parameter
        // of the app's origin is made of.
        const id = `E${suffix.toUpperCase().slice(0, 13)}`;
        return {
          ref: id,
          attributes: {
            Id: id,
            DomainName: `d${suffix.toLowerCase().slice(0, 13)}.cloudfront.net`,
          },
        };
      }
      case 'AWS::ApiGatewayV2::Api': {
        const id = suffix.toLowerCase().slice(0, 10);
        return {
          ref: id,
          attributes: {
            ApiId: id,
            ApiEndpoint: `https://${id}.execute-api.${this.target.region}.${this.target.urlSuffix}`,
          },
        };
      }
      default:
        return { ref: generatedName(stack, logicalId, 128), attributes: {} };
    }
  }
}
