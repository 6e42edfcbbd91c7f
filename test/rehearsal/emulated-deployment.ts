/**
 * The stateful part of the templates, created on the local emulators as CloudFormation would
 * create it in an account: every DynamoDB table (keys, indexes, TTL as the template defines them)
 * in DynamoDB Local, every SQS queue (retention, visibility, redrive to its dead-letter queue) in
 * fauxqs, every Secrets Manager secret (its generated value) in the secrets stand-in; SES is
 * aws-ses-v2-local. Names are CloudFormation's generated ones (`<stack>-<logicalId>-<suffix>`), so
 * the functions get the same kind of values from `Ref` and `Fn::GetAtt` as in AWS. STS is a
 * stand-in that refuses to let the functions assume customers' roles (sts-stand-in.ts). The
 * discovery providers' stand-ins (Azure, Google Cloud, GitHub, Vault), an OpenID provider for SSO
 * and Google sign-in, Stripe and Slack run beside them, and the functions are told their origins
 * (DISCOVERY_STAND_IN_ORIGINS, which no template sets), the one exception the SSRF guard of
 * outbound requests and the stand-in URLs' production rule make to the template's settings.
 */
import { randomBytes } from 'node:crypto';
import {
  CreateTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startDynamoDbLocal } from '@expiry-radar/functions/local/emulators/dynamodb-local';
import { LOCAL_AWS_ENVIRONMENT } from '@expiry-radar/functions/local/emulators/local-credentials';
import { startSesLocal } from '@expiry-radar/functions/local/emulators/ses-local';
import { startFauxqs } from '@expiry-radar/functions/local/emulators/sqs-local';
import { findFreePort } from '@expiry-radar/functions/local/ports';
import {
  startAzureStandIn,
  type AzureStandIn,
} from '@expiry-radar/functions/local/emulators/azure-stand-in';
import {
  startGcpStandIn,
  type GcpStandIn,
} from '@expiry-radar/functions/local/emulators/gcp-stand-in';
import {
  startGithubStandIn,
  type GithubStandIn,
} from '@expiry-radar/functions/local/emulators/github-stand-in';
import {
  startOidcProviderStandIn,
  type OidcProviderStandIn,
} from '@expiry-radar/functions/local/emulators/oidc-provider-stand-in';
import {
  startSlackStandIn,
  type SlackStandIn,
} from '@expiry-radar/functions/local/emulators/slack-stand-in';
import { startVaultStandIn, type VaultStandIn } from '../../functions/test-support/vault-stand-in';
import { resourcesOfType, textOf, type CloudAssembly, type ResourceRef } from './cloud-assembly';
import {
  CfnResolver,
  generatedSuffix,
  type DeploymentTarget,
  type PhysicalResource,
} from './cfn-resolver';
import { startSecretsStandIn, type RunningSecretsStandIn } from './secrets-stand-in';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';
import { startStsStandIn } from './sts-stand-in';

export const REHEARSAL_TARGET: DeploymentTarget = {
  accountId: '000000000000',
  region: LOCAL_AWS_ENVIRONMENT.AWS_REGION,
  partition: 'aws',
  urlSuffix: 'amazonaws.com',
};

/** The sources the integration sync reaches in the rehearsal. */
export interface DiscoveryStandIns {
  readonly azure: AzureStandIn;
  readonly gcp: GcpStandIn;
  readonly github: GithubStandIn;
  readonly vault: VaultStandIn;
}

