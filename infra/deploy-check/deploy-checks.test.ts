import {
  CloudFormationClient,
  CloudFormationServiceException,
  DescribeStacksCommand,
} from '@aws-sdk/client-cloudformation';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { contextArguments, deploySettingsOf } from '../bin/deploy-check';
import {
  BOOTSTRAP_STACK_NAME,
  formatCheckLines,
  runDeployChecks,
  type CheckLine,
  type DeployCheckClients,
  type DeploySettings,
} from './deploy-checks';

const sts = mockClient(STSClient);
const cloudFormation = mockClient(CloudFormationClient);
const ses = mockClient(SESv2Client);
const ssm = mockClient(SSMClient);

const ACCOUNT = '123456789012';
const STRIPE_KEY = '/expiry-radar/stripe-secret-key';
const GOOGLE_SECRET = '/expiry-radar/google-client-secret';

const settings: DeploySettings = {
  senderAddress: 'alerts@example.com',
  usesUsEast1: true,
  parameters: [
    { name: STRIPE_KEY, purpose: 'Stripe secret key' },
    { name: GOOGLE_SECRET, purpose: 'Google client secret' },
  ],
};

function clients(region: string | null = 'eu-west-1'): DeployCheckClients {
  return {
    sts: new STSClient({ region: 'eu-west-1' }),
    cloudFormation: (name) => new CloudFormationClient({ region: name }),
    ses: new SESv2Client({ region: 'eu-west-1' }),
    ssm: new SSMClient({ region: 'eu-west-1' }),
    region: () => Promise.resolve(region ?? undefined),
  };
}

/** Everything a first deploy needs, in place. */
function givenReadyAccount(): void {
  sts.on(GetCallerIdentityCommand).resolves({
    Account: ACCOUNT,
    Arn: `arn:aws:iam::${ACCOUNT}:user/deployer`,
  });
  cloudFormation.on(DescribeStacksCommand, { StackName: BOOTSTRAP_STACK_NAME }).resolves({
    Stacks: [
      {
        StackName: BOOTSTRAP_STACK_NAME,
        StackStatus: 'UPDATE_COMPLETE',
        CreationTime: new Date(),
        Outputs: [{ OutputKey: 'BootstrapVersion', OutputValue: '30' }],
      },
    ],
  });
  ses.on(GetAccountCommand).resolves({
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: { Max24HourSend: 50000 },
  });
  ses.on(GetEmailIdentityCommand, { EmailIdentity: 'example.com' }).resolves({
    VerifiedForSendingStatus: true,
    DkimAttributes: { Status: 'SUCCESS' },
  });
  ssm.on(GetParameterCommand).resolves({ Parameter: { Name: 'x', Value: 'set' } });
}

const lineOf = (lines: readonly CheckLine[], name: string) =>
  lines.find((line) => line.name === name);

beforeEach(() => {
  sts.reset();
  cloudFormation.reset();
  ses.reset();
  ssm.reset();
  givenReadyAccount();
});

