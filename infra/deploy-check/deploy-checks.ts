/**
 * What `npm run deploy:check` looks at before a deploy: the account behind the credentials, the
 * region, the CDK bootstrap stack (in us-east-1 too when a stack goes there), SES (the sender's
 * identity and whether the account is still in the SES sandbox) and the SSM parameters the
 * context names. Each check answers "ready" or "to do" with what to do; a blocking one fails
 * the deploy for sure, the others leave a deploy that works but mails less than it should.
 */
import {
  CloudFormationClient,
  DescribeStacksCommand,
  type Stack as CfnStack,
} from '@aws-sdk/client-cloudformation';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { senderDomain } from '../stacks/email-stack';

export const BOOTSTRAP_STACK_NAME = 'CDKToolkit';

export interface CheckLine {
  readonly name: string;
  readonly status: 'ready' | 'to do';
  readonly message: string;
  /** A deploy without it fails (credentials, region, bootstrap, a missing secret parameter). */
  readonly blocking: boolean;
}

/** What the checks need from the CDK context (read by deploy-check.ts). */
export interface DeploySettings {
  /** The sender's address; empty: the functions' default sender. */
  readonly senderAddress: string;
  /** A stack goes to us-east-1 (WAF, or the certificate made by the stacks). */
  readonly usesUsEast1: boolean;
  /** SSM parameters the deployment reads, each with what it is (`Stripe secret key`). */
  readonly parameters: readonly { readonly name: string; readonly purpose: string }[];
}

export interface DeployCheckClients {
  readonly sts: STSClient;
  readonly cloudFormation: (region: string) => CloudFormationClient;
  readonly ses: SESv2Client;
  readonly ssm: SSMClient;
  /** The region the clients use (AWS_REGION or the profile's); undefined when none is set. */
  readonly region: () => Promise<string | undefined>;
}

export function defaultClients(): DeployCheckClients {
  const sts = new STSClient({});
  return {
    sts,
    cloudFormation: (region) => new CloudFormationClient({ region }),
    ses: new SESv2Client({}),
    ssm: new SSMClient({}),
    region: () =>
      sts.config.region().then(
        (region) => region || undefined,
        () => undefined,
      ),
  };
}

const ready = (name: string, message: string): CheckLine => ({
  name,
  status: 'ready',
  message,
  blocking: false,
});
const needsAction = (name: string, message: string, blocking: boolean): CheckLine => ({
  name,
  status: 'to do',
  message,
  blocking,
});