export interface EmulatedDeployment {
  readonly resolver: CfnResolver;
  readonly secrets: RunningSecretsStandIn;
  readonly discovery: DiscoveryStandIns;
  /** The OpenID provider an organization's SSO connection can name as its issuer. */
  readonly oidcProvider: OidcProviderStandIn;
  /**
   * The outside services the synthesis configures (`npm run synth`'s context): Stripe, the Slack
   * app; Google sign-in's issuer is the OpenID provider stand-in.
   */
  readonly stripe: StripeStandIn;
  readonly slack: SlackStandIn;
  readonly endpoints: {
    readonly dynamoDb: string;
    readonly sqs: string;
    readonly ses: string;
    readonly secrets: string;
  };
  /**
   * `AWS_ENDPOINT_URL_<SERVICE>`: the SDK's own way to reach another endpoint, no code change;
   * the stand-ins' URLs for Stripe, Slack and Google (STRIPE_API_URL, SLACK_API_BASE_URL,
   * SLACK_AUTHORIZE_URL, GOOGLE_ISSUER); and DISCOVERY_STAND_IN_ORIGINS, the origins of the
   * discovery stand-ins, the OpenID provider, Stripe's and Slack's (platform/stand-in-origins.ts).
   */
  readonly endpointEnvironment: Readonly<Record<string, string>>;
  /** Emulated tables and queues, by `<stack>/<logicalId>`. */
  readonly emulated: ReadonlyMap<string, PhysicalResource>;
  queueArn(queueUrl: string): string | undefined;
  /**
   * Puts the SecureString parameters the functions' environments name (`*_PARAMETER`: the Google
   * client secret, Stripe's and Slack's secrets), which an operator puts there before a deploy:
   * the stand-ins' secrets, or a generated value.
   */
  putOperatorParameters(environments: Iterable<Readonly<Record<string, string>>>): void;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

function physicalName(resource: ResourceRef, property: string): string {
  const given = resource.resource.Properties?.[property];
  if (typeof given === 'string') return given;
  const suffix = generatedSuffix(`${resource.stack}/${resource.logicalId}`);
  return `${resource.stack}-${resource.logicalId}`.slice(0, 60) + `-${suffix}`;
}

async function createTables(
  assembly: CloudAssembly,
  resolver: CfnResolver,
  endpoint: string,
  emulated: Map<string, PhysicalResource>,
): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: REHEARSAL_TARGET.region, credentials });
  try {
    for (const table of resourcesOfType(assembly, 'AWS::DynamoDB::Table')) {
      const properties = resolver.resolve(table.stack, table.resource.Properties ?? {}) as Record<
        string,
        unknown
      >;
      const name = physicalName(table, 'TableName');
      // What DynamoDB Local models; encryption, PITR and deletion protection are AWS's alone.
      await client.send(
        new CreateTableCommand({
          TableName: name,
          AttributeDefinitions: properties.AttributeDefinitions,
          KeySchema: properties.KeySchema,
          GlobalSecondaryIndexes: properties.GlobalSecondaryIndexes,
          LocalSecondaryIndexes: properties.LocalSecondaryIndexes,
          BillingMode: properties.BillingMode ?? 'PROVISIONED',
          ProvisionedThroughput: properties.ProvisionedThroughput,
        } as CreateTableCommandInput),
      );
      const ttl = properties.TimeToLiveSpecification as
        { AttributeName: string; Enabled: boolean } | undefined;
      if (ttl?.Enabled) {
        await client.send(
          new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: ttl }),
        );
      }
      const arn = resolver.arn('dynamodb', `table/${name}`);
      emulated.set(`${table.stack}/${table.logicalId}`, { ref: name, attributes: { Arn: arn } });
    }
  } finally {
    client.destroy();
  }
}

const QUEUE_ATTRIBUTES = [
  'DelaySeconds',
  'MaximumMessageSize',
  'MessageRetentionPeriod',
  'ReceiveMessageWaitTimeSeconds',
  'VisibilityTimeout',
  'FifoQueue',
  'ContentBasedDeduplication',
] as const;