describe('deploy:check', () => {
  it('reports every piece ready for a ready account, line by line', async () => {
    const lines = await runDeployChecks(settings, clients());
    expect(lines.map((line) => [line.name, line.status])).toEqual([
      ['region', 'ready'],
      ['credentials', 'ready'],
      ['bootstrap (eu-west-1)', 'ready'],
      ['bootstrap (us-east-1)', 'ready'],
      ['SES sending', 'ready'],
      ['SES identity', 'ready'],
      [`parameter ${STRIPE_KEY}`, 'ready'],
      [`parameter ${GOOGLE_SECRET}`, 'ready'],
    ]);
    const text = formatCheckLines(lines);
    expect(text).toContain(`ready  credentials: account ${ACCOUNT}`);
    expect(text).toContain('ready  SES identity: example.com verified for sending');
    expect(cloudFormation.commandCalls(DescribeStacksCommand)).toHaveLength(2);
  });

  it('stops at missing credentials and says how to get them', async () => {
    sts
      .on(GetCallerIdentityCommand)
      .rejects(new Error('Could not load credentials from any providers'));
    const lines = await runDeployChecks(settings, clients());
    expect(lines).toEqual([
      expect.objectContaining({ name: 'region', status: 'ready' }),
      expect.objectContaining({ name: 'credentials', status: 'to do', blocking: true }),
    ]);
    expect(lines[1]!.message).toMatch(/aws configure/);
    expect(cloudFormation.calls()).toHaveLength(0);
  });

  it('asks for a region when none is set, before calling anything', async () => {
    const lines = await runDeployChecks(settings, clients(null));
    expect(lines).toEqual([
      expect.objectContaining({ name: 'region', status: 'to do', blocking: true }),
    ]);
    expect(sts.calls()).toHaveLength(0);
  });

  it('names the bootstrap command of a region without the CDK toolkit stack', async () => {
    cloudFormation.on(DescribeStacksCommand).rejects(
      new CloudFormationServiceException({
        name: 'ValidationError',
        $fault: 'client',
        $metadata: {},
        message: `Stack with id ${BOOTSTRAP_STACK_NAME} does not exist`,
      }),
    );
    const lines = await runDeployChecks(settings, clients());
    expect(lineOf(lines, 'bootstrap (eu-west-1)')).toMatchObject({
      status: 'to do',
      blocking: true,
      message: expect.stringContaining(`npx cdk bootstrap aws://${ACCOUNT}/eu-west-1`) as unknown,
    });
    expect(lineOf(lines, 'bootstrap (us-east-1)')?.message).toContain(`aws://${ACCOUNT}/us-east-1`);
  });

  it('checks us-east-1 only when a stack goes there', async () => {
    const lines = await runDeployChecks({ ...settings, usesUsEast1: false }, clients());
    expect(lineOf(lines, 'bootstrap (us-east-1)')).toBeUndefined();
  });

  it('says the account is in the SES sandbox and how to leave it', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    const lines = await runDeployChecks(settings, clients());
    expect(lineOf(lines, 'SES sending')).toMatchObject({
      status: 'to do',
      blocking: false,
      message: expect.stringMatching(/SES sandbox.*Leaving the SES sandbox/) as unknown,
    });
  });

  it('says when sending is paused', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: false });
    const lines = await runDeployChecks(settings, clients());
    expect(lineOf(lines, 'SES sending')?.message).toMatch(/paused/);
  });

  it('says a sender identity not created yet is created by the deploy', async () => {
    ses
      .on(GetEmailIdentityCommand)
      .rejects(new NotFoundException({ $metadata: {}, message: 'not found' }));
    const lines = await runDeployChecks(settings, clients());
    expect(lineOf(lines, 'SES identity')).toMatchObject({
      status: 'to do',
      message: expect.stringContaining('npm run deploy` creates it') as unknown,
    });
  });

  it('says an identity waits for its DKIM records', async () => {
    ses.on(GetEmailIdentityCommand).resolves({
      VerifiedForSendingStatus: false,
      DkimAttributes: { Status: 'PENDING' },
    });
    const lines = await runDeployChecks(settings, clients());
    expect(lineOf(lines, 'SES identity')?.message).toMatch(/not verified yet \(DKIM PENDING\)/);
  });

  it('asks for emailFrom when no sender is set', async () => {
    const lines = await runDeployChecks({ ...settings, senderAddress: '' }, clients());
    expect(lineOf(lines, 'SES identity')?.message).toContain('-c emailFrom=');
    expect(ses.commandCalls(GetEmailIdentityCommand)).toHaveLength(0);
  });

  it('names each missing secret parameter with the command that puts it', async () => {
    ssm
      .on(GetParameterCommand, { Name: GOOGLE_SECRET })
      .rejects(new ParameterNotFound({ $metadata: {}, message: 'not found' }));
    const lines = await runDeployChecks(settings, clients());
    expect(lineOf(lines, `parameter ${STRIPE_KEY}`)?.status).toBe('ready');
    expect(lineOf(lines, `parameter ${GOOGLE_SECRET}`)).toMatchObject({
      status: 'to do',
      blocking: true,
      message: expect.stringContaining(
        `aws ssm put-parameter --type SecureString --name ${GOOGLE_SECRET}`,
      ) as unknown,
    });
  });
});

describe('deploy:check context', () => {
  it('reads -c and --context values', () => {
    expect(contextArguments(['-c', 'emailFrom=a@b.co', '--context=domainName=app.b.co'])).toEqual({
      emailFrom: 'a@b.co',
      domainName: 'app.b.co',
    });
  });

  it('checks the parameters the context names, and us-east-1 for a certificate made by the stacks', () => {
    expect(deploySettingsOf({})).toEqual({ senderAddress: '', usesUsEast1: false, parameters: [] });
    const configured = deploySettingsOf({
      emailFrom: 'Expiry Radar <alerts@example.com>',
      googleClientId: 'client.apps.googleusercontent.com',
      domainName: 'app.example.com',
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'example.com',
    });
    expect(configured).toEqual({
      senderAddress: 'alerts@example.com',
      usesUsEast1: true,
      parameters: [{ name: GOOGLE_SECRET, purpose: 'Google client secret' }],
    });
  });
});
