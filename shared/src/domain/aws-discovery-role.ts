/**
 * The read-only role a customer deploys in their AWS account so that discovery can find their
 * expiring certificates, secrets and access keys. The role trusts the AWS account Expiry Radar
 * runs in, only with the workspace's external id (so a role made for one workspace cannot be
 * assumed on behalf of another), and allows reading nothing but the metadata discovery needs:
 * no secret value, no private key, no write.
 *
 * The Integrations page offers the role as a CloudFormation template and as a CDK snippet; both
 * are built here from one list of actions, which is also what the AWS provider calls.
 */

/** Every AWS API action the AWS discovery provider calls in the customer's account. */
export const AWS_DISCOVERY_ACTIONS = [
  'acm:ListCertificates',
  'acm:DescribeCertificate',
  'secretsmanager:ListSecrets',
  'iam:ListUsers',
  'iam:ListAccessKeys',
  'iam:ListServerCertificates',
] as const;

/**
 * Every external id and role session name discovery uses starts with this (then the workspace
 * id): the functions that sync may assume roles only with such an external id.
 */
export const AWS_DISCOVERY_ID_PREFIX = 'expiry-radar-';

export interface AwsDiscoveryRoleInput {
  /** `expiry-radar-<workspace id>`: the condition `sts:ExternalId` of the role's trust policy. */
  readonly externalId: string;
  /** The AWS account Expiry Radar runs in; null when unknown (the local runtime). */
  readonly trustedAccountId: string | null;
}

const ROLE_DESCRIPTION =
  'Read-only role Expiry Radar assumes to find expiring certificates, secrets and access keys';

/** Shown where the account Expiry Radar runs in is not known: the user fills it in. */
export const ACCOUNT_ID_PLACEHOLDER = '123456789012';

/**
 * A CloudFormation template (JSON, which CloudFormation reads as it reads YAML) with the role
 * and its ARN as the output `RoleArn`, to paste into the integration's settings.
 */
export function awsDiscoveryRoleTemplate(input: AwsDiscoveryRoleInput): string {
  const accountParameter: Record<string, unknown> = {
    Type: 'String',
    AllowedPattern: '^\\d{12}$',
    Description: 'The AWS account Expiry Radar runs in (it assumes the role from there).',
  };
  if (input.trustedAccountId) accountParameter.Default = input.trustedAccountId;
  const template = {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: ROLE_DESCRIPTION,
    Parameters: { ExpiryRadarAccountId: accountParameter },
    Resources: {
      ExpiryRadarDiscoveryRole: {
        Type: 'AWS::IAM::Role',
        Properties: {
          Description: ROLE_DESCRIPTION,
          MaxSessionDuration: 3600,
          AssumeRolePolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Principal: {
                  AWS: { 'Fn::Sub': 'arn:${AWS::Partition}:iam::${ExpiryRadarAccountId}:root' },
                },
                Action: 'sts:AssumeRole',
                Condition: { StringEquals: { 'sts:ExternalId': input.externalId } },
              },
            ],
          },
          Policies: [
            {
              PolicyName: 'ExpiryRadarReadOnlyDiscovery',
              PolicyDocument: {
                Version: '2012-10-17',
                Statement: [{ Effect: 'Allow', Action: [...AWS_DISCOVERY_ACTIONS], Resource: '*' }],
              },
            },
          ],
        },
      },
    },
    Outputs: {
      RoleArn: {
        Description: 'Paste this into the integration as its role ARN.',
        Value: { 'Fn::GetAtt': ['ExpiryRadarDiscoveryRole', 'Arn'] },
      },
    },
  };
  return `${JSON.stringify(template, null, 2)}\n`;
}

/** The same role as a CDK (TypeScript) stack, for teams that deploy with the CDK. */
export function awsDiscoveryRoleCdkSnippet(input: AwsDiscoveryRoleInput): string {
  const account = input.trustedAccountId ?? ACCOUNT_ID_PLACEHOLDER;
  const actions = AWS_DISCOVERY_ACTIONS.map((action) => `          '${action}',`).join('\n');
  return `import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** ${ROLE_DESCRIPTION}. */
export class ExpiryRadarDiscoveryStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const role = new iam.Role(this, 'ExpiryRadarDiscoveryRole', {
      description: '${ROLE_DESCRIPTION}',
      // The AWS account Expiry Radar runs in.
      assumedBy: new iam.AccountPrincipal('${account}'),
      externalIds: ['${input.externalId}'],
    });
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: [
${actions}
        ],
        resources: ['*'],
      }),
    );
    new CfnOutput(this, 'RoleArn', { value: role.roleArn });
  }
}
`;
}
