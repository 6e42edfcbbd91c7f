/**
 * The role the Integrations page offers customers, as a CloudFormation template and as a CDK
 * snippet: both must deploy as they are, trust only the workspace's external id and allow exactly
 * the read-only actions the AWS provider calls.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CfnInclude } from 'aws-cdk-lib/cloudformation-include';
import {
  AWS_DISCOVERY_ACTIONS,
  awsDiscoveryRoleCdkSnippet,
  awsDiscoveryRoleTemplate,
} from '@expiry-radar/shared/domain/aws-discovery-role';

const input = { externalId: 'expiry-radar-ws_123', trustedAccountId: '111122223333' };

function expectReadOnlyRole(template: Template, trustedPrincipal: unknown): void {
  template.hasResourceProperties('AWS::IAM::Role', {
    AssumeRolePolicyDocument: {
      Statement: [
        Match.objectLike({
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { AWS: trustedPrincipal },
          Condition: { StringEquals: { 'sts:ExternalId': 'expiry-radar-ws_123' } },
        }),
      ],
    },
  });
}

describe('the AWS discovery role offered to customers', () => {
  it('deploys from the CloudFormation template with the external id and the read-only actions', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'discovery-role-'));
    try {
      const templateFile = path.join(directory, 'role.json');
      writeFileSync(templateFile, awsDiscoveryRoleTemplate(input));
      const stack = new Stack(new App(), 'CustomerAccount');
      new CfnInclude(stack, 'Role', { templateFile });
      const template = Template.fromStack(stack);

      template.hasParameter('ExpiryRadarAccountId', { Default: '111122223333' });
      expectReadOnlyRole(template, {
        'Fn::Sub': 'arn:${AWS::Partition}:iam::${ExpiryRadarAccountId}:root',
      });
      template.hasResourceProperties('AWS::IAM::Role', {
        Policies: [
          {
            PolicyDocument: {
              Statement: [{ Effect: 'Allow', Action: [...AWS_DISCOVERY_ACTIONS], Resource: '*' }],
            },
          },
        ],
      });
      template.hasOutput('RoleArn', {});
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('asks for the account when it is not known', () => {
    const parsed = JSON.parse(
      awsDiscoveryRoleTemplate({ externalId: 'expiry-radar-ws_123', trustedAccountId: null }),
    ) as { Parameters: { ExpiryRadarAccountId: Record<string, unknown> } };
    expect(parsed.Parameters.ExpiryRadarAccountId).not.toHaveProperty('Default');
  });

  it('deploys from the CDK snippet as a customer would paste it', () => {
    // The snippet is written beside this test so jest compiles it like any TypeScript module.
    const snippetFile = path.join(__dirname, `snippet-${process.pid}.generated.ts`);
    writeFileSync(snippetFile, awsDiscoveryRoleCdkSnippet(input));
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads the generated file
      const { ExpiryRadarDiscoveryStack } = require(snippetFile) as {
        ExpiryRadarDiscoveryStack: new (scope: App, id: string) => Stack;
      };
      const template = Template.fromStack(new ExpiryRadarDiscoveryStack(new App(), 'Discovery'));

      expectReadOnlyRole(template, {
        'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::111122223333:root']],
      });
      template.hasResourceProperties('AWS::IAM::Policy', {
        PolicyDocument: {
          Statement: [{ Effect: 'Allow', Action: [...AWS_DISCOVERY_ACTIONS], Resource: '*' }],
        },
      });
      template.hasOutput('RoleArn', {});
    } finally {
      rmSync(snippetFile, { force: true });
    }
  });
});