function errorName(error: unknown): string {
  return (error as { name?: string }).name ?? '';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const COMPLETE = /^(CREATE|UPDATE|IMPORT)_COMPLETE$|^UPDATE_ROLLBACK_COMPLETE$/;

async function bootstrapCheck(
  clients: DeployCheckClients,
  account: string,
  region: string,
): Promise<CheckLine> {
  const name = `bootstrap (${region})`;
  const bootstrap = `run \`npx cdk bootstrap aws://${account}/${region}\``;
  let stack: CfnStack | undefined;
  try {
    const { Stacks } = await clients
      .cloudFormation(region)
      .send(new DescribeStacksCommand({ StackName: BOOTSTRAP_STACK_NAME }));
    stack = Stacks?.[0];
  } catch (error) {
    if (errorName(error) === 'ValidationError') {
      return needsAction(name, `no ${BOOTSTRAP_STACK_NAME} stack: ${bootstrap}`, true);
    }
    return needsAction(
      name,
      `${BOOTSTRAP_STACK_NAME} could not be read: ${errorMessage(error)}`,
      true,
    );
  }
  const status = stack?.StackStatus ?? 'missing';
  if (!COMPLETE.test(status)) {
    return needsAction(name, `${BOOTSTRAP_STACK_NAME} is ${status}: ${bootstrap} again`, true);
  }
  const version = stack?.Outputs?.find((output) => output.OutputKey === 'BootstrapVersion');
  return ready(
    name,
    `${BOOTSTRAP_STACK_NAME} ${status}${version?.OutputValue ? `, version ${version.OutputValue}` : ''}`,
  );
}

async function sesAccountCheck(clients: DeployCheckClients): Promise<CheckLine> {
  const name = 'SES sending';
  try {
    const account = await clients.ses.send(new GetAccountCommand({}));
    if (account.SendingEnabled === false) {
      return needsAction(
        name,
        'SES sending is paused for this account in this region: see the SES console (Reputation metrics) and AWS support',
        false,
      );
    }
    if (!account.ProductionAccessEnabled) {
      return needsAction(
        name,
        'the account is in the SES sandbox: it mails only verified addresses (200 a day). Request production access (docs/deploy.md, "Leaving the SES sandbox")',
        false,
      );
    }
    const quota = account.SendQuota?.Max24HourSend;
    return ready(name, `production access${quota ? `, ${quota} emails a day` : ''}`);
  } catch (error) {
    return needsAction(name, `SES could not be read: ${errorMessage(error)}`, false);
  }
}

async function sesIdentityCheck(
  clients: DeployCheckClients,
  senderAddress: string,
): Promise<CheckLine> {
  const name = 'SES identity';
  if (!senderAddress) {
    return needsAction(
      name,
      'no sender: set `-c emailFrom="Expiry Radar <alerts@your-domain>"` (the default sender cannot be verified; the email stack then creates the identity)',
      false,
    );
  }
  let domain: string;
  try {
    domain = senderDomain(senderAddress);
  } catch (error) {
    return needsAction(name, errorMessage(error), true);
  }
  try {
    const identity = await clients.ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }));
    if (identity.VerifiedForSendingStatus) return ready(name, `${domain} verified for sending`);
    return needsAction(
      name,
      `${domain} is not verified yet (DKIM ${identity.DkimAttributes?.Status ?? 'unknown'}): the DKIM CNAME records must be in its DNS (Route 53 with hostedZoneId, else the email stack's outputs)`,
      false,
    );
  } catch (error) {
    if (errorName(error) === 'NotFoundException') {
      return needsAction(
        name,
        `${domain} is no SES identity yet: \`npm run deploy\` creates it (its DKIM records too with hostedZoneId); verification then takes minutes to hours`,
        false,
      );
    }
    return needsAction(name, `${domain} could not be read: ${errorMessage(error)}`, false);
  }
}

async function parameterCheck(
  clients: DeployCheckClients,
  parameter: DeploySettings['parameters'][number],
): Promise<CheckLine> {
  const name = `parameter ${parameter.name}`;
  try {
    await clients.ssm.send(new GetParameterCommand({ Name: parameter.name }));
    return ready(name, `${parameter.purpose} present`);
  } catch (error) {
    if (errorName(error) === 'ParameterNotFound') {
      return needsAction(
        name,
        `${parameter.purpose} missing: \`aws ssm put-parameter --type SecureString --name ${parameter.name} --value <value>\``,
        true,
      );
    }
    return needsAction(name, `could not be read: ${errorMessage(error)}`, true);
  }
}

export async function runDeployChecks(
  settings: DeploySettings,
  clients: DeployCheckClients,
): Promise<CheckLine[]> {
  // Every call below is made in a region, STS's too.
  const region = await clients.region();
  if (!region) {
    return [needsAction('region', "no region: set AWS_REGION or the profile's region", true)];
  }
  const lines: CheckLine[] = [ready('region', region)];
  let account: string;
  let caller: string;
  try {
    const identity = await clients.sts.send(new GetCallerIdentityCommand({}));
    account = identity.Account ?? '';
    caller = identity.Arn ?? '';
    if (!account) throw new Error('STS named no account');
  } catch (error) {
    lines.push(
      needsAction(
        'credentials',
        `no usable AWS credentials (${errorMessage(error)}): \`aws configure\`, \`aws sso login\` or AWS_PROFILE`,
        true,
      ),
    );
    return lines;
  }
  lines.push(ready('credentials', `account ${account} as ${caller}`));
  lines.push(await bootstrapCheck(clients, account, region));
  if (settings.usesUsEast1 && region !== 'us-east-1') {
    lines.push(await bootstrapCheck(clients, account, 'us-east-1'));
  }
  lines.push(await sesAccountCheck(clients));
  lines.push(await sesIdentityCheck(clients, settings.senderAddress));
  for (const parameter of settings.parameters) {
    lines.push(await parameterCheck(clients, parameter));
  }
  return lines;
}

/** One line a check: `ready  name: message` or `to do  name: message`. */
export function formatCheckLines(lines: readonly CheckLine[]): string {
  return lines
    .map((line) => `${line.status === 'ready' ? 'ready' : 'to do'}  ${line.name}: ${line.message}`)
    .join('\n');
}