async function createQueues(
  assembly: CloudAssembly,
  resolver: CfnResolver,
  endpoint: string,
  emulated: Map<string, PhysicalResource>,
  queueArns: Map<string, string>,
): Promise<void> {
  const client = new SQSClient({ endpoint, region: REHEARSAL_TARGET.region, credentials });
  const pending = resourcesOfType(assembly, 'AWS::SQS::Queue');
  const dependsOnPending = (queue: ResourceRef) =>
    pending.some(
      (other) =>
        other !== queue &&
        JSON.stringify(queue.resource.Properties?.RedrivePolicy ?? {}).includes(
          `"${other.logicalId}"`,
        ),
    );
  try {
    while (pending.length > 0) {
      const index = pending.findIndex((queue) => !dependsOnPending(queue));
      if (index < 0) throw new Error('The queues of the templates redrive to each other');
      const [queue] = pending.splice(index, 1) as [ResourceRef];
      const properties = queue.resource.Properties ?? {};
      const attributes: Record<string, string> = {};
      for (const name of QUEUE_ATTRIBUTES) {
        if (properties[name] !== undefined) {
          attributes[name] = resolver.resolveString(queue.stack, properties[name]);
        }
      }
      if (properties.RedrivePolicy !== undefined) {
        attributes.RedrivePolicy = JSON.stringify(
          resolver.resolve(queue.stack, properties.RedrivePolicy),
        );
      }
      const fifo = attributes.FifoQueue === 'true';
      const name =
        physicalName(queue, 'QueueName').slice(0, fifo ? 75 : 80) + (fifo ? '.fifo' : '');
      const { QueueUrl } = await client.send(
        new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
      );
      const { Attributes } = await client.send(
        new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }),
      );
      const url = QueueUrl ?? '';
      const arn = Attributes?.QueueArn ?? '';
      queueArns.set(url, arn);
      emulated.set(`${queue.stack}/${queue.logicalId}`, {
        ref: url,
        attributes: { Arn: arn, QueueName: name, QueueUrl: url },
      });
    }
  } finally {
    client.destroy();
  }
}

