/**
 * Turns permission names (config/permissions.ts) into IAM statements on exactly the resources
 * involved, for route functions and jobs alike.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IRole, type Role } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { APP_ORIGIN_PARAMETER } from '@expiry-radar/functions/adapters/app-origin';
import { API_KEY_USE_WRITES } from '@expiry-radar/functions/data/api-key-records';
import { SESSION_KEY_PREFIX } from '@expiry-radar/functions/data/keys';
import { INDEX_NAMES, tableDefinition } from '@expiry-radar/functions/data/table-definition';
import { AWS_DISCOVERY_ID_PREFIX } from '@expiry-radar/shared/domain/aws-discovery-role';
import type { Permission, TableIndex } from '../config/permissions';
import { nagAccount, nagRegion } from './nag-findings';

/** The stateful resources of the data stack that functions may be granted access to. */
export interface AppResources {
  readonly table: ITable;
  /** Names of the table's global secondary indexes (from tableDefinition). */
  readonly tableIndexNames: readonly string[];
  readonly alertQueue: IQueue;
  readonly deadLetterQueue: IQueue;
  /** One message per TLS endpoint to check (the endpoint check dispatcher sends, its worker reads). */
  readonly endpointCheckQueue: IQueue;
  /** One message per integration due for its daily sync (the dispatcher sends, its worker reads). */
  readonly integrationSyncQueue: IQueue;
  /** One message per followed domain due for a lookup (the dispatcher sends, its worker reads). */
  readonly registrationCheckQueue: IQueue;
  /** One message per watched domain due for a read (the dispatcher sends, its worker reads). */
  readonly ctWatchQueue: IQueue;
  /** The key material unsubscribe links of alert emails are signed with. */
  readonly alertLinkKey: ISecret;
  /** The KMS key that wraps the data keys of integration credentials. */
  readonly integrationCredentialsKey: IKey;
  /** The role (no permissions) Google Cloud workload identity federation signs in as. */
  readonly gcpFederationRole: IRole;
}

/** What the permissions that name no data stack resource apply to. */
export interface PermissionTargets {
  /** `stripeSecretKeyRead`, `stripeWebhookSecretRead`: the Stripe SSM parameters' names. */
  readonly stripeParameters?: { readonly secretKey: string; readonly webhookSecret: string };
  /**
   * `googleClientSecretRead`, `slackClientSecretRead`, `slackSigningSecretRead`: the names of the
   * SSM parameters holding those secrets.
   */
  readonly secretParameters?: {
    readonly googleClientSecret: string;
    readonly slackClientSecret: string;
    readonly slackSigningSecret: string;
  };
  /** `senderEmailSend`: the sender's address (a bare address, no display name). */
  readonly emailSender?: string;
  /** `originSecretRead`: the secret CloudFront sends to the API. */
  readonly originSecret?: ISecret;
  /** `twoFactorKeyRead`: the key TOTP secrets are sealed with. */
  readonly twoFactorKey?: ISecret;
  /**
   * `emailSend`, `senderEmailSend`: the SES configuration set the mailer names (SES then checks
   * SendEmail against it too); none when no sending identity is managed by the stacks.
   */
  readonly emailConfigurationSet?: string;
}

type UpdateConditions = Record<string, Record<string, string[]>>;

/** Rate-limit counters' items only (their partition keys begin with `RATE#`). */
const RATE_LIMIT_UPDATE: UpdateConditions = {
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${API_KEY_USE_WRITES.rateLimitPrefix}*`] },
};

function required<T>(value: T | undefined, permission: Permission, what: string): T {
  if (value === undefined) throw new Error(`${permission} needs ${what}`);
  return value;
}

export function grantPermissions(
  role: Role,
  permissions: readonly Permission[],
  resources: AppResources,
  targets: PermissionTargets = {},
): void {
  const { table, alertQueue, deadLetterQueue } = resources;
  const stack = Stack.of(role);
  const indexArn = (indexName: string) => `${table.tableArn}/index/${indexName}`;
  const statement = (actions: string[], arns: string[]): void => {
    role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: arns }));
  };
  // An UpdateItem on conditions, each set of them stated once (`rateLimitWrite` and
  // `apiKeyUseWrite` both grant the rate-limit counters' statement).
  const conditionedUpdates = new Set<string>();
  const updateOn = (conditions: UpdateConditions): void => {
    const key = JSON.stringify(conditions);
    if (conditionedUpdates.has(key)) return;
    conditionedUpdates.add(key);
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions,
      }),
    );
  };
  const nagArn = (service: string, resource: string) =>
    `arn:<AWS::Partition>:${service}:${nagRegion(stack)}:${nagAccount(stack)}:${resource}`;
  const sesIdentityArn = (identity: string) =>
    stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
  const configurationSetArns = targets.emailConfigurationSet
    ? [
        stack.formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: targets.emailConfigurationSet,
        }),
      ]
    : [];

  const granted = [...new Set(permissions)];
  const tableActions = granted.flatMap((permission) =>
    permission.startsWith('table:') ? [`dynamodb:${permission.slice('table:'.length)}`] : [],
  );
  if (tableActions.length > 0) statement(tableActions, [table.tableArn]);
  const queriedIndexes = granted.flatMap((permission) =>
    permission.startsWith('index:')
      ? [INDEX_NAMES[permission.slice('index:'.length) as TableIndex]]
      : [],
  );
  for (const indexName of queriedIndexes) {
    if (!resources.tableIndexNames.includes(indexName)) {
      throw new Error(`The table has no index ${indexName}`);
    }
  }
  if (queriedIndexes.length > 0) statement(['dynamodb:Query'], queriedIndexes.map(indexArn));

  for (const permission of granted) {
    if (permission.startsWith('table:') || permission.startsWith('index:')) continue;
    switch (permission) {
      case 'tableDescribe':
        statement(['dynamodb:DescribeTable'], [table.tableArn]);
        break;
      case 'sessionLastUseWrite':
        updateOn({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${SESSION_KEY_PREFIX}*`] },
        });
        break;
      case 'rateLimitWrite':
        updateOn(RATE_LIMIT_UPDATE);
        break;
      case 'apiKeyUseWrite': {
        updateOn(RATE_LIMIT_UPDATE);
        const { lastUsePrefixes, lastUseAttribute } = API_KEY_USE_WRITES;
        // The last use only: IAM counts the item's key among an update's attributes, so it is
        // listed too, and returning whole items (ALL_OLD, ALL_NEW) would read attributes not
        // listed (AWS's fine-grained access control). An update in a transaction has no
        // ReturnValues, hence IfExists.
        updateOn({
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': lastUsePrefixes.map((prefix) => `${prefix}*`),
          },
          'ForAllValues:StringEquals': {
            'dynamodb:Attributes': [
              tableDefinition.partitionKey.name,
              tableDefinition.sortKey.name,
              lastUseAttribute,
            ],
          },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
        });
        break;
      }
      // Sending by queue URL is all they do: no GetQueueAttributes (the rehearsal never saw it).
      case 'alertQueueSend':
        statement(['sqs:SendMessage'], [alertQueue.queueArn]);
        break;
      case 'alertQueueRetryDelay':
        statement(['sqs:ChangeMessageVisibility'], [alertQueue.queueArn]);
        break;
      case 'endpointCheckQueueSend':
        statement(['sqs:SendMessage'], [resources.endpointCheckQueue.queueArn]);
        break;
      case 'integrationSyncQueueSend':
        statement(['sqs:SendMessage'], [resources.integrationSyncQueue.queueArn]);
        break;
      case 'integrationSyncQueueRetryDelay':
        statement(['sqs:ChangeMessageVisibility'], [resources.integrationSyncQueue.queueArn]);
        break;
      case 'registrationCheckQueueSend':
        statement(['sqs:SendMessage'], [resources.registrationCheckQueue.queueArn]);
        break;
      case 'ctWatchQueueSend':
        statement(['sqs:SendMessage'], [resources.ctWatchQueue.queueArn]);
        break;
      case 'queuesGetAttributes':
        statement(['sqs:GetQueueAttributes'], [alertQueue.queueArn, deadLetterQueue.queueArn]);
        break;
      case 'deadLetterQueueRedrive':
        statement(['sqs:ReceiveMessage', 'sqs:DeleteMessage'], [deadLetterQueue.queueArn]);
        statement(['sqs:SendMessage'], [alertQueue.queueArn]);
        break;
      case 'emailSend':
        statement(['ses:SendEmail'], [sesIdentityArn('*'), ...configurationSetArns]);
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagArn('ses', 'identity/*')}]`,
          reason:
            'SES checks SendEmail against the sender identity and, in the SES sandbox, each recipient identity; recipients are any user address, so the identity part is a wildcard limited to ses:SendEmail in this account and region.',
        });
        break;
      case 'senderEmailSend': {
        const address = required(targets.emailSender, permission, 'the sender address');
        const domain = address.split('@')[1] ?? address;
        // The sender identity, verified as the address or as its domain.
        statement(
          ['ses:SendEmail'],
          [...[...new Set([address, domain])].map(sesIdentityArn), ...configurationSetArns],
        );
        break;
      }
      case 'appOriginRead':
        statement(
          ['ssm:GetParameter'],
          [
            stack.formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: APP_ORIGIN_PARAMETER.replace(/^\//, ''),
            }),
          ],
        );
        break;
      case 'googleClientSecretRead':
      case 'slackClientSecretRead':
      case 'slackSigningSecretRead': {
        const parameters = required(
          targets.secretParameters,
          permission,
          'the Google and Slack secret parameters',
        );
        const name = {
          googleClientSecretRead: parameters.googleClientSecret,
          slackClientSecretRead: parameters.slackClientSecret,
          slackSigningSecretRead: parameters.slackSigningSecret,
        }[permission];
        statement(
          ['ssm:GetParameter'],
          [
            stack.formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: name.replace(/^\//, ''),
            }),
          ],
        );
        break;
      }
      case 'stripeSecretKeyRead':
      case 'stripeWebhookSecretRead': {
        const parameters = required(targets.stripeParameters, permission, 'the Stripe parameters');
        const name =
          permission === 'stripeSecretKeyRead' ? parameters.secretKey : parameters.webhookSecret;
        statement(
          ['ssm:GetParameter'],
          [
            stack.formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: name.replace(/^\//, ''),
            }),
          ],
        );
        break;
      }
      case 'originSecretRead': {
        const secret = required(targets.originSecret, permission, 'the origin secret');
        statement(['secretsmanager:GetSecretValue'], [secret.secretArn]);
        break;
      }
      case 'alertLinkKeyRead': {
        statement(['secretsmanager:GetSecretValue'], [resources.alertLinkKey.secretArn]);
        break;
      }
      case 'integrationCredentialsSeal': {
        statement(['kms:GenerateDataKey'], [resources.integrationCredentialsKey.keyArn]);
        break;
      }
      case 'discoveryRoleAssume': {
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['sts:AssumeRole'],
            resources: [`arn:${stack.partition}:iam::*:role/*`],
            conditions: {
              StringLike: {
                'sts:ExternalId': `${AWS_DISCOVERY_ID_PREFIX}*`,
                'sts:RoleSessionName': `${AWS_DISCOVERY_ID_PREFIX}*`,
              },
              // Never a role of the account Expiry Radar runs in.
              StringNotEquals: { 'aws:ResourceAccount': stack.account },
            },
          }),
        );
        Validations.of(role).acknowledge({
          id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iam::*:role/*]',
          reason:
            "Customers' discovery roles are in their own accounts, named by them: a cross-account AssumeRole cannot name them in advance. Only sts:AssumeRole, never in this account, and only with Expiry Radar's external id and session name; each role's trust policy requires its workspace's external id.",
        });
        break;
      }
      case 'gcpFederationRoleAssume': {
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['sts:AssumeRole'],
            resources: [resources.gcpFederationRole.roleArn],
            // Only in a workspace's session, the name Google Cloud's pool providers trust.
            conditions: { StringLike: { 'sts:RoleSessionName': `${AWS_DISCOVERY_ID_PREFIX}*` } },
          }),
        );
        break;
      }
      case 'integrationCredentialsOpen': {
        statement(['kms:Decrypt'], [resources.integrationCredentialsKey.keyArn]);
        break;
      }
      case 'twoFactorKeyRead': {
        const secret = required(targets.twoFactorKey, permission, 'the two-factor key');
        statement(['secretsmanager:GetSecretValue'], [secret.secretArn]);
        break;
      }
    }
  }
}