/** A value as Secrets Manager generates it for `GenerateSecretString` (the options the app uses). */
function generatedSecret(options: Record<string, unknown> | undefined): string {
  const length = Number(options?.PasswordLength ?? 32);
  const excluded = textOf(options?.ExcludeCharacters);
  let alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  if (options?.ExcludePunctuation !== true) alphabet += '!#$%&()*+,-./:;<=>?@[]^_`{|}~';
  alphabet = [...alphabet].filter((char) => !excluded.includes(char)).join('');
  const bytes = randomBytes(length);
  return [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
}

function storeSecrets(
  assembly: CloudAssembly,
  resolver: CfnResolver,
  secrets: RunningSecretsStandIn,
): void {
  for (const secret of resourcesOfType(assembly, 'AWS::SecretsManager::Secret')) {
    const properties = secret.resource.Properties ?? {};
    const arn = resolver.physicalResource(secret.stack, secret.logicalId).ref;
    const name = arn.split(':secret:')[1]?.replace(/-[A-Za-z0-9]{6}$/, '') ?? secret.logicalId;
    const given = properties.SecretString;
    const generate = properties.GenerateSecretString as Record<string, unknown> | undefined;
    if (generate?.SecretStringTemplate !== undefined) {
      throw new Error(
        `${secret.stack}/${secret.logicalId}: JSON secret templates are not emulated`,
      );
    }
    secrets.putSecret({
      arn,
      name,
      current:
        given === undefined
          ? generatedSecret(generate)
          : resolver.resolveString(secret.stack, given),
    });
  }
}

/** The templates' String parameters (the app's origin) in the Parameter Store stand-in. */
function storeParameters(
  assembly: CloudAssembly,
  resolver: CfnResolver,
  secrets: RunningSecretsStandIn,
): void {
  for (const parameter of resourcesOfType(assembly, 'AWS::SSM::Parameter')) {
    const properties = parameter.resource.Properties ?? {};
    secrets.putParameter(
      resolver.resolveString(parameter.stack, properties.Name),
      resolver.resolveString(parameter.stack, properties.Value),
    );
  }
}

export async function startEmulatedDeployment(
  assembly: CloudAssembly,
): Promise<EmulatedDeployment> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    await Promise.allSettled(stops.reverse().map((stop) => stop()));
  };
  try {
    const started = <T>(emulator: T, stop: (emulator: T) => Promise<void>): T => {
      stops.push(() => stop(emulator));
      return emulator;
    };
    const [
      dynamoDb,
      sqs,
      ses,
      secrets,
      sts,
      azure,
      gcp,
      github,
      vault,
      oidcProvider,
      stripe,
      slack,
    ] = await Promise.all([
      findFreePort()
        .then((port) => startDynamoDbLocal({ port }))
        .then((emulator) => started(emulator, (running) => running.stop())),
      findFreePort()
        .then((port) => startFauxqs(port))
        .then((emulator) => started(emulator, (running) => running.server.stop())),
      findFreePort()
        .then((port) => startSesLocal({ port }))
        .then((emulator) => started(emulator, (running) => running.stop())),
      startSecretsStandIn(REHEARSAL_TARGET).then((emulator) =>
        started(emulator, (running) => running.stop()),
      ),
      startStsStandIn(REHEARSAL_TARGET.accountId).then((emulator) =>
        started(emulator, (running) => running.stop()),
      ),
      startAzureStandIn().then((emulator) => started(emulator, (running) => running.stop())),
      startGcpStandIn().then((emulator) => started(emulator, (running) => running.stop())),
      startGithubStandIn().then((emulator) => started(emulator, (running) => running.stop())),
      startVaultStandIn().then((emulator) => started(emulator, (running) => running.stop())),
      startOidcProviderStandIn({ port: 0 }).then((emulator) =>
        started(emulator, (running) => running.stop()),
      ),
      startStripeStandIn().then((emulator) => started(emulator, (running) => running.stop())),
      startSlackStandIn().then((emulator) => started(emulator, (running) => running.stop())),
    ]);

    const emulated = new Map<string, PhysicalResource>();
    const queueArns = new Map<string, string>();
    const resolver = new CfnResolver(assembly, REHEARSAL_TARGET, {
      emulated,
      ssmParameter: (name) => secrets.parameter(name),
    });
    await createTables(assembly, resolver, dynamoDb.endpoint, emulated);
    await createQueues(assembly, resolver, sqs.endpoint, emulated, queueArns);
    storeSecrets(assembly, resolver, secrets);
    storeParameters(assembly, resolver, secrets);

    return {
      resolver,
      secrets,
      discovery: { azure, gcp, github, vault },
      oidcProvider,
      stripe,
      slack,
      endpoints: {
        dynamoDb: dynamoDb.endpoint,
        sqs: sqs.endpoint,
        ses: ses.endpoint,
        secrets: secrets.endpoint,
      },
      endpointEnvironment: {
        AWS_ENDPOINT_URL_DYNAMODB: dynamoDb.endpoint,
        AWS_ENDPOINT_URL_SQS: sqs.endpoint,
        AWS_ENDPOINT_URL_SESV2: ses.endpoint,
        AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
        AWS_ENDPOINT_URL_SSM: secrets.endpoint,
        AWS_ENDPOINT_URL_KMS: secrets.endpoint,
        AWS_ENDPOINT_URL_STS: sts.endpoint,
        STRIPE_API_URL: stripe.url,
        SLACK_API_BASE_URL: slack.apiBaseUrl,
        SLACK_AUTHORIZE_URL: slack.authorizeUrl,
        GOOGLE_ISSUER: oidcProvider.issuerUrl,
        DISCOVERY_STAND_IN_ORIGINS: [
          azure.url,
          gcp.url,
          github.apiUrl,
          vault.address,
          oidcProvider.issuerUrl,
          stripe.url,
          slack.url,
        ]
          .map((url) => new URL(url).origin)
          .join(','),
      },
      emulated,
      queueArn: (queueUrl) => queueArns.get(queueUrl),
      putOperatorParameters: (environments) => {
        const standInSecrets: Readonly<Record<string, string>> = {
          STRIPE_SECRET_KEY_PARAMETER: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET_PARAMETER: stripe.webhookSecret,
          SLACK_CLIENT_SECRET_PARAMETER: slack.clientSecret,
          SLACK_SIGNING_SECRET_PARAMETER: slack.signingSecret,
        };
        for (const environment of environments) {
          for (const [name, value] of Object.entries(environment)) {
            if (name.endsWith('_PARAMETER') && value.startsWith('/') && !secrets.parameter(value)) {
              secrets.putParameter(
                value,
                standInSecrets[name] ?? `rehearsal-${randomBytes(16).toString('hex')}`,
              );
            }
          }
        }
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
